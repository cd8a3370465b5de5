import { Link } from "react-router";
import { Alert, AlertTitle } from "@/components/ui/alert.tsx";
import { formatCost, formatDate } from "../../../../shared/format.ts";
import { messages } from "../../../../shared/messages.ts";
import { useBicycleServices } from "../api.ts";

/** The Recent Services tab of a bicycle's page: every entry of its components, newest first. */
export function RecentServices({ bicycleId }: { bicycleId: string }) {
  const services = useBicycleServices(bicycleId);
  if (services.isPending) {
    return (
      <p role="status" className="text-muted-foreground">
        Loading service entries...
      </p>
    );
  }
  if (services.isError) {
    return (
      <Alert variant="destructive">
        <AlertTitle>{messages.services.loadFailed}</AlertTitle>
      </Alert>
    );
  }
  if (services.data.length === 0) {
    return (
      <p className="rounded-lg border border-dashed p-8 text-center text-muted-foreground">
        {messages.services.recentEmpty}
      </p>
    );
  }
  return (
    <ul className="grid gap-3" aria-label="Recent services">
      {services.data.map((entry) => (
        <li
          key={entry.id}
          className="flex flex-wrap items-start justify-between gap-2 rounded-lg border bg-card p-4"
        >
          <div className="grid min-w-0 gap-1">
            <p className="font-medium break-words">{entry.description}</p>
            <p className="text-sm text-muted-foreground">
              <Link to={`/bicycles/${bicycleId}/components/${entry.componentId}`} className="hover:underline">
                {entry.componentName}
              </Link>{" "}
              · {formatDate(entry.date)}
            </p>
          </div>
          <p className="font-medium tabular-nums">{formatCost(entry.cost)}</p>
        </li>
      ))}
    </ul>
  );
}
