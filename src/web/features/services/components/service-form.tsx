import { zodResolver } from "@hookform/resolvers/zod";
import { format } from "date-fns";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { Button } from "@/components/ui/button.tsx";
import { Checkbox } from "@/components/ui/checkbox.tsx";
import { FormField } from "@/components/ui/form-field.tsx";
import { Input } from "@/components/ui/input.tsx";
import { Label } from "@/components/ui/label.tsx";
import { changedFields } from "@/lib/form-changes.ts";
import { applyServerFieldErrors, submitWhenReadable } from "@/lib/form-errors.ts";
import { useUnsavedChanges } from "@/lib/unsaved-changes.ts";
import type {
  ServiceEntry,
  ServiceEntryChanges,
  ServiceEntryFormValues,
  ServiceEntryInput,
} from "../../../../shared/schemas/service-entry.ts";
import { serviceEntryInputSchema } from "../../../../shared/schemas/service-entry.ts";
import type { ServiceInterval } from "../../../../shared/schemas/service-interval.ts";
import { ReceiptField } from "./receipt-field.tsx";

const fieldNames = ["date", "description", "cost", "receiptUrl", "resetsIntervalIds"] as const;

export function ServiceForm({
  entry,
  intervals = [],
  onSave,
  onCancel,
}: {
  entry: (ServiceEntry & { resetsIntervalIds?: string[] }) | null;
  /** The component's intervals: the entry can reset them (a new one ticks the only interval). */
  intervals?: Pick<ServiceInterval, "id" | "label">[];
  /** `changes`: only what the rider changed (an edit sends these). */
  onSave: (input: ServiceEntryInput, changes: ServiceEntryChanges) => Promise<unknown>;
  onCancel: () => void;
}) {
  const form = useForm<ServiceEntryFormValues, unknown, ServiceEntryInput>({
    resolver: zodResolver(serviceEntryInputSchema),
    defaultValues: {
      date: entry?.date ?? format(new Date(), "yyyy-MM-dd"),
      description: entry?.description ?? "",
      cost: entry ? String(entry.cost) : "",
      receiptUrl: entry?.receiptUrl ?? "",
      resetsIntervalIds: entry
        ? (entry.resetsIntervalIds ?? [])
        : intervals.length === 1
          ? [intervals[0]!.id]
          : [],
    },
  });
  const unsaved = useUnsavedChanges(form.formState.isDirty);
  const { errors, isSubmitting } = form.formState;
  const [uploading, setUploading] = useState(false);
  const receiptUrl = form.watch("receiptUrl");
  const resets = (form.watch("resetsIntervalIds") as string[] | null | undefined) ?? [];
  const label = entry ? "Update Service Entry" : "Add Service Entry";
  // It opens in the page at a button's press: the keyboard goes on in its first field.
  useEffect(() => form.setFocus("date"), [form]);

  const onSubmit = form.handleSubmit(async (input) => {
    try {
      await onSave(input, changedFields(input, form.formState.dirtyFields));
    } catch (error) {
      applyServerFieldErrors(error, form.setError, fieldNames);
    }
  });

  return (
    <form
      onSubmit={submitWhenReadable(form, onSubmit)}
      noValidate
      className="grid gap-4"
      aria-label={label}
      {...unsaved}
    >
      <div className="grid gap-4 sm:grid-cols-[1fr_2fr_1fr]">
        <FormField id="service-date" label="Date" error={errors.date?.message}>
          <Input id="service-date" type="date" {...form.register("date")} />
        </FormField>
        <FormField id="service-description" label="Description" error={errors.description?.message}>
          <Input
            id="service-description"
            placeholder="e.g. Replaced brake pads"
            {...form.register("description")}
          />
        </FormField>
        <FormField id="service-cost" label="Cost ($)" error={errors.cost?.message}>
          <Input id="service-cost" inputMode="decimal" autoComplete="off" {...form.register("cost")} />
        </FormField>
      </div>
      <ReceiptField
        value={typeof receiptUrl === "string" ? receiptUrl : ""}
        onChange={(url) =>
          form.setValue("receiptUrl", url, { shouldDirty: true, shouldValidate: !!errors.receiptUrl })
        }
        error={errors.receiptUrl?.message}
        onBusyChange={setUploading}
      />
      {intervals.length > 0 ? (
        <fieldset className="grid gap-2">
          <legend className="mb-1 text-sm font-medium">Resets intervals</legend>
          {intervals.map((interval) => (
            <div key={interval.id} className="flex items-center gap-2">
              <Checkbox
                id={`resets-${interval.id}`}
                checked={resets.includes(interval.id)}
                onCheckedChange={(checked) =>
                  form.setValue(
                    "resetsIntervalIds",
                    checked ? [...resets, interval.id] : resets.filter((id) => id !== interval.id),
                    { shouldDirty: true },
                  )
                }
              />
              <Label htmlFor={`resets-${interval.id}`} className="font-normal">
                {interval.label}
              </Label>
            </div>
          ))}
          {errors.resetsIntervalIds ? (
            <p className="text-sm text-destructive" role="alert">
              {errors.resetsIntervalIds.message}
            </p>
          ) : null}
        </fieldset>
      ) : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={isSubmitting || uploading}>
          {isSubmitting ? "Saving..." : label}
        </Button>
      </div>
    </form>
  );
}
