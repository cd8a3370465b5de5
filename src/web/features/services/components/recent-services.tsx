import { Link } from "react-router";
import { LoadFailed } from "@/components/load-failed.tsx";
import { ListSkeleton } from "@/components/skeletons.tsx";
import { formatCost, formatDate } from "../../../../shared/format.ts";
import { messages } from "../../../../shared/messages.ts";
import type { ServiceEntry } from "../../../../shared/schemas/service-entry.ts";
import { useBicycleServices } from "../api.ts";

/** The Recent Services tab of the owner's bicycle page. */
export function RecentServices({ bicycleId }: { bicycleId: string }) {
  const services = useBicycleServices(bicycleId);
  if (services.isPending) {
    return <ListSkeleton label="Loading service entries..." />;
  }
  if (services.isError) {
    return <LoadFailed title={messages.services.loadFailed} onRetry={() => void services.refetch()} />;
  }
  return <RecentServicesList bicycleId={bicycleId} services={services.data} />;
}

/** A bicycle's service entries (of the components on it), newest first. */
export function RecentServicesList({ bicycleId, services }: { bicycleId: string; services: ServiceEntry[] }) {
  if (services.length === 0) {
    return (
      <p className="rounded-lg border border-dashed p-8 text-center text-muted-foreground">
        {messages.services.recentEmpty}
      </p>
    );
  }
  return (
    <ul className="grid gap-3" aria-label="Recent services">
      {services.map((entry) => (
        <li
          key={entry.id}
          className="flex flex-wrap items-start justify-between gap-2 rounded-lg border bg-card p-4"
        >
          <div className="grid min-w-0 gap-1">
            <p className="font-medium wrap-anywhere">{entry.description}</p>
            <p className="text-sm wrap-anywhere text-muted-foreground">
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
