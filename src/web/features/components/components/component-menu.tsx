import { MoreVertical, PackageOpen, Pencil, Trash2, Wrench } from "lucide-react";
import { type RefObject, useRef, useState } from "react";
import { ConfirmDialog } from "@/components/confirm-dialog.tsx";
import { Button } from "@/components/ui/button.tsx";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu.tsx";
import { removingItem } from "@/lib/focus.ts";
import { messages } from "../../../../shared/messages.ts";
import type { Component } from "../../../../shared/schemas/component.ts";
import { useComponentActions } from "./component-actions.ts";

const m = messages.components;

/**
 * A component's actions menu: Edit, then Move to Parts Bin (on a bicycle) or Assign to bicycle (in the
 * parts bin), then Delete. Moving and deleting ask first; a confirmation gives the keyboard back to this
 * menu's button, or, once the part has left the list, to the next part's (`lastGone` after the last one).
 */
export function ComponentMenu({
  component,
  onEdit,
  onAssign,
  lastGone,
}: {
  component: Component;
  onEdit: () => void;
  /** Given this menu's button, for the assign dialog to hand the keyboard on from. */
  onAssign?: (menuButton: HTMLButtonElement | null) => void;
  lastGone?: RefObject<HTMLElement | null>;
}) {
  const actions = useComponentActions();
  const [confirm, setConfirm] = useState<"move" | "delete" | null>(null);
  const menuButton = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef<HTMLElement | null>(null);
  const ask = (which: "move" | "delete") => {
    returnFocus.current = menuButton.current;
    setConfirm(which);
  };
  const removing = (run: () => Promise<unknown>) => () =>
    removingItem(returnFocus, lastGone?.current ?? null, run);
  const inPartsBin = component.bicycleId === null;
  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button ref={menuButton} variant="ghost" size="icon" aria-label={`Actions for ${component.name}`}>
            <MoreVertical />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          <DropdownMenuItem onSelect={onEdit}>
            <Pencil aria-hidden="true" /> Edit
          </DropdownMenuItem>
          {inPartsBin && onAssign ? (
            <DropdownMenuItem onSelect={() => onAssign(menuButton.current)}>
              <Wrench aria-hidden="true" /> Assign to bicycle
            </DropdownMenuItem>
          ) : null}
          {!inPartsBin ? (
            <DropdownMenuItem onSelect={() => ask("move")}>
              <PackageOpen aria-hidden="true" /> Move to Parts Bin
            </DropdownMenuItem>
          ) : null}
          <DropdownMenuItem variant="destructive" onSelect={() => ask("delete")}>
            <Trash2 aria-hidden="true" /> Delete
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <ConfirmDialog
        open={confirm === "move"}
        onOpenChange={(open) => setConfirm(open ? "move" : null)}
        title={`Move ${component.name} to the parts bin?`}
        description={m.moveWarning}
        confirmLabel="Move to Parts Bin"
        pendingLabel="Moving..."
        destructive={false}
        onConfirm={removing(() => actions.moveToPartsBin(component.id, component.bicycleId))}
        returnFocusTo={returnFocus}
      />
      <ConfirmDialog
        open={confirm === "delete"}
        onOpenChange={(open) => setConfirm(open ? "delete" : null)}
        title={`Delete ${component.name}?`}
        description={m.deleteWarning}
        confirmLabel="Delete Component"
        pendingLabel="Deleting..."
        onConfirm={removing(() => actions.remove(component.id, inPartsBin))}
        returnFocusTo={returnFocus}
      />
    </>
  );
}
