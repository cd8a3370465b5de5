import { Trash2 } from "lucide-react";
import { useNavigate } from "react-router";
import { toast } from "sonner";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "@/components/ui/alert-dialog.tsx";
import { Button } from "@/components/ui/button.tsx";
import { showError } from "@/lib/error-handler.ts";
import { messages } from "../../../../shared/messages.ts";
import type { Bicycle } from "../../../../shared/schemas/bicycle.ts";
import { useDeleteBicycle } from "../api.ts";

export function DeleteBicycleButton({ bicycle }: { bicycle: Bicycle }) {
  const remove = useDeleteBicycle();
  const navigate = useNavigate();
  return (
    <AlertDialog>
      <AlertDialogTrigger asChild>
        <Button variant="destructive">
          <Trash2 aria-hidden="true" /> Delete
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Delete {bicycle.name}?</AlertDialogTitle>
          <AlertDialogDescription>{messages.bicycles.deleteWarning}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <AlertDialogAction
            variant="destructive"
            disabled={remove.isPending}
            onClick={(event) => {
              event.preventDefault();
              remove.mutate(bicycle.id, {
                onSuccess: () => {
                  toast.success(messages.bicycles.deleted);
                  navigate("/bicycles", { replace: true });
                },
                onError: (error) => showError(error, { fallback: messages.bicycles.deleteFailed }),
              });
            }}
          >
            {remove.isPending ? "Deleting..." : "Delete Bicycle"}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
