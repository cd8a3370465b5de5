import type { ServiceInterval } from "../../../../shared/schemas/service-interval.ts";
import { useAllIntervals } from "../api.ts";
import { IntervalBadge, WearBar } from "./interval-status.tsx";

/**
 * The rider's own component row's intervals. Each row reads the list itself, so a change to the intervals
 * re-renders the rows, not the list around them (which, for a bicycle just deleted, would read its
 * components again: a 404).
 */
export function OwnComponentDue({ componentId }: { componentId: string }) {
  return <ComponentDue componentId={componentId} intervals={useAllIntervals().data} />;
}

/**
 * Beside a component row: its most urgent interval's badge (when due) and wear bar; nothing without one.
 * `intervals`: every interval, most urgent first (the rider's, or the demo's); undefined while loading.
 */
export function ComponentDue({
  componentId,
  intervals,
}: {
  componentId: string;
  intervals: ServiceInterval[] | undefined;
}) {
  // The list is most urgent first, so a component's first interval is its most urgent.
  const worst = intervals?.find((interval) => interval.componentId === componentId);
  if (!worst) return null;
  return (
    <div className="flex items-center gap-2">
      {worst.status.state === "ok" ? null : <IntervalBadge state={worst.status.state} />}
      <WearBar
        state={worst.status.state}
        usedFraction={worst.status.usedFraction}
        label={`${worst.label} used`}
        className="max-w-40"
      />
    </div>
  );
}
