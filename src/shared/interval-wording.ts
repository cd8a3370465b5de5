import { type DistanceUnit, formatDistance, fromKm } from "./domain/distance.ts";
import { formatDate, formatNumber } from "./format.ts";
import type { ServiceInterval } from "./schemas/service-interval.ts";

type Status = ServiceInterval["status"];

const usedDistance = (distance: NonNullable<Status["distance"]>, unit: DistanceUnit) =>
  `${formatDistance(distance.used, unit)} of ${formatDistance(distance.every, unit)}`;
const usedHours = (hours: NonNullable<Status["hours"]>) =>
  `${formatNumber(hours.used)} h of ${formatNumber(hours.every)} h`;

/**
 * What the interval has used of each measure it has, e.g. "2,400 km of 3,000 km · 46 h of 50 h" ("" for
 * none): the calendar feed's "Used so far".
 */
export function describeUsed(interval: Pick<ServiceInterval, "status">, unit: DistanceUnit): string {
  const { distance, hours } = interval.status;
  return [distance && usedDistance(distance, unit), hours && usedHours(hours)].filter(Boolean).join(" · ");
}

/**
 * The interval as the component page, the Due card and the reminder mail say it: e.g.
 * ["2,400 km of 3,000 km · 600 km left", "Due Mar 1, 2027"], for each measure the interval has, and the day
 * it is expected at the recent pace when that is sooner; no future date once the interval is overdue.
 */
export function describeUsage(interval: Pick<ServiceInterval, "status">, unit: DistanceUnit): string[] {
  const { distance, hours } = interval.status;
  const parts: string[] = [];
  if (distance) {
    // What is left is the difference of the two figures shown (each rounded in miles, so not the km
    // difference converted: 1,056.3 of 1,000 mi is 56.3 mi over).
    const remaining = Math.round((fromKm(distance.every, unit) - fromKm(distance.used, unit)) * 10) / 10;
    const left =
      distance.remaining > 0
        ? `${formatNumber(remaining)} ${unit} left`
        : `${formatNumber(Math.abs(remaining))} ${unit} over`;
    parts.push(`${usedDistance(distance, unit)} · ${left}`);
  }
  if (hours) {
    const left =
      hours.remaining > 0
        ? `${formatNumber(hours.remaining)} h left`
        : `${formatNumber(Math.abs(hours.remaining))} h over`;
    parts.push(`${usedHours(hours)} · ${left}`);
  }
  const dueDate = describeDueDate(interval);
  if (dueDate) parts.push(dueDate);
  const expected = describeExpectedDue(interval);
  if (expected) parts.push(expected);
  return parts;
}

/**
 * A months limit's day, as the component page, the digest and the calendar feed say it: "Due Mar 1, 2027",
 * "Due today" or "Was due Mar 1, 2027"; null without one, or when the interval is overdue by distance or
 * hours (a future date would say it is not due).
 */
export function describeDueDate(interval: Pick<ServiceInterval, "status">): string | null {
  const { time, state } = interval.status;
  if (!time) return null;
  if (time.remaining === 0) return "Due today";
  if (time.remaining < 0) return `Was due ${formatDate(time.dueDate)}`;
  return state === "overdue" ? null : `Due ${formatDate(time.dueDate)}`;
}

/**
 * The day distance or hours are expected to run out at the rider's recent pace, when that comes before any
 * months' date (the calendar feed's "Expected due" event), as the component page, the Due card and the digest
 * say it; null once overdue (the service is due now) or without a pace.
 */
export function describeExpectedDue(interval: Pick<ServiceInterval, "status">): string | null {
  const { expectedDueDate, state, time } = interval.status;
  if (state === "overdue" || !expectedDueDate || expectedDueDate === time?.dueDate) return null;
  return `Expected due ${formatDate(expectedDueDate)} at your last 90 days' pace`;
}
