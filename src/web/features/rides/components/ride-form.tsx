import { zodResolver } from "@hookform/resolvers/zod";
import { format } from "date-fns";
import { useMemo } from "react";
import { useForm } from "react-hook-form";
import { Button } from "@/components/ui/button.tsx";
import { FormField, InputField } from "@/components/ui/form-field.tsx";
import { NativeSelect } from "@/components/ui/native-select.tsx";
import { useBicycles } from "@/features/bicycles/api.ts";
import { ApiError } from "@/lib/api-client.ts";
import { changedFields } from "@/lib/form-changes.ts";
import { submitWhenReadable } from "@/lib/form-errors.ts";
import { useDistanceUnit } from "@/lib/settings.ts";
import { useUnsavedChanges } from "@/lib/unsaved-changes.ts";
import {
  type DistanceUnit,
  elevationUnit,
  fromKm,
  fromMetres,
  toKm,
  toMetres,
} from "../../../../shared/domain/distance.ts";
import {
  type Ride,
  type RideChanges,
  type RideForm as RideFormOutput,
  type RideFormValues,
  type RideInput,
  rideFormSchema,
} from "../../../../shared/schemas/ride.ts";

/** Which form field shows each of the API's field errors. */
const serverFields = {
  name: "name",
  bicycleId: "bicycleId",
  startedAt: "date",
  distanceKm: "distance",
  movingSeconds: "hours",
  elevationGainM: "elevation",
} as const;

/** A ride as the form shows it: distance in the user's unit to one decimal, the start to the minute. */
function formValues(ride: Ride | undefined, unit: DistanceUnit): RideFormValues {
  const started = ride ? new Date(ride.startedAt) : new Date();
  return {
    name: ride?.name ?? "",
    ...(ride ? { bicycleId: ride.bicycleId } : {}),
    date: format(started, "yyyy-MM-dd"),
    time: format(started, "HH:mm"),
    distance: ride ? String(fromKm(ride.distanceKm, unit)) : "",
    hours: ride ? String(Math.floor(ride.movingSeconds / 3600)) : "",
    minutes: ride ? String(Math.floor((ride.movingSeconds % 3600) / 60)) : "",
    elevation: ride?.elevationGainM === null || !ride ? "" : String(fromMetres(ride.elevationGainM, unit)),
  };
}

/**
 * What the form saves: the whole ride (to add one) and what an edit sends, only the fields the rider changed
 * from what the form showed (decision 0057). A figure left as shown keeps the ride's own (a file's 42.195 km
 * and 5025 s), so that renaming a ride never rounds its distance, time or start.
 */
function toInput(
  values: RideFormOutput,
  unit: DistanceUnit,
  ride?: Ride,
): { input: RideInput; changes: RideChanges } {
  const shown = ride ? rideFormSchema(unit).parse(formValues(ride, unit)) : undefined;
  const same = <K extends keyof RideFormOutput>(...keys: K[]) =>
    !!shown && keys.every((k) => shown[k] === values[k]);
  const input: RideInput = {
    name: values.name,
    // The date and time as typed are the rider's local time.
    startedAt:
      ride && same("date", "time") ? ride.startedAt : new Date(`${values.date}T${values.time}`).toISOString(),
    distanceKm: ride && same("distance") ? ride.distanceKm : toKm(values.distance, unit, 3),
    movingSeconds:
      ride && same("hours", "minutes") ? ride.movingSeconds : values.hours * 3600 + values.minutes * 60,
    elevationGainM:
      ride && same("elevation")
        ? ride.elevationGainM
        : values.elevation === null
          ? null
          : toMetres(values.elevation, unit),
  };
  const changed = {
    name: !same("name"),
    startedAt: !same("date", "time"),
    distanceKm: !same("distance"),
    movingSeconds: !same("hours", "minutes"),
    elevationGainM: !same("elevation"),
  };
  // Moved: the ride's distance leaves the old bicycle's parts for those on the chosen one (decision 0080).
  const moved = !!ride && !!values.bicycleId && values.bicycleId !== ride.bicycleId;
  return {
    input,
    changes: { ...changedFields(input, changed), ...(moved ? { bicycleId: values.bicycleId } : {}) },
  };
}

/** Adds or edits a ride by hand; distance in the user's unit. */
export function RideForm({
  ride,
  onSave,
  onCancel,
}: {
  ride?: Ride;
  /** `changes`: only what the rider changed (an edit sends these). */
  onSave: (input: RideInput, changes: RideChanges) => Promise<unknown>;
  onCancel: () => void;
}) {
  const unit = useDistanceUnit();
  // An edit can move the ride to another bicycle, offered when there is another to move it to.
  const bicycles = useBicycles(!!ride);
  const byName = [...(bicycles.data ?? [])].sort((a, b) => a.name.localeCompare(b.name));
  const schema = useMemo(() => rideFormSchema(unit), [unit]);
  const form = useForm<RideFormValues, unknown, RideFormOutput>({
    resolver: zodResolver(schema),
    defaultValues: formValues(ride, unit),
  });
  const unsaved = useUnsavedChanges(form.formState.isDirty);
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const { input, changes } = toInput(values, unit, ride);
      await onSave(input, changes);
    } catch (error) {
      if (!(error instanceof ApiError) || !error.fields) return;
      for (const [field, target] of Object.entries(serverFields)) {
        const message = error.fields[field];
        if (message) form.setError(target, { message });
      }
    }
  });
  const label = ride ? "Save Ride" : "Add Ride";
  return (
    <form
      onSubmit={submitWhenReadable(form, onSubmit)}
      noValidate
      className="grid gap-4"
      aria-label={label}
      {...unsaved}
    >
      <InputField
        id="ride-name"
        label="Name"
        error={errors.name?.message}
        placeholder="e.g. Morning loop"
        {...form.register("name")}
      />
      {ride && byName.length > 1 ? (
        <FormField id="ride-bicycle" label="Bicycle" error={errors.bicycleId?.message}>
          <NativeSelect id="ride-bicycle" {...form.register("bicycleId")}>
            {byName.map((bicycle) => (
              <option key={bicycle.id} value={bicycle.id}>
                {bicycle.name}
              </option>
            ))}
          </NativeSelect>
        </FormField>
      ) : null}
      {/* Side by side from 640 px: on a phone a date field needs the whole width for its calendar button. */}
      <div className="grid gap-4 sm:grid-cols-2">
        <InputField
          id="ride-date"
          label="Date"
          type="date"
          error={errors.date?.message}
          {...form.register("date")}
        />
        <InputField
          id="ride-time"
          label="Start time"
          type="time"
          error={errors.time?.message}
          {...form.register("time")}
        />
      </div>
      <div className="grid grid-cols-2 gap-4">
        <InputField
          id="ride-distance"
          label={`Distance (${unit})`}
          inputMode="decimal"
          error={errors.distance?.message}
          {...form.register("distance")}
        />
        <InputField
          id="ride-elevation"
          label={`Elevation gain (${elevationUnit(unit)})`}
          inputMode="numeric"
          error={errors.elevation?.message}
          {...form.register("elevation")}
        />
      </div>
      <fieldset className="grid gap-2">
        <legend className="text-sm font-medium">Moving time</legend>
        <div className="grid grid-cols-2 gap-4">
          <InputField
            id="ride-hours"
            label="Hours"
            inputMode="numeric"
            error={errors.hours?.message}
            {...form.register("hours")}
          />
          <InputField
            id="ride-minutes"
            label="Minutes"
            inputMode="numeric"
            error={errors.minutes?.message}
            {...form.register("minutes")}
          />
        </div>
      </fieldset>
      <div className="flex justify-end gap-2">
        <Button type="button" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? "Saving..." : label}
        </Button>
      </div>
    </form>
  );
}
