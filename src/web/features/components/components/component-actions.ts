import { showError } from "@/lib/error-handler.ts";
import { toast } from "@/lib/toaster.ts";
import { messages } from "../../../../shared/messages.ts";
import type { ComponentChanges } from "../../../../shared/schemas/component.ts";
import type { ServiceIntervalInput } from "../../../../shared/schemas/service-interval.ts";
import {
  type NewComponentInput,
  useCreateComponent,
  useDeleteComponent,
  useMoveToPartsBin,
  useUpdateComponent,
} from "../api.ts";

const m = messages.components;

/** Runs a mutation; on failure shows the error toast and rethrows so forms and dialogs stay open. */
async function withToasts<T>(run: () => Promise<T>, success: string, fallback: string): Promise<T> {
  try {
    const result = await run();
    toast.success(success);
    return result;
  } catch (error) {
    showError(error, { fallback });
    throw error;
  }
}

export function useComponentActions() {
  const create = useCreateComponent();
  const remove = useDeleteComponent();
  const move = useMoveToPartsBin();
  return {
    add: (input: NewComponentInput & { intervals: ServiceIntervalInput[] }, bicycleId: string | null) =>
      withToasts(() => create.mutateAsync({ ...input, bicycleId }), m.added, m.addFailed),
    remove: (id: string, fromPartsBin: boolean) =>
      withToasts(
        () => remove.mutateAsync(id),
        fromPartsBin ? m.removedFromPartsBin : m.deleted,
        m.deleteFailed,
      ),
    /** `fromBicycleId`: the bicycle the page shows it on (moved elsewhere meanwhile, nothing changes). */
    moveToPartsBin: (id: string, fromBicycleId: string | null) =>
      withToasts(() => move.mutateAsync({ id, fromBicycleId }), m.moved, m.moveFailed),
  };
}

export function useEditComponent(id: string) {
  const update = useUpdateComponent(id);
  return (changes: ComponentChanges) =>
    withToasts(() => update.mutateAsync(changes), m.updated, m.updateFailed);
}

export { withToasts };
