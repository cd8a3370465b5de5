import { type Control, Controller, type FieldValues, type Path } from "react-hook-form";
import type { FilePurpose } from "../../../shared/schemas/file.ts";
import { ImagePicker } from "./image-picker.tsx";

/** A form's photo: the picker bound to a react-hook-form field holding the uploaded file's URL, and its error. */
export function PhotoField<T extends FieldValues>({
  control,
  name,
  id,
  purpose,
  error,
  onBusyChange,
  autoFocus,
}: {
  control: Control<T>;
  name: Path<T>;
  id: string;
  purpose: FilePurpose;
  error: string | undefined;
  onBusyChange: (busy: boolean) => void;
  autoFocus?: boolean;
}) {
  return (
    <>
      <Controller
        control={control}
        name={name}
        render={({ field }) => (
          <ImagePicker
            id={id}
            label="Photo"
            purpose={purpose}
            value={typeof field.value === "string" ? field.value : null}
            onChange={field.onChange}
            onBusyChange={onBusyChange}
            autoFocus={autoFocus}
          />
        )}
      />
      {error ? (
        <p className="text-sm text-destructive" role="alert">
          {error}
        </p>
      ) : null}
    </>
  );
}
