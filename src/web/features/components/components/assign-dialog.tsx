import { type RefObject, useState } from "react";
import { Button } from "@/components/ui/button.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog.tsx";
import { FormField } from "@/components/ui/form-field.tsx";
import { NativeSelect } from "@/components/ui/native-select.tsx";
import { useBicycles } from "@/features/bicycles/api.ts";
import { messages } from "../../../../shared/messages.ts";
import type { Component } from "../../../../shared/schemas/component.ts";
import { useAssignComponents } from "../api.ts";
import { withToasts } from "./component-actions.ts";

const m = messages.components;
/** Of several parts, the dialog names this many (all of them when only one more would be left). */
const NAMES_SHOWN = 3;

/**
 * Assigns one or several parts-bin components to one of the user's bicycles, chosen by name; open while
 * `components` is not null. `onAssigned` runs after a successful assignment (before closing). Closed, it
 * gives the keyboard to `returnFocusTo` when that is still in the page (the parts bin's next part, the
 * assigned one having left the list).
 */
export function AssignDialog({
  components,
  onClose,
  onAssigned,
  returnFocusTo,
}: {
  components: Component[] | null;
  onClose: () => void;
  onAssigned?: (bicycleId: string) => void;
  returnFocusTo?: RefObject<HTMLElement | null>;
}) {
  const open = components !== null && components.length > 0;
  const bicycles = useBicycles(open);
  const assign = useAssignComponents();
  const [bicycleId, setBicycleId] = useState("");
  const [error, setError] = useState<string | undefined>();
  const byName = [...(bicycles.data ?? [])].sort((a, b) => a.name.localeCompare(b.name));
  const count = components?.length ?? 0;
  const many = count > 1;
  const named = count > NAMES_SHOWN + 1 ? NAMES_SHOWN : count;

  const close = () => {
    setBicycleId("");
    setError(undefined);
    onClose();
  };

  return (
    <Dialog open={open} onOpenChange={(isOpen) => !isOpen && close()}>
      <DialogContent
        onCloseAutoFocus={(event) => {
          const target = returnFocusTo?.current;
          if (!target?.isConnected) return;
          event.preventDefault();
          target.focus();
        }}
      >
        <DialogHeader>
          <DialogTitle>{many ? `Assign ${components?.length} components` : "Assign to bicycle"}</DialogTitle>
          <DialogDescription>
            {many
              ? `Fit these ${components?.length} components to one of your bicycles.`
              : `Fit ${components?.[0]?.name} to one of your bicycles.`}
          </DialogDescription>
        </DialogHeader>
        {many && components ? (
          // A few names, one a line (names may hold commas), and how many more: with 25 parts the bicycle's
          // select and the Assign button still fit a phone's screen.
          <ul aria-label="Components to assign" className="grid list-disc gap-1 pl-5 text-sm">
            {components.slice(0, named).map((c) => (
              <li key={c.id}>
                <span className="line-clamp-2 wrap-anywhere">{c.name}</span>
              </li>
            ))}
            {components.length > named ? (
              <li className="list-none text-muted-foreground">and {components.length - named} more</li>
            ) : null}
          </ul>
        ) : null}
        <form
          noValidate
          className="grid gap-4"
          onSubmit={async (event) => {
            event.preventDefault();
            if (!components?.length) return;
            if (!bicycleId) {
              setError(m.selectBicycle);
              return;
            }
            const bicycleName = byName.find((b) => b.id === bicycleId)?.name ?? "your bicycle";
            try {
              await withToasts(
                () => assign.mutateAsync({ componentIds: components.map((c) => c.id), bicycleId }),
                many ? m.assignedMany(components.length, bicycleName) : m.assigned,
                m.assignFailed,
              );
              onAssigned?.(bicycleId);
              close();
            } catch {
              // the toast has explained it; the dialog stays open
            }
          }}
        >
          <FormField id="assign-bicycle" label="Bicycle" error={error}>
            <NativeSelect
              id="assign-bicycle"
              value={bicycleId}
              onChange={(event) => {
                setBicycleId(event.target.value);
                setError(undefined);
              }}
            >
              <option value="">{bicycles.isPending ? "Loading bicycles..." : "Select a bicycle"}</option>
              {byName.map((bicycle) => (
                <option key={bicycle.id} value={bicycle.id}>
                  {bicycle.name}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" disabled={assign.isPending}>
              {assign.isPending ? "Assigning..." : "Assign"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
