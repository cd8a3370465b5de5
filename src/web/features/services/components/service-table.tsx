import { ExternalLink, Pencil, Trash2 } from "lucide-react";
import { DisabledHint } from "@/components/disabled-hint.tsx";
import { Button } from "@/components/ui/button.tsx";
import { formatCost, formatDate } from "../../../../shared/format.ts";
import { messages } from "../../../../shared/messages.ts";
import type { ServiceEntry } from "../../../../shared/schemas/service-entry.ts";
import type { ServiceLog } from "../api.ts";

/**
 * A service log as a table, newest first, with the total of all costs. Without `onEdit` it is the
 * demo's read-only table.
 */
export function ServiceTable({
  log,
  onEdit,
  onDelete,
}: {
  log: ServiceLog;
  onEdit?: (entry: ServiceEntry) => void;
  onDelete?: (entry: ServiceEntry) => void;
}) {
  if (log.services.length === 0) {
    return (
      <p className="rounded-lg border border-dashed p-6 text-center text-muted-foreground">
        {messages.services.empty}
      </p>
    );
  }
  return (
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
          {log.services.map((entry) => (
            <tr key={entry.id} className="border-b last:border-0">
              <td className="hidden py-2 pr-4 whitespace-nowrap sm:table-cell">{formatDate(entry.date)}</td>
              <td className="py-2 pr-2 wrap-anywhere sm:pr-4">
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
              <td className="py-2 pr-2 text-right whitespace-nowrap tabular-nums sm:pr-4">
                {formatCost(entry.cost)}
              </td>
              <td className="py-2 text-right whitespace-nowrap">
                {onEdit && onDelete ? (
                  <>
                    <Button
                      variant="ghost"
                      size="icon"
                      aria-label={`Edit service entry ${entry.description}`}
                      onClick={() => onEdit(entry)}
                    >
                      <Pencil />
                    </Button>
                    <Button
                      variant="ghost"
                      size="icon"
                      aria-label={`Delete service entry ${entry.description}`}
                      onClick={() => onDelete(entry)}
                    >
                      <Trash2 />
                    </Button>
                  </>
                ) : (
                  <DisabledHint hint="Sign up to edit service entries">
                    <Button
                      variant="ghost"
                      size="icon"
                      aria-disabled="true"
                      aria-label={`Edit service entry ${entry.description}`}
                    >
                      <Pencil />
                    </Button>
                  </DisabledHint>
                )}
              </td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={2} className="hidden pt-3 pr-4 text-left font-semibold sm:table-cell">
              Total
            </th>
            <th scope="row" className="pt-3 pr-2 text-left font-semibold sm:hidden">
              Total
            </th>
            <td
              className="pt-3 pr-2 text-right font-semibold tabular-nums sm:pr-4"
              data-testid="service-total"
            >
              {formatCost(log.totalCost)}
            </td>
            <td />
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
