import { zodResolver } from "@hookform/resolvers/zod";
import { format } from "date-fns";
import { useEffect, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { z } from "zod";
import { Button } from "@/components/ui/button.tsx";
import { FormField, InputField } from "@/components/ui/form-field.tsx";
import { Input } from "@/components/ui/input.tsx";
import { NativeSelect } from "@/components/ui/native-select.tsx";
import { Textarea } from "@/components/ui/textarea.tsx";
import { SuggestedIntervals } from "@/features/intervals/components/suggested-intervals.tsx";
import { PhotoField } from "@/features/uploads/photo-field.tsx";
import { changedFields } from "@/lib/form-changes.ts";
import { applyServerFieldErrors, submitWhenReadable } from "@/lib/form-errors.ts";
import { useDistanceUnit } from "@/lib/settings.ts";
import { useUnsavedChanges } from "@/lib/unsaved-changes.ts";
import { COMPONENT_TYPES } from "../../../../shared/domain/component-types.ts";
import { fromKm, toKm } from "../../../../shared/domain/distance.ts";
import { defaultIntervalsFor } from "../../../../shared/domain/service-intervals.ts";
import { messages } from "../../../../shared/messages.ts";
import {
  type Component,
  type ComponentChanges,
  type ComponentFormValues,
  type ComponentInput,
  componentInputSchema,
} from "../../../../shared/schemas/component.ts";
import type { ServiceIntervalInput } from "../../../../shared/schemas/service-interval.ts";
import type { NewComponentInput } from "../api.ts";

const fieldNames = ["name", "type", "brand", "mileage", "notes", "imageUrl", "installedAt"] as const;

/**
 * The form's fields: a component's, and the install date a new part on a bicycle is asked for: not after the
 * rider's own today (the API checks it too, against the latest today on Earth).
 */
const formSchema = componentInputSchema.extend({
  installedAt: z
    .string()
    .default("")
    .refine(
      (date) => date === "" || date <= format(new Date(), "yyyy-MM-dd"),
      messages.components.installedAtInvalid,
    ),
});
type FormValues = ComponentFormValues & { installedAt?: string };
type FormOutput = ComponentInput & { installedAt: string };

const installedOnHint = "When it was fitted: rides on this bicycle from that day count towards its wear.";

/**
 * The add and edit form of a component (on a bicycle's page, the component's page and the parts bin). Adding
 * offers the suggested service intervals for the part's type and name, passed to `onSave` as ticked. Adding
 * onto a bicycle (`askInstalledOn`) also asks when the part was fitted, today by default: a past date counts
 * the bicycle's rides since that day (decision 0040), today's too (decision 0087): the ride logged after
 * adding the parts, started before they were saved, wears them.
 */
export function ComponentForm({
  idPrefix,
  component,
  submitLabel,
  askInstalledOn = false,
  onSave,
  onCancel,
}: {
  idPrefix: string;
  component?: Component;
  submitLabel: string;
  askInstalledOn?: boolean;
  /** `changes`: only what the rider changed (an edit sends these). */
  onSave: (
    input: NewComponentInput,
    intervals: ServiceIntervalInput[],
    changes: ComponentChanges,
  ) => Promise<unknown>;
  onCancel: () => void;
}) {
  // Mileage is typed in the user's unit and stored in km.
  const unit = useDistanceUnit();
  const [today] = useState(() => format(new Date(), "yyyy-MM-dd"));
  const installedOn = askInstalledOn && !component;
  const form = useForm<FormValues, unknown, FormOutput>({
    resolver: zodResolver(formSchema),
    defaultValues: {
      name: component?.name ?? "",
      type: (component?.type as ComponentInput["type"] | undefined) ?? ("" as ComponentInput["type"]),
      brand: component?.brand ?? "",
      mileage: component ? String(fromKm(component.mileage, unit)) : "",
      notes: component?.notes ?? "",
      imageUrl: component?.imageUrl ?? null,
      installedAt: today,
    },
  });
  const unsaved = useUnsavedChanges(form.formState.isDirty);
  const { errors, isSubmitting } = form.formState;
  // The form opens in the page at a button's press (Add Component, or Edit in a part's menu): the keyboard
  // goes on in its first field rather than in the list below.
  useEffect(() => form.setFocus("name"), [form]);
  const [uploading, setUploading] = useState(false);
  const id = (field: string) => `${idPrefix}-${field}`;
  const [name, type] = useWatch({ control: form.control, name: ["name", "type"] });
  const suggestions = component ? [] : defaultIntervalsFor(type, name);
  const [unticked, setUnticked] = useState<ReadonlySet<string>>(new Set());
  const toggle = (label: string, ticked: boolean) =>
    setUnticked((current) => {
      const next = new Set(current);
      if (ticked) next.delete(label);
      else next.add(label);
      return next;
    });

  const onSubmit = form.handleSubmit(async (input) => {
    try {
      const intervals = suggestions.filter((interval) => !unticked.has(interval.label));
      const { installedAt, ...fields } = input;
      const saved: NewComponentInput = { ...fields, mileage: toKm(input.mileage, unit) };
      if (installedOn) saved.installedAt = installedAt || null;
      const { installedAt: _, ...component } = saved;
      await onSave(saved, intervals, changedFields(component, form.formState.dirtyFields));
    } catch (error) {
      applyServerFieldErrors(error, form.setError, fieldNames);
    }
  });

  return (
    <form
      onSubmit={submitWhenReadable(form, onSubmit)}
      noValidate
      className="grid gap-4"
      aria-label={submitLabel}
      {...unsaved}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id={id("name")} label="Component name" error={errors.name?.message}>
          <Input id={id("name")} placeholder="e.g. Shimano XT M8100 chain" {...form.register("name")} />
        </FormField>
        <FormField id={id("type")} label="Type" error={errors.type?.message}>
          <NativeSelect id={id("type")} {...form.register("type")}>
            <option value="">Select a type</option>
            {COMPONENT_TYPES.map((type) => (
              <option key={type} value={type}>
                {type}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField id={id("brand")} label="Brand" error={errors.brand?.message}>
          <Input id={id("brand")} {...form.register("brand")} />
        </FormField>
        <FormField
          id={id("mileage")}
          label={`Distance before tracking (${unit})`}
          error={errors.mileage?.message}
        >
          <Input
            id={id("mileage")}
            inputMode="decimal"
            autoComplete="off"
            placeholder="0"
            {...form.register("mileage")}
          />
        </FormField>
        {installedOn ? (
          <InputField
            id={id("installed-at")}
            label="Installed on"
            type="date"
            max={today}
            error={errors.installedAt?.message}
            hint={installedOnHint}
            {...form.register("installedAt")}
          />
        ) : null}
      </div>
      <FormField id={id("notes")} label="Notes" error={errors.notes?.message}>
        <Textarea id={id("notes")} rows={3} {...form.register("notes")} />
      </FormField>
      <PhotoField
        control={form.control}
        name="imageUrl"
        id={id("image")}
        purpose="component-image"
        error={errors.imageUrl?.message}
        onBusyChange={setUploading}
      />
      <SuggestedIntervals suggestions={suggestions} unticked={unticked} onToggle={toggle} />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={isSubmitting || uploading}>
          {isSubmitting ? "Saving..." : submitLabel}
        </Button>
      </div>
    </form>
  );
}
