import { Check, Copy } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button.tsx";
import { toast } from "@/lib/toaster.ts";

/**
 * Copies `text` to the clipboard and says so (`done`); `iconOnly` shows just the icon (the label names it).
 * `name`: what a screen reader calls it, where several such buttons sit side by side. `size` "default"
 * beside a text field, which is that tall.
 */
export function CopyButton({
  text,
  label,
  done,
  name,
  iconOnly = false,
  size = "sm",
}: {
  text: string;
  label: string;
  done: string;
  name?: string;
  iconOnly?: boolean;
  size?: "sm" | "default";
}) {
  const [copied, setCopied] = useState(false);
  return (
    <Button
      type="button"
      variant={iconOnly ? "ghost" : "outline"}
      size={iconOnly ? "icon" : size}
      aria-label={iconOnly ? label : name}
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
