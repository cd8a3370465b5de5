import ical from "ical-generator";
import type { Database } from "../../db/index.ts";
import { listIntervalStatuses } from "../intervals/service.ts";
import { getSettings } from "../settings/service.ts";
import { componentUrl, describeUsage, intervalTitle } from "./wording.ts";

/**
 * The user's service intervals as all-day events on the day each comes due: the date of a time-based
 * interval, or the day distance or hours run out at the last 90 days' riding pace (whichever is first).
 * Each event's UID is the interval's id, so calendar apps move an event rather than add another.
 */
export async function calendarFeed(
  db: Database,
  userId: string,
  options: { publicUrl: string; now?: Date },
): Promise<string> {
  const [intervals, { distanceUnit }] = await Promise.all([
    listIntervalStatuses(db, userId, { now: options.now }),
    getSettings(db, userId),
  ]);
  const calendar = ical({
    name: "Velolog service due dates",
    description: "When your bicycle components are due for service",
    prodId: { company: "Velolog", product: "service-due-dates", language: "EN" },
    // Calendar apps may refresh no more often than this.
    ttl: 60 * 60 * 6,
  });
  const host = new URL(options.publicUrl).hostname;
  for (const interval of intervals) {
    const due = interval.status.expectedDueDate;
    if (!due) continue;
    const firm = interval.status.time?.dueDate === due;
    const url = componentUrl(options.publicUrl, interval);
    calendar.createEvent({
      id: `${interval.id}@${host}`,
      allDay: true,
      start: new Date(`${due}T00:00:00Z`),
      summary: `${firm ? "Due" : "Expected due"}: ${intervalTitle(interval)}`,
      description: [
        firm ? "Due by date." : "Expected at your riding pace of the last 90 days.",
        `Used so far: ${describeUsage(interval, distanceUnit)}.`,
        url,
      ].join("\n"),
      url,
      stamp: options.now ?? new Date(),
    });
  }
  return calendar.toString();
}
