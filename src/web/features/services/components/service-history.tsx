import { ExternalLink, Pencil, Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import { ConfirmDialog } from "@/components/confirm-dialog.tsx";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert.tsx";
import { Button } from "@/components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card.tsx";
import { showError } from "@/lib/error-handler.ts";
import { formatCost, formatDate } from "../../../../shared/format.ts";
import { messages } from "../../../../shared/messages.ts";
import type { ServiceEntry } from "../../../../shared/schemas/service-entry.ts";
import { useComponentServices, useDeleteServiceEntry, useSaveServiceEntry } from "../api.ts";
import { ServiceForm } from "./service-form.tsx";

const m = messages.services;

type FormState = { mode: "closed" } | { mode: "add" } | { mode: "edit"; entry: ServiceEntry };

/** A component's service log: the add/edit form, the entries newest first, and the total of all costs. */
export function ServiceHistory({ componentId }: { componentId: string }) {
  const log = useComponentServices(componentId);
  const save = useSaveServiceEntry(componentId);
  const remove = useDeleteServiceEntry();
  const [form, setForm] = useState<FormState>({ mode: "closed" });
  const [deleting, setDeleting] = useState<ServiceEntry | null>(null);

  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
        <CardTitle>Service History</CardTitle>
        {form.mode === "closed" ? (
          <Button size="sm" onClick={() => setForm({ mode: "add" })}>
            <Plus aria-hidden="true" /> Add Service
          </Button>
        ) : null}
      </CardHeader>
      <CardContent className="grid gap-4">
        {form.mode !== "closed" ? (
          <div className="rounded-lg border bg-muted/30 p-4">
            <ServiceForm
              key={form.mode === "edit" ? form.entry.id : "new"}
              entry={form.mode === "edit" ? form.entry : null}
              onCancel={() => setForm({ mode: "closed" })}
              onSave={async (input) => {
                try {
                  await save.mutateAsync({ id: form.mode === "edit" ? form.entry.id : null, input });
                } catch (error) {
                  showError(error, { fallback: m.saveFailed });
                  throw error;
                }
                toast.success(m.saved);
                setForm({ mode: "closed" });
              }}
            />
          </div>
        ) : null}
        {log.isPending ? (
          <p role="status" className="text-muted-foreground">
            Loading service entries...
          </p>
        ) : log.isError ? (
          <Alert variant="destructive">
            <AlertTitle>{m.loadFailed}</AlertTitle>
            <AlertDescription>
              <Button size="sm" variant="outline" onClick={() => void log.refetch()}>
                Try again
              </Button>
            </AlertDescription>
          </Alert>
        ) : log.data.services.length === 0 ? (
          <p className="rounded-lg border border-dashed p-6 text-center text-muted-foreground">{m.empty}</p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-sm">
              <caption className="sr-only">Service entries, newest first</caption>
              <thead>
                <tr className="border-b text-left text-muted-foreground">
                  <th scope="col" className="hidden py-2 pr-4 font-medium sm:table-cell">
                    Date
                  </th>
                  <th scope="col" className="py-2 pr-4 font-medium">
                    Description
                  </th>
                  <th scope="col" className="py-2 pr-4 text-right font-medium">
                    Cost
                  </th>
                  <th scope="col" className="py-2 text-right font-medium">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {log.data.services.map((entry) => (
                  <tr key={entry.id} className="border-b last:border-0">
                    <td className="hidden py-2 pr-4 whitespace-nowrap sm:table-cell">
                      {formatDate(entry.date)}
                    </td>
                    <td className="py-2 pr-2 break-words sm:pr-4">
                      <span className="block text-xs text-muted-foreground sm:hidden">
                        {formatDate(entry.date)}
                      </span>
                      {entry.description}
                      {entry.receiptUrl ? (
                        <a
                          href={entry.receiptUrl}
                          target="_blank"
                          rel="noopener noreferrer"
                          className="ml-2 inline-flex items-center gap-1 text-primary hover:underline"
                        >
                          Receipt <ExternalLink className="size-3" aria-hidden="true" />
                        </a>
                      ) : null}
                    </td>
                    <td className="py-2 pr-4 text-right whitespace-nowrap tabular-nums">
                      {formatCost(entry.cost)}
                    </td>
                    <td className="py-2 text-right whitespace-nowrap">
                      <Button
                        variant="ghost"
                        size="icon"
                        aria-label={`Edit service entry ${entry.description}`}
                        onClick={() => setForm({ mode: "edit", entry })}
                      >
                        <Pencil />
                      </Button>
                      <Button
                        variant="ghost"
                        size="icon"
                        aria-label={`Delete service entry ${entry.description}`}
                        onClick={() => setDeleting(entry)}
                      >
                        <Trash2 />
                      </Button>
                    </td>
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr>
                  <th
                    scope="row"
                    colSpan={2}
                    className="hidden pt-3 pr-4 text-left font-semibold sm:table-cell"
                  >
                    Total
                  </th>
                  <th scope="row" className="pt-3 pr-2 text-left font-semibold sm:hidden">
                    Total
                  </th>
                  <td
                    className="pt-3 pr-2 text-right font-semibold tabular-nums sm:pr-4"
                    data-testid="service-total"
                  >
                    {formatCost(log.data.totalCost)}
                  </td>
                  <td />
                </tr>
              </tfoot>
            </table>
          </div>
        )}
      </CardContent>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete this service entry?"
        description={m.deleteWarning}
        confirmLabel="Delete Entry"
        pendingLabel="Deleting..."
        onConfirm={async () => {
          if (!deleting) return;
          try {
            await remove.mutateAsync(deleting.id);
          } catch (error) {
            showError(error, { fallback: m.deleteFailed });
            throw error;
          }
          toast.success(m.deleted);
        }}
      />
    </Card>
  );
}
