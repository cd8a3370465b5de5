import { MoreHorizontal } from "lucide-react";
import type { ReactNode, RefObject } from "react";
import { Button } from "@/components/ui/button.tsx";
import { DropdownMenu, DropdownMenuContent, DropdownMenuTrigger } from "@/components/ui/dropdown-menu.tsx";

/** A page's overflow menu ("More actions"): where its secondary and destructive actions live. */
export function MoreActionsMenu({
  children,
  triggerRef,
}: {
  children: ReactNode;
  /** For a dialog an item opens, to give focus back to this button (ConfirmDialog's returnFocusTo). */
  triggerRef?: RefObject<HTMLButtonElement | null>;
}) {
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button ref={triggerRef} variant="outline" size="icon" aria-label="More actions">
          <MoreHorizontal />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">{children}</DropdownMenuContent>
    </DropdownMenu>
  );
}
