import { Plus } from "lucide-react";
import { lazy, type ReactNode, Suspense, useRef, useState } from "react";
import { ConfirmDialog } from "@/components/confirm-dialog.tsx";
import { DisabledHint } from "@/components/disabled-hint.tsx";
import { LoadFailed } from "@/components/load-failed.tsx";
import { LinesSkeleton } from "@/components/skeletons.tsx";
import { Button } from "@/components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card.tsx";
import { useComponentIntervals } from "@/features/intervals/api.ts";
import { showError } from "@/lib/error-handler.ts";
import { focusAfterRemoving, focusedControl, useReturnFocus } from "@/lib/focus.ts";
import { toast } from "@/lib/toaster.ts";
import { messages } from "../../../../shared/messages.ts";
import type { ServiceEntry } from "../../../../shared/schemas/service-entry.ts";
import { type ServiceLog, useComponentServices, useDeleteServiceEntry, useSaveServiceEntry } from "../api.ts";
import { ServiceTable } from "./service-table.tsx";

// The form (react-hook-form, its schema and the receipt picker) loads when it is first opened, beside the
// component's intervals it waits for.
const loadServiceForm = () => import("./service-form.tsx");
const ServiceForm = lazy(async () => ({ default: (await loadServiceForm()).ServiceForm }));

const m = messages.services;
const loadingForm = <LinesSkeleton label="Loading form..." />;

type FormState = { mode: "closed" } | { mode: "add" } | { mode: "edit"; entry: ServiceEntry };

function ServiceCard({ action, children }: { action: ReactNode; children: ReactNode }) {
  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
        <CardTitle>Service History</CardTitle>
        {action}
      </CardHeader>
      <CardContent className="grid gap-4">{children}</CardContent>
    </Card>
  );
}

/** What deleting asks: with the intervals the entry reset named, since deleting it undoes their reset. */
function deleteWarning(
  entry: (ServiceEntry & { resetsIntervalIds?: string[] }) | null,
  intervals: { id: string; label: string }[] | undefined,
) {
  const labels = (intervals ?? [])
    .filter((interval) => entry?.resetsIntervalIds?.includes(interval.id))
    .map((interval) => interval.label);
  return labels.length > 0 ? `${m.deleteWarning} ${m.deleteUndoesResets(labels)}` : m.deleteWarning;
}

/** The owner's service log of a component: add, edit and delete entries; the total follows at once. */
export function ServiceHistory({ componentId }: { componentId: string }) {
  const log = useComponentServices(componentId);
  const intervals = useComponentIntervals(componentId);
  const save = useSaveServiceEntry(componentId);
  const remove = useDeleteServiceEntry();
  const [form, setForm] = useState<FormState>({ mode: "closed" });
  const [deleting, setDeleting] = useState<ServiceEntry | null>(null);
  // The keyboard goes on from the button that opened the form once it closes, and from the Delete button
  // once its dialog closes (or from the next entry's, once that one is deleted).
  const addButton = useRef<HTMLButtonElement>(null);
  const rememberOpener = useReturnFocus(form.mode !== "closed", addButton);
  const deleteReturn = useRef<HTMLElement | null>(null);

  return (
    <ServiceCard
      action={
        form.mode === "closed" ? (
          <Button
            ref={addButton}
            size="sm"
            onClick={() => {
              rememberOpener();
              void loadServiceForm();
              setForm({ mode: "add" });
            }}
          >
            <Plus aria-hidden="true" /> Add Service
          </Button>
        ) : null
      }
    >
      {form.mode !== "closed" ? (
        <div className="rounded-lg border bg-muted/30 p-4">
          {/* The form's defaults tick the only interval: it waits for the intervals, as for its own code. */}
          {intervals.isPending ? (
            loadingForm
          ) : (
            <Suspense fallback={loadingForm}>
              <ServiceForm
                key={form.mode === "edit" ? form.entry.id : "new"}
                entry={form.mode === "edit" ? form.entry : null}
                intervals={intervals.data ?? []}
                onCancel={() => setForm({ mode: "closed" })}
                onSave={async (input, changes) => {
                  try {
                    await save.mutateAsync(
                      form.mode === "edit" ? { id: form.entry.id, input: changes } : { id: null, input },
                    );
                  } catch (error) {
                    showError(error, { fallback: m.saveFailed });
                    throw error;
                  }
                  toast.success(m.saved);
                  setForm({ mode: "closed" });
                }}
              />
            </Suspense>
          )}
        </div>
      ) : null}
      {log.isPending ? (
        <LinesSkeleton label="Loading service entries..." lines={3} />
      ) : log.isError ? (
        <LoadFailed title={m.loadFailed} onRetry={() => void log.refetch()} />
      ) : (
        <ServiceTable
          log={log.data}
          onEdit={(entry) => {
            rememberOpener();
            void loadServiceForm();
            setForm({ mode: "edit", entry });
          }}
          onDelete={(entry) => {
            deleteReturn.current = focusedControl();
            setDeleting(entry);
          }}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete this service entry?"
        description={deleteWarning(deleting, intervals.data)}
        confirmLabel="Delete Entry"
        pendingLabel="Deleting..."
        returnFocusTo={deleteReturn}
        onConfirm={async () => {
          if (!deleting) return;
          const next = focusAfterRemoving(deleteReturn.current, addButton.current);
          try {
            await remove.mutateAsync(deleting.id);
            deleteReturn.current = next;
          } catch (error) {
            showError(error, { fallback: m.deleteFailed });
            throw error;
          }
          toast.success(m.deleted);
        }}
      />
    </ServiceCard>
  );
}

/** The demo's service log: readable, with adding and editing blocked. */
export function DemoServiceHistory({ log }: { log: ServiceLog }) {
  return (
    <ServiceCard
      action={
        <DisabledHint hint="Sign up to add service entries">
          <Button size="sm" aria-disabled="true">
            <Plus aria-hidden="true" /> Add Service
          </Button>
        </DisabledHint>
      }
    >
      <ServiceTable log={log} />
    </ServiceCard>
  );
}
