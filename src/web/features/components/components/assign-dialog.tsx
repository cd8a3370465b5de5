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
import { useAssignComponent } from "../api.ts";
import { withToasts } from "./component-actions.ts";

const m = messages.components;

/** Assigns a parts-bin component to one of the user's bicycles, chosen by name. */
export function AssignDialog({ component, onClose }: { component: Component | null; onClose: () => void }) {
  const bicycles = useBicycles(component !== null);
  const assign = useAssignComponent();
  const [bicycleId, setBicycleId] = useState("");
  const [error, setError] = useState<string | undefined>();
  const byName = [...(bicycles.data ?? [])].sort((a, b) => a.name.localeCompare(b.name));

  const close = () => {
    setBicycleId("");
    setError(undefined);
    onClose();
  };

  return (
    <Dialog open={component !== null} onOpenChange={(open) => !open && close()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Assign to bicycle</DialogTitle>
          <DialogDescription>Fit {component?.name} to one of your bicycles.</DialogDescription>
        </DialogHeader>
        <form
          noValidate
          className="grid gap-4"
          onSubmit={async (event) => {
            event.preventDefault();
            if (!component) return;
            if (!bicycleId) {
              setError(m.selectBicycle);
              return;
            }
            try {
              await withToasts(
                () => assign.mutateAsync({ id: component.id, bicycleId }),
                m.assigned,
                m.assignFailed,
              );
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
