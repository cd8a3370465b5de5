import { Check, Copy } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button.tsx";
import { toast } from "@/lib/toaster.ts";

/** Copies `text` to the clipboard and says so; `iconOnly` shows just the icon (the label names it). */
export function CopyButton({
  text,
  label,
  done,
  iconOnly = false,
}: {
  text: string;
  label: string;
  done: string;
  iconOnly?: boolean;
}) {
  const [copied, setCopied] = useState(false);
  return (
    <Button
      type="button"
      variant={iconOnly ? "ghost" : "outline"}
      size={iconOnly ? "icon" : "sm"}
      aria-label={iconOnly ? label : undefined}
      title={iconOnly ? label : undefined}
      onClick={async () => {
        try {
          await navigator.clipboard.writeText(text);
          setCopied(true);
          toast.success(done);
        } catch {
          toast.error("Could not copy", { description: "Select the text and copy it yourself." });
        }
      }}
    >
      {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />} {iconOnly ? null : label}
    </Button>
  );
}
