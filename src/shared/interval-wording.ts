import { formatDate } from "./format.ts";
import type { ServiceInterval } from "./schemas/service-interval.ts";

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
