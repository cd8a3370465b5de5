import { useId, useRef, useState } from "react";
import { Input } from "@/components/ui/input.tsx";
import { Label } from "@/components/ui/label.tsx";
import { RadioGroup, RadioGroupItem } from "@/components/ui/radio-group.tsx";
import { ImagePicker } from "@/features/uploads/image-picker.tsx";
import { fileIdFromUrl } from "../../../../shared/schemas/file.ts";

type Source = "file" | "link";

/**
 * A service entry's one receipt: an uploaded file or a pasted link, chosen first, never both. Switching
 * back and forth keeps what each side held, and the entry saves the side that is chosen.
 */
export function ReceiptField({
  value,
  onChange,
  error,
  onBusyChange,
}: {
  value: string;
  onChange: (url: string) => void;
  error?: string;
  onBusyChange: (busy: boolean) => void;
}) {
  const id = useId();
  const [source, setSource] = useState<Source>(value && !fileIdFromUrl(value) ? "link" : "file");
  // What the other side held, to bring it back when the user switches again.
  const kept = useRef<Record<Source, string>>({ file: "", link: "" });

  const choose = (next: Source) => {
    if (next === source) return;
    kept.current[source] = value;
    setSource(next);
    onChange(kept.current[next]);
  };

  return (
    <fieldset className="grid gap-2">
      <legend className="mb-2 text-sm font-medium">Receipt (optional)</legend>
      <RadioGroup
        className="flex flex-wrap gap-x-6 gap-y-2"
        value={source}
        onValueChange={(next) => choose(next as Source)}
      >
        <div className="flex items-center gap-2">
          <RadioGroupItem id={`${id}-file`} value="file" />
          <Label htmlFor={`${id}-file`}>Upload a file</Label>
        </div>
        <div className="flex items-center gap-2">
          <RadioGroupItem id={`${id}-link`} value="link" />
          <Label htmlFor={`${id}-link`}>Paste a link</Label>
        </div>
      </RadioGroup>
      {source === "file" ? (
        <ImagePicker
          id="service-receipt-file"
          label="Receipt file"
          purpose="receipt"
          kind="receipt"
          value={fileIdFromUrl(value) ? value : null}
          onChange={(url) => onChange(url ?? "")}
          onBusyChange={onBusyChange}
          hideLabel
        />
      ) : (
        <div className="grid gap-2">
          <Label htmlFor="service-receipt" className="sr-only">
            Receipt link
          </Label>
          <Input
            id="service-receipt"
            type="url"
            inputMode="url"
            placeholder="https://shop.example.com/orders/1234"
            value={value}
            aria-invalid={!!error}
            aria-describedby={error ? "service-receipt-error" : undefined}
            onChange={(event) => onChange(event.target.value)}
          />
        </div>
      )}
      {error ? (
        <p id="service-receipt-error" role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
