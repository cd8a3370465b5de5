import { useId } from "react";
import { Checkbox } from "@/components/ui/checkbox.tsx";
import { Label } from "@/components/ui/label.tsx";
import { useDistanceUnit } from "@/lib/settings.ts";
import type { DefaultInterval } from "../../../../shared/domain/service-intervals.ts";
import { describeRule } from "./interval-status.tsx";

/**
 * The suggested service intervals for a part being added, each ticked unless the rider unticks it; nothing
 * shows when the part's type and name suggest none.
 */
export function SuggestedIntervals({
  suggestions,
  unticked,
  onToggle,
}: {
  suggestions: DefaultInterval[];
  unticked: ReadonlySet<string>;
  onToggle: (label: string, ticked: boolean) => void;
}) {
  const unit = useDistanceUnit();
  const id = useId();
  if (suggestions.length === 0) return null;
  return (
    <fieldset className="grid gap-2 rounded-md border p-3">
      <legend className="px-1 text-sm font-medium">Service intervals</legend>
      <p className="text-sm text-muted-foreground">
        Suggested for this part; you can change them later on its page.
      </p>
      {suggestions.map((interval, index) => (
        <div key={interval.label} className="flex items-start gap-2">
          <Checkbox
            id={`${id}-${index}`}
            className="mt-0.5"
            checked={!unticked.has(interval.label)}
            onCheckedChange={(checked) => onToggle(interval.label, checked === true)}
          />
          <Label htmlFor={`${id}-${index}`} className="font-normal leading-snug">
            {interval.label} <span className="text-muted-foreground">· {describeRule(interval, unit)}</span>
          </Label>
        </div>
      ))}
    </fieldset>
  );
}
