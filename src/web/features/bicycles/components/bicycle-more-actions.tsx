import { CalendarClock, FileText, Trash2 } from "lucide-react";
import { useRef, useState } from "react";
import { Link, useNavigate } from "react-router";
import { ConfirmDialog } from "@/components/confirm-dialog.tsx";
import { MoreActionsMenu } from "@/components/more-actions-menu.tsx";
import { DropdownMenuItem } from "@/components/ui/dropdown-menu.tsx";
import { useApplyDefaults } from "@/features/intervals/api.ts";
import { showError } from "@/lib/error-handler.ts";
import { toast } from "@/lib/toaster.ts";
import { messages } from "../../../../shared/messages.ts";
import type { Bicycle } from "../../../../shared/schemas/bicycle.ts";
import { useDeleteBicycle } from "../api.ts";

/**
 * The bicycle page's overflow menu: the service passport, the suggested service intervals for its parts that
 * have none (again whenever parts are added), and Delete (which asks first).
 */
export function BicycleMoreActions({ bicycle }: { bicycle: Bicycle }) {
  const remove = useDeleteBicycle();
  const applyDefaults = useApplyDefaults();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  return (
    <>
      <MoreActionsMenu triggerRef={menuButton}>
        <DropdownMenuItem asChild>
          <Link to={`/bicycles/${bicycle.id}/passport`}>
            <FileText aria-hidden="true" /> Service passport
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem
          disabled={applyDefaults.isPending}
          onSelect={() => applyDefaults.mutate(bicycle.id)}
        >
          <CalendarClock aria-hidden="true" /> Apply suggested intervals
        </DropdownMenuItem>
        <DropdownMenuItem variant="destructive" onSelect={() => setConfirming(true)}>
          <Trash2 aria-hidden="true" /> Delete
        </DropdownMenuItem>
      </MoreActionsMenu>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Delete ${bicycle.name}?`}
        description={messages.bicycles.deleteWarning}
        confirmLabel="Delete Bicycle"
        returnFocusTo={menuButton}
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
    </>
  );
}
