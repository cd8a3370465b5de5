import { Bike, Package } from "lucide-react";
import { Link } from "react-router";
import { LoadFailed } from "@/components/load-failed.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card.tsx";
import { useDistanceUnit } from "@/lib/settings.ts";
import { formatDistance, formatHours } from "../../../../shared/domain/distance.ts";
import { formatDate } from "../../../../shared/format.ts";
import { messages } from "../../../../shared/messages.ts";
import { useComponentInstallations } from "../api.ts";

/** A component's installation history as a timeline: where it was, from when to when, and what it rode there. */
export function ComponentTimeline({ componentId }: { componentId: string }) {
  const unit = useDistanceUnit();
  const installations = useComponentInstallations(componentId);
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Installation History</CardTitle>
      </CardHeader>
      <CardContent>
        {installations.isPending ? (
          <div
            role="status"
            aria-label="Loading installation history"
            className="h-12 animate-pulse rounded-lg bg-muted"
          />
        ) : installations.isError ? (
          <LoadFailed title={messages.components.loadFailed} onRetry={() => void installations.refetch()} />
        ) : (
          <ol aria-label="Installation history" className="grid gap-4 border-l pl-6">
            {[...installations.data].reverse().map((period) => (
              <li key={period.startedAt} className="relative grid gap-0.5">
                <span className="absolute top-0.5 -left-[2.1rem] flex size-5 items-center justify-center rounded-full border bg-background">
                  {period.bicycleId ? (
                    <Bike className="size-3" aria-hidden="true" />
                  ) : (
                    <Package className="size-3" aria-hidden="true" />
                  )}
                </span>
                <p className="font-medium wrap-anywhere">
                  {period.bicycleId ? (
                    <Link to={`/bicycles/${period.bicycleId}`} className="hover:underline">
                      On {period.bicycleName}
                    </Link>
                  ) : (
                    "In the parts bin"
                  )}
                </p>
                <p className="text-sm text-muted-foreground">
                  {formatDate(new Date(period.startedAt))} –{" "}
                  {period.endedAt ? formatDate(new Date(period.endedAt)) : "now"}
                  {period.bicycleId
                    ? ` · ${[formatDistance(period.distanceKm, unit), formatHours(period.movingSeconds)].filter(Boolean).join(" · ")}`
                    : null}
                </p>
              </li>
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}
