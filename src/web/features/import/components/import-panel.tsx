import { CheckCircle2, ChevronDown } from "lucide-react";
import { type ReactNode, useEffect, useId, useRef, useState } from "react";
import { Button } from "@/components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card.tsx";
import { Checkbox } from "@/components/ui/checkbox.tsx";
import { InputField } from "@/components/ui/form-field.tsx";
import { Label } from "@/components/ui/label.tsx";
import { RadioGroup, RadioGroupItem } from "@/components/ui/radio-group.tsx";
import { unreadableMessage } from "@/lib/form-errors.ts";
import { defaultIntervalsFor } from "../../../../shared/domain/service-intervals.ts";
import { ReviewTable } from "./review-table.tsx";
import type { useImportFlow } from "./use-import-flow.ts";

/** Open state a page may hold itself (the bicycle page's checklist opens the panels). */
export interface PanelOpenState {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Opened from elsewhere on the page: scroll to the panel and put the keyboard in its first field. */
  revealOnOpen?: boolean;
}

/** A collapsible import panel: its own entry step, then the shared review and imported steps. */
export function ImportPanel({
  title,
  description,
  flow,
  children,
  openState,
}: {
  title: string;
  description: string;
  flow: ReturnType<typeof useImportFlow>;
  children: ReactNode;
  openState?: PanelOpenState;
}) {
  const [ownOpen, setOwnOpen] = useState(false);
  const open = openState?.open ?? ownOpen;
  const setOpen = openState?.onOpenChange ?? setOwnOpen;
  const contentId = `${title.replace(/\W+/g, "-").toLowerCase()}-panel`;
  const card = useRef<HTMLDivElement>(null);
  const reveal = open && !!openState?.revealOnOpen;
  // Once the panel is there: it may mount only after its script and its tab have loaded, well after the
  // click that opened it, so this cannot be done from that click.
  useEffect(() => {
    if (!reveal) return;
    card.current?.scrollIntoView({ behavior: "smooth", block: "start" });
    card.current?.querySelector<HTMLElement>("textarea, input")?.focus({ preventScroll: true });
  }, [reveal]);
  return (
    <Card className="gap-3" id={`${contentId}-card`} ref={card}>
      <CardHeader>
        <button
          type="button"
          className="flex w-full items-start justify-between gap-4 rounded-md text-left focus-visible:ring-[3px] focus-visible:ring-ring/60 focus-visible:outline-none"
          aria-expanded={open}
          aria-controls={contentId}
          onClick={() => setOpen(!open)}
        >
          <span className="grid gap-1.5">
            <CardTitle as="h2">{title}</CardTitle>
            <CardDescription>{description}</CardDescription>
          </span>
          <ChevronDown
            className={`mt-1 size-4 shrink-0 transition-transform ${open ? "rotate-180" : ""}`}
            aria-hidden="true"
          />
        </button>
      </CardHeader>
      {open ? (
        <CardContent id={contentId} className="grid gap-4">
          {flow.step === "enter" ? children : null}
          {flow.step === "review" ? (
            <>
              <p className="text-sm text-muted-foreground">
                Check the components found: edit a name, type or brand, or remove a row.
                {flow.bicycle ? "" : " They go to your parts bin."}
              </p>
              <ReviewTable rows={flow.rows} onChange={flow.setRows} showIntervals={flow.addIntervals} />
              <IntervalsChoice flow={flow} />
              {flow.bicycle ? <DestinationChoice flow={flow} bicycleName={flow.bicycle.name} /> : null}
              {flow.bicycle && flow.destination === "bicycle" ? <InstalledOn flow={flow} /> : null}
              <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
                <Button variant="outline" onClick={flow.restart}>
                  Start over
                </Button>
                <Button onClick={() => void flow.importRows()} disabled={flow.saving}>
                  {flow.saving ? "Importing..." : `Import Components (${flow.rows.length})`}
                </Button>
              </div>
            </>
          ) : null}
          {flow.step === "imported" ? (
            <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg border bg-muted/30 p-4">
              <p className="flex items-center gap-2 text-sm">
                <CheckCircle2 className="size-4 text-primary" aria-hidden="true" />
                {flow.importedCount} {flow.importedCount === 1 ? "component" : "components"} added to{" "}
                {flow.importedTo ?? "your parts bin"}.
              </p>
              <Button variant="outline" size="sm" onClick={flow.restart}>
                Import more
              </Button>
            </div>
          ) : null}
        </CardContent>
      ) : null}
    </Card>
  );
}

/** Whether the parts get their suggested service intervals; shown when any part has a suggestion. */
function IntervalsChoice({ flow }: { flow: ReturnType<typeof useImportFlow> }) {
  const id = useId();
  const withSuggestions = flow.rows.filter(
    (row) => defaultIntervalsFor(row.type, row.name).length > 0,
  ).length;
  if (withSuggestions === 0) return null;
  return (
    <div className="flex items-start gap-2">
      <Checkbox
        id={`${id}-intervals`}
        className="mt-0.5"
        checked={flow.addIntervals}
        onCheckedChange={(checked) => flow.setAddIntervals(checked === true)}
        aria-describedby={`${id}-intervals-hint`}
      />
      <div className="grid gap-1">
        <Label htmlFor={`${id}-intervals`}>Add suggested service intervals</Label>
        <p id={`${id}-intervals-hint`} className="text-sm text-muted-foreground">
          {withSuggestions} of {flow.rows.length} {flow.rows.length === 1 ? "part has" : "parts have"} a
          suggestion; you can change them later on each part's page.
        </p>
      </div>
    </div>
  );
}

/** Where the reviewed parts go: the bicycle the panel was opened from (the default) or the parts bin. */
function DestinationChoice({
  flow,
  bicycleName,
}: {
  flow: ReturnType<typeof useImportFlow>;
  bicycleName: string;
}) {
  const id = useId();
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-2 text-sm font-medium">Put the imported parts on</legend>
      <RadioGroup
        className="flex flex-wrap gap-x-6 gap-y-2"
        value={flow.destination}
        onValueChange={(value) => flow.setDestination(value as typeof flow.destination)}
      >
        <div className="flex items-center gap-2">
          <RadioGroupItem id={`${id}-bicycle`} value="bicycle" />
          <Label htmlFor={`${id}-bicycle`}>This bicycle ({bicycleName})</Label>
        </div>
        <div className="flex items-center gap-2">
          <RadioGroupItem id={`${id}-parts-bin`} value="parts-bin" />
          <Label htmlFor={`${id}-parts-bin`}>Parts bin</Label>
        </div>
      </RadioGroup>
    </fieldset>
  );
}

/** When the parts going onto the bicycle were fitted: the bicycle's rides from that day wear them. */
function InstalledOn({ flow }: { flow: ReturnType<typeof useImportFlow> }) {
  const id = useId();
  return (
    <div className="sm:max-w-xs">
      <InputField
        id={`${id}-installed-on`}
        label="Installed on"
        type="date"
        max={flow.today}
        value={flow.installedOn}
        onChange={(event) => flow.setInstalledOn(event.target.value, unreadableMessage(event.target))}
        error={flow.installedOnError}
        hint="When they were fitted: rides on this bicycle from that day count towards their wear."
      />
    </div>
  );
}
