import { useState } from "react";
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

/**
 * Assigns one or several parts-bin components to one of the user's bicycles, chosen by name; open while
 * `components` is not null. `onAssigned` runs after a successful assignment (before closing).
 */
export function AssignDialog({
  components,
  onClose,
  onAssigned,
}: {
  components: Component[] | null;
  onClose: () => void;
  onAssigned?: (bicycleId: string) => void;
}) {
  const open = components !== null && components.length > 0;
  const bicycles = useBicycles(open);
  const assign = useAssignComponents();
  const [bicycleId, setBicycleId] = useState("");
  const [error, setError] = useState<string | undefined>();
  const byName = [...(bicycles.data ?? [])].sort((a, b) => a.name.localeCompare(b.name));
  const many = (components?.length ?? 0) > 1;

  const close = () => {
    setBicycleId("");
    setError(undefined);
    onClose();
  };

  return (
    <Dialog open={open} onOpenChange={(isOpen) => !isOpen && close()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{many ? `Assign ${components?.length} components` : "Assign to bicycle"}</DialogTitle>
          <DialogDescription>
            {many
              ? `Fit ${components?.map((c) => c.name).join(", ")} to one of your bicycles.`
              : `Fit ${components?.[0]?.name} to one of your bicycles.`}
          </DialogDescription>
        </DialogHeader>
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
              aria-invalid={!!error}
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
