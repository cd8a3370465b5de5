import { useAllIntervals } from "../api.ts";
import { IntervalBadge, WearBar } from "./interval-status.tsx";

/** Beside a component row: its most urgent interval's badge (when due) and wear bar; nothing without one. */
export function ComponentDue({ componentId }: { componentId: string }) {
  const intervals = useAllIntervals();
  // The list is most urgent first, so a component's first interval is its most urgent.
  const worst = intervals.data?.find((interval) => interval.componentId === componentId);
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
