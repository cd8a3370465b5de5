import { Badge } from "@/components/ui/badge.tsx";
import { Progress } from "@/components/ui/progress.tsx";
import { cn } from "@/lib/utils.ts";
import { type DistanceUnit, formatDistance, fromKm } from "../../../../shared/domain/distance.ts";
import type { IntervalState } from "../../../../shared/domain/interval-status.ts";
import { formatNumber } from "../../../../shared/format.ts";
import { describeDueDate, describeExpectedDue } from "../../../../shared/interval-wording.ts";
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

/**
 * e.g. "2,400 km of 3,000 km · 600 km left" and "Due Mar 1, 2027" for each measure the interval has, and the
 * day it is expected at the recent pace when that is sooner; no future date once the interval is overdue.
 */
export function describeUsage(interval: ServiceInterval, unit: DistanceUnit): string[] {
  const { distance, hours: time } = interval.status;
  const parts: string[] = [];
  if (distance) {
    // What is left is the difference of the two figures shown (each rounded in miles, so not the km
    // difference converted: 1,056.3 of 1,000 mi is 56.3 mi over).
    const remaining = Math.round((fromKm(distance.every, unit) - fromKm(distance.used, unit)) * 10) / 10;
    const left =
      distance.remaining > 0
        ? `${formatNumber(remaining)} ${unit} left`
        : `${formatNumber(Math.abs(remaining))} ${unit} over`;
    parts.push(`${formatDistance(distance.used, unit)} of ${formatDistance(distance.every, unit)} · ${left}`);
  }
  if (time) {
    const left =
      time.remaining > 0
        ? `${formatNumber(time.remaining)} h left`
        : `${formatNumber(Math.abs(time.remaining))} h over`;
    parts.push(`${formatNumber(time.used)} h of ${formatNumber(time.every)} h · ${left}`);
  }
  const dueDate = describeDueDate(interval);
  if (dueDate) parts.push(dueDate);
  const expected = describeExpectedDue(interval);
  if (expected) parts.push(expected);
  return parts;
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
