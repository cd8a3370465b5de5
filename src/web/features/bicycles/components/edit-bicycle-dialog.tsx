import { Pencil } from "lucide-react";
import { lazy, type RefObject, Suspense, useRef, useState } from "react";
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

/**
 * The open state of the Edit dialog held by a page whose set-up checklist also opens it (its "Add a photo"
 * button takes `photoButton`): opened from there, the dialog starts at the photo and, closed without a photo
 * added, gives the keyboard back to that button rather than to Edit.
 */
export function useEditBicycleDialog() {
  const [open, setOpen] = useState(false);
  const [forPhoto, setForPhoto] = useState(false);
  const photoButton = useRef<HTMLButtonElement>(null);
  return {
    dialog: {
      open,
      onOpenChange: (next: boolean) => {
        if (next) setForPhoto(false);
        setOpen(next);
      },
      focusPhoto: forPhoto,
      returnFocusTo: forPhoto ? photoButton : undefined,
    },
    photoButton,
    openForPhoto: () => {
      setForPhoto(true);
      setOpen(true);
    },
  };
}

/** The Edit button and its dialog; a page may hold the open state itself (useEditBicycleDialog). */
export function EditBicycleDialog({
  bicycle,
  open: heldOpen,
  onOpenChange,
  focusPhoto = false,
  returnFocusTo,
}: {
  bicycle: Bicycle;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** Start at the photo picker instead of the name. */
  focusPhoto?: boolean;
  /** Where the keyboard goes on when the dialog closes, if not the Edit button. */
  returnFocusTo?: RefObject<HTMLElement | null> | undefined;
}) {
  const [ownOpen, setOwnOpen] = useState(false);
  const open = heldOpen ?? ownOpen;
  const setOpen = onOpenChange ?? setOwnOpen;
  const update = useUpdateBicycle(bicycle.id);
  // Saved with a photo, the checklist's "Add a photo" goes away: the keyboard goes back to Edit then.
  const photoAdded = useRef(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline">
          <Pencil aria-hidden="true" /> Edit
        </Button>
      </DialogTrigger>
      <DialogContent
        onCloseAutoFocus={(event) => {
          const target = returnFocusTo?.current;
          const added = photoAdded.current;
          photoAdded.current = false;
          if (added || !target?.isConnected) return;
          event.preventDefault();
          target.focus();
        }}
      >
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
              focusPhoto={focusPhoto}
              onCancel={() => setOpen(false)}
              onSave={async (input, changes) => {
                try {
                  await update.mutateAsync(changes);
                } catch (error) {
                  showError(error, { fallback: messages.bicycles.updateFailed });
                  throw error;
                }
                toast.success(messages.bicycles.updated);
                photoAdded.current = Boolean(input.imageUrl);
                setOpen(false);
              }}
            />
          </Suspense>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
