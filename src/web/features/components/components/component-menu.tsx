import { MoreVertical, PackageOpen, Pencil, Trash2, Wrench } from "lucide-react";
import { useRef, useState } from "react";
import { ConfirmDialog } from "@/components/confirm-dialog.tsx";
import { Button } from "@/components/ui/button.tsx";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu.tsx";
import { messages } from "../../../../shared/messages.ts";
import type { Component } from "../../../../shared/schemas/component.ts";
import { useComponentActions } from "./component-actions.ts";

const m = messages.components;

/**
 * A component's actions menu: Edit, then Move to Parts Bin (on a bicycle) or Assign to bicycle (in the
 * parts bin), then Delete. Moving and deleting ask first.
 */
export function ComponentMenu({
  component,
  onEdit,
  onAssign,
}: {
  component: Component;
  onEdit: () => void;
  onAssign?: () => void;
}) {
  const actions = useComponentActions();
  const [confirm, setConfirm] = useState<"move" | "delete" | null>(null);
  const menuButton = useRef<HTMLButtonElement>(null);
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
            <DropdownMenuItem onSelect={onAssign}>
              <Wrench aria-hidden="true" /> Assign to bicycle
            </DropdownMenuItem>
          ) : null}
          {!inPartsBin ? (
            <DropdownMenuItem onSelect={() => setConfirm("move")}>
              <PackageOpen aria-hidden="true" /> Move to Parts Bin
            </DropdownMenuItem>
          ) : null}
          <DropdownMenuItem variant="destructive" onSelect={() => setConfirm("delete")}>
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
        onConfirm={() => actions.moveToPartsBin(component.id, component.bicycleId)}
        returnFocusTo={menuButton}
      />
      <ConfirmDialog
        open={confirm === "delete"}
        onOpenChange={(open) => setConfirm(open ? "delete" : null)}
        title={`Delete ${component.name}?`}
        description={m.deleteWarning}
        confirmLabel="Delete Component"
        pendingLabel="Deleting..."
        onConfirm={() => actions.remove(component.id, inPartsBin)}
        returnFocusTo={menuButton}
      />
    </>
  );
}
