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
