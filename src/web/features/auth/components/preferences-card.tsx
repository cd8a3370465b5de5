import { useState } from "react";
import { LinesSkeleton } from "@/components/skeletons.tsx";
import { Button } from "@/components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card.tsx";
import { InputField } from "@/components/ui/form-field.tsx";
import { Label } from "@/components/ui/label.tsx";
import { RadioGroup, RadioGroupItem } from "@/components/ui/radio-group.tsx";
import { showError } from "@/lib/error-handler.ts";
import { useDistanceUnit, useSaveSettings, useSettings } from "@/lib/settings.ts";
import { toast } from "@/lib/toaster.ts";
import type { DistanceUnit } from "../../../../shared/domain/distance.ts";
import { settingsInputSchema } from "../../../../shared/schemas/settings.ts";

const choices: { value: DistanceUnit; label: string }[] = [
  { value: "km", label: "Kilometres (km)" },
  { value: "mi", label: "Miles (mi)" },
];

/** The distance unit every screen (and new share links) uses for mileage. */
export function PreferencesCard() {
  const settings = useSettings();
  const unit = useDistanceUnit();
  const save = useSaveSettings();
  // Shown at once while it saves; forgotten if the save fails.
  const [choice, setChoice] = useState<DistanceUnit | null>(null);
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Preferences</CardTitle>
        <CardDescription>Mileage is shown and entered in this unit, and share links use it.</CardDescription>
      </CardHeader>
      <CardContent>
        {settings.isPending ? (
          <LinesSkeleton label="Loading preferences..." lines={2} />
        ) : (
          <fieldset>
            <legend className="mb-3 text-sm font-medium">Distance unit</legend>
            <RadioGroup
              value={choice ?? unit}
              onValueChange={(value) => {
                setChoice(value as DistanceUnit);
                save.mutate(
                  { distanceUnit: value as DistanceUnit },
                  {
                    onSuccess: () => toast.success("Settings saved"),
                    onError: (error) => {
                      setChoice(null);
                      showError(error);
                    },
                  },
                );
              }}
            >
              {choices.map(({ value, label }) => (
                <div key={value} className="flex items-center gap-2">
                  <RadioGroupItem id={`unit-${value}`} value={value} />
                  <Label htmlFor={`unit-${value}`}>{label}</Label>
                </div>
              ))}
            </RadioGroup>
          </fieldset>
        )}
        {settings.data ? <DueSoonSetting percent={settings.data.dueSoonPercent} /> : null}
      </CardContent>
    </Card>
  );
}

/** From what share of a service interval used it shows as "due soon". */
function DueSoonSetting({ percent }: { percent: number }) {
  const save = useSaveSettings();
  const [value, setValue] = useState(String(percent));
  const [error, setError] = useState<string | undefined>();
  // The stored value can change under the field (an imported archive brings its own): show the new one.
  const [shown, setShown] = useState(percent);
  if (percent !== shown) {
    setShown(percent);
    setValue(String(percent));
  }
  return (
    <form
      className="mt-6 flex flex-wrap items-end gap-2"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const parsed = settingsInputSchema.shape.dueSoonPercent.safeParse(value === "" ? NaN : Number(value));
        if (!parsed.success || parsed.data === undefined) {
          setError(parsed.error?.issues[0]?.message);
          return;
        }
        setError(undefined);
        save.mutate(
          { dueSoonPercent: parsed.data },
          { onSuccess: () => toast.success("Settings saved"), onError: (e) => showError(e) },
        );
      }}
    >
      <div className="w-48">
        <InputField
          id="due-soon-percent"
          label="Due soon at (% of an interval)"
          type="number"
          inputMode="numeric"
          min="50"
          max="99"
          step="1"
          value={value}
          error={error}
          onChange={(event) => setValue(event.target.value)}
        />
      </div>
      <Button type="submit" variant="outline" disabled={save.isPending}>
        {save.isPending ? "Saving..." : "Save"}
      </Button>
    </form>
  );
}
