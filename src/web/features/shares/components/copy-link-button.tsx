import { Copy } from "lucide-react";
import { Button } from "@/components/ui/button.tsx";
import { toast } from "@/lib/toaster.ts";
import { messages } from "../../../../shared/messages.ts";

export async function copyLink(url: string) {
  try {
    await navigator.clipboard.writeText(url);
    toast.success(messages.shares.copied);
  } catch {
    toast.error("Error", { description: "Could not copy the link. Select it and copy it by hand." });
  }
}

/**
 * `name`: what a screen reader calls it, where several links' buttons sit side by side. `size` "default"
 * beside a text field, which is that tall.
 */
export function CopyLinkButton({
  url,
  label = "Copy Link",
  name,
  size = "sm",
}: {
  url: string;
  label?: string;
  name?: string;
  size?: "sm" | "default";
}) {
  return (
    <Button type="button" variant="outline" size={size} aria-label={name} onClick={() => void copyLink(url)}>
      <Copy aria-hidden="true" /> {label}
    </Button>
  );
}
