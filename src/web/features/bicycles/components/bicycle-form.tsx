import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { Button } from "@/components/ui/button.tsx";
import { FormField } from "@/components/ui/form-field.tsx";
import { Input } from "@/components/ui/input.tsx";
import { Label } from "@/components/ui/label.tsx";
import { RadioGroup, RadioGroupItem } from "@/components/ui/radio-group.tsx";
import { Textarea } from "@/components/ui/textarea.tsx";
import { PhotoField } from "@/features/uploads/photo-field.tsx";
import { changedFields } from "@/lib/form-changes.ts";
import { applyServerFieldErrors, submitWhenReadable } from "@/lib/form-errors.ts";
import { useUnsavedChanges } from "@/lib/unsaved-changes.ts";
import { trimText } from "../../../../shared/domain/text.ts";
import {
  type Bicycle,
  type BicycleChanges,
  type BicycleFormValues,
  type BicycleInput,
  bicycleInputSchema,
} from "../../../../shared/schemas/bicycle.ts";

function toFormValues(bicycle?: Bicycle): BicycleFormValues {
  return {
    name: bicycle?.name ?? "",
    description: bicycle?.description ?? "",
    purchaseDate: bicycle?.purchaseDate ?? "",
    price: bicycle?.price === null || bicycle?.price === undefined ? "" : String(bicycle.price),
    // A new bicycle is new unless said otherwise; an existing one keeps "not recorded" (null).
    purchaseCondition: bicycle ? bicycle.purchaseCondition : "new",
    storeName: bicycle?.storeName ?? "",
    serialNumber: bicycle?.serialNumber ?? "",
    storeLink: bicycle?.storeLink ?? "",
    imageUrl: bicycle?.imageUrl ?? null,
  };
}

const fieldNames = [
  "name",
  "description",
  "purchaseDate",
  "price",
  "purchaseCondition",
  "storeName",
  "serialNumber",
  "storeLink",
  "imageUrl",
] as const;

/**
 * The add form and the edit dialog's form. `onSave` rejects with the API's error; field errors from the
 * server are shown beside their fields, and what the user typed stays.
 */
export function BicycleForm({
  idPrefix,
  bicycle,
  submitLabel,
  onSave,
  onCancel,
  disableWhenNameBlank = false,
  focusPhoto = false,
}: {
  idPrefix: string;
  bicycle?: Bicycle;
  submitLabel: string;
  /** `changes`: only what the rider changed (an edit sends these). */
  onSave: (input: BicycleInput, changes: BicycleChanges) => Promise<unknown>;
  onCancel?: () => void;
  disableWhenNameBlank?: boolean;
  /** Opened to add a photo (the set-up checklist): the keyboard starts at the photo, not the name. */
  focusPhoto?: boolean;
}) {
  const form = useForm<BicycleFormValues, unknown, BicycleInput>({
    resolver: zodResolver(bicycleInputSchema),
    defaultValues: toFormValues(bicycle),
  });
  const unsaved = useUnsavedChanges(form.formState.isDirty);
  const { errors, isSubmitting } = form.formState;
  const [uploading, setUploading] = useState(false);
  const name = form.watch("name");
  const id = (field: string) => `${idPrefix}-${field}`;
  // It opens at a button's press (Add Bicycle, Edit): the keyboard goes on in its first field.
  useEffect(() => {
    if (!focusPhoto) form.setFocus("name");
  }, [form, focusPhoto]);

  const onSubmit = form.handleSubmit(async (input) => {
    try {
      await onSave(input, changedFields(input, form.formState.dirtyFields));
    } catch (error) {
      applyServerFieldErrors(error, form.setError, fieldNames);
    }
  });

  const saveDisabled = isSubmitting || uploading || (disableWhenNameBlank && !trimText(String(name ?? "")));

  return (
    <form onSubmit={submitWhenReadable(form, onSubmit)} noValidate className="grid gap-4" {...unsaved}>
      <FormField id={id("name")} label="Name" error={errors.name?.message}>
        <Input id={id("name")} placeholder="e.g. Trail hardtail" {...form.register("name")} />
      </FormField>
      <FormField id={id("description")} label="Description" error={errors.description?.message}>
        <Textarea id={id("description")} rows={3} {...form.register("description")} />
      </FormField>
      <PhotoField
        control={form.control}
        name="imageUrl"
        id={id("image")}
        purpose="bicycle-image"
        error={errors.imageUrl?.message}
        onBusyChange={setUploading}
        autoFocus={focusPhoto}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id={id("purchaseDate")} label="Purchase date" error={errors.purchaseDate?.message}>
          <Input id={id("purchaseDate")} type="date" {...form.register("purchaseDate")} />
        </FormField>
        <FormField id={id("price")} label="Price ($)" error={errors.price?.message}>
          <Input id={id("price")} inputMode="decimal" autoComplete="off" {...form.register("price")} />
        </FormField>
      </div>
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-medium">Condition</legend>
        <Controller
          control={form.control}
          name="purchaseCondition"
          render={({ field }) => (
            <RadioGroup
              className="flex gap-6"
              value={typeof field.value === "string" ? field.value : ""}
              onValueChange={field.onChange}
            >
              <div className="flex items-center gap-2">
                <RadioGroupItem id={id("condition-new")} value="new" />
                <Label htmlFor={id("condition-new")}>New</Label>
              </div>
              <div className="flex items-center gap-2">
                <RadioGroupItem id={id("condition-used")} value="used" />
                <Label htmlFor={id("condition-used")}>Used</Label>
              </div>
            </RadioGroup>
          )}
        />
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id={id("storeName")} label="Store name" error={errors.storeName?.message}>
          <Input id={id("storeName")} {...form.register("storeName")} />
        </FormField>
        <FormField id={id("serialNumber")} label="Serial number" error={errors.serialNumber?.message}>
          <Input id={id("serialNumber")} {...form.register("serialNumber")} />
        </FormField>
      </div>
      <FormField id={id("storeLink")} label="Store website" error={errors.storeLink?.message}>
        <Input id={id("storeLink")} type="url" placeholder="https://" {...form.register("storeLink")} />
      </FormField>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {onCancel ? (
          <Button type="button" variant="outline" onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
        <Button type="submit" disabled={saveDisabled}>
          {isSubmitting ? "Saving..." : submitLabel}
        </Button>
      </div>
    </form>
  );
}
