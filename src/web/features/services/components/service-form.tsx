import { zodResolver } from "@hookform/resolvers/zod";
import { format } from "date-fns";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Button } from "@/components/ui/button.tsx";
import { FormField } from "@/components/ui/form-field.tsx";
import { Input } from "@/components/ui/input.tsx";
import { applyServerFieldErrors } from "@/lib/form-errors.ts";
import type {
  ServiceEntry,
  ServiceEntryFormValues,
  ServiceEntryInput,
} from "../../../../shared/schemas/service-entry.ts";
import { serviceEntryInputSchema } from "../../../../shared/schemas/service-entry.ts";
import { ReceiptField } from "./receipt-field.tsx";

const fieldNames = ["date", "description", "cost", "receiptUrl"] as const;

export function ServiceForm({
  entry,
  onSave,
  onCancel,
}: {
  entry: ServiceEntry | null;
  onSave: (input: ServiceEntryInput) => Promise<unknown>;
  onCancel: () => void;
}) {
  const form = useForm<ServiceEntryFormValues, unknown, ServiceEntryInput>({
    resolver: zodResolver(serviceEntryInputSchema),
    defaultValues: {
      date: entry?.date ?? format(new Date(), "yyyy-MM-dd"),
      description: entry?.description ?? "",
      cost: entry ? String(entry.cost) : "",
      receiptUrl: entry?.receiptUrl ?? "",
    },
  });
  const { errors, isSubmitting } = form.formState;
  const [uploading, setUploading] = useState(false);
  const receiptUrl = form.watch("receiptUrl");
  const label = entry ? "Update Service Entry" : "Add Service Entry";

  const onSubmit = form.handleSubmit(async (input) => {
    try {
      await onSave(input);
    } catch (error) {
      applyServerFieldErrors(error, form.setError, fieldNames);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label={label}>
      <div className="grid gap-4 sm:grid-cols-[1fr_2fr_1fr]">
        <FormField id="service-date" label="Date" error={errors.date?.message}>
          <Input id="service-date" type="date" aria-invalid={!!errors.date} {...form.register("date")} />
        </FormField>
        <FormField id="service-description" label="Description" error={errors.description?.message}>
          <Input
            id="service-description"
            placeholder="e.g. Replaced brake pads"
            aria-invalid={!!errors.description}
            {...form.register("description")}
          />
        </FormField>
        <FormField id="service-cost" label="Cost ($)" error={errors.cost?.message}>
          <Input
            id="service-cost"
            type="number"
            inputMode="decimal"
            min="0"
            step="0.01"
            aria-invalid={!!errors.cost}
            {...form.register("cost")}
          />
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
