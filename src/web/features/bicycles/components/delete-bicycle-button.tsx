import { Trash2 } from "lucide-react";
import { useNavigate } from "react-router";
import { toast } from "sonner";
import { ConfirmDialog } from "@/components/confirm-dialog.tsx";
import { Button } from "@/components/ui/button.tsx";
import { showError } from "@/lib/error-handler.ts";
import { messages } from "../../../../shared/messages.ts";
import type { Bicycle } from "../../../../shared/schemas/bicycle.ts";
import { useDeleteBicycle } from "../api.ts";

export function DeleteBicycleButton({ bicycle }: { bicycle: Bicycle }) {
  const remove = useDeleteBicycle();
  const navigate = useNavigate();
  return (
    <ConfirmDialog
      trigger={
        <Button variant="destructive">
          <Trash2 aria-hidden="true" /> Delete
        </Button>
      }
      title={`Delete ${bicycle.name}?`}
      description={messages.bicycles.deleteWarning}
      confirmLabel="Delete Bicycle"
      pendingLabel="Deleting..."
      onConfirm={async () => {
        try {
          await remove.mutateAsync(bicycle.id);
        } catch (error) {
          showError(error, { fallback: messages.bicycles.deleteFailed });
          throw error;
        }
        toast.success(messages.bicycles.deleted);
        navigate("/bicycles", { replace: true });
      }}
    />
  );
}
