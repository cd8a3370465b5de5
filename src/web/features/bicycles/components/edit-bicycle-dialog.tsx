import { Pencil } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { LinesSkeleton } from "@/components/skeletons.tsx";
import { Button } from "@/components/ui/button.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "@/components/ui/dialog.tsx";
import { showError } from "@/lib/error-handler.ts";
import { toast } from "@/lib/toaster.ts";
import { messages } from "../../../../shared/messages.ts";
import type { Bicycle } from "../../../../shared/schemas/bicycle.ts";
import { useUpdateBicycle } from "../api.ts";

// The form (react-hook-form, its schema and the photo picker) loads when the dialog first opens.
const BicycleForm = lazy(async () => ({ default: (await import("./bicycle-form.tsx")).BicycleForm }));

/** The Edit button and its dialog; a page may hold the open state itself (the checklist's photo step). */
export function EditBicycleDialog({
  bicycle,
  open: heldOpen,
  onOpenChange,
}: {
  bicycle: Bicycle;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
}) {
  const [ownOpen, setOwnOpen] = useState(false);
  const open = heldOpen ?? ownOpen;
  const setOpen = onOpenChange ?? setOwnOpen;
  const update = useUpdateBicycle(bicycle.id);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline">
          <Pencil aria-hidden="true" /> Edit
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Edit Bicycle</DialogTitle>
          <DialogDescription>Update the details of {bicycle.name}.</DialogDescription>
        </DialogHeader>
        {open ? (
          <Suspense fallback={<LinesSkeleton label="Loading form..." />}>
            <BicycleForm
              idPrefix="edit-bicycle"
              bicycle={bicycle}
              submitLabel="Save"
              disableWhenNameBlank
              onCancel={() => setOpen(false)}
              onSave={async (_, changes) => {
                try {
                  await update.mutateAsync(changes);
                } catch (error) {
                  showError(error, { fallback: messages.bicycles.updateFailed });
                  throw error;
                }
                toast.success(messages.bicycles.updated);
                setOpen(false);
              }}
            />
          </Suspense>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
