import { Badge } from "@/components/ui/badge.tsx";
import { Progress } from "@/components/ui/progress.tsx";
import { cn } from "@/lib/utils.ts";
import { type DistanceUnit, formatDistance } from "../../../../shared/domain/distance.ts";
import type { IntervalState } from "../../../../shared/domain/interval-status.ts";
import { formatNumber } from "../../../../shared/format.ts";
import type { ServiceInterval } from "../../../../shared/schemas/service-interval.ts";

const stateLabel: Record<IntervalState, string> = { ok: "OK", "due-soon": "Due soon", overdue: "Overdue" };

const badgeClass: Record<IntervalState, string> = {
  ok: "border-transparent bg-secondary text-secondary-foreground",
  "due-soon": "border-transparent bg-amber-200 text-amber-950 dark:bg-amber-300 dark:text-amber-950",
  overdue: "",
};

export function IntervalBadge({ state }: { state: IntervalState }) {
  return (
    <Badge variant={state === "overdue" ? "destructive" : "outline"} className={badgeClass[state]}>
      {stateLabel[state]}
    </Badge>
  );
}

const barClass: Record<IntervalState, string> = {
  ok: "bg-primary",
  "due-soon": "bg-amber-500",
  overdue: "bg-destructive-solid",
};

/** A bar of how much of the interval is used (full when due); its name says the share. */
export function WearBar({
  state,
  usedFraction,
  label,
  className,
}: {
  state: IntervalState;
  usedFraction: number;
  label: string;
  className?: string;
}) {
  const percent = Math.min(100, Math.round(usedFraction * 100));
  return (
    <Progress
      value={percent}
      aria-label={label}
      aria-valuetext={`${Math.round(usedFraction * 100)}% used`}
      className={cn("h-1.5", className)}
      indicatorClassName={barClass[state]}
    />
  );
}

/** "Every 3,000 km or 12 months" */
export function describeRule(
  interval: Pick<ServiceInterval, "everyKm" | "everyHours" | "everyMonths">,
  unit: DistanceUnit,
) {
  const parts = [
    interval.everyKm ? formatDistance(interval.everyKm, unit) : null,
    interval.everyHours ? `${formatNumber(interval.everyHours)} h` : null,
    interval.everyMonths
      ? `${interval.everyMonths} ${interval.everyMonths === 1 ? "month" : "months"}`
      : null,
  ].filter(Boolean);
  return `Every ${parts.join(" or ")}`;
}
