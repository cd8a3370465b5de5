import ical from "ical-generator";
import { describeDueDate, describeUsed } from "../../../shared/interval-wording.ts";
import type { ServiceInterval } from "../../../shared/schemas/service-interval.ts";
import { dayInZone, startOfDayInZone } from "../../../shared/time-zone.ts";
import type { Database } from "../../db/index.ts";
import { listIntervalStatuses } from "../intervals/service.ts";
import { getSettings } from "../settings/service.ts";
import { componentUrl, intervalTitle } from "./wording.ts";

/**
 * An interval's day in the calendar: today once it is overdue (whatever date a months limit gives), the day
 * it comes due (its months limit, or when distance or hours run out at the last 90 days' pace, whichever is
 * first), or today when it is due soon and nothing dates it (not ridden lately, no months); else none.
 */
function when(interval: ServiceInterval, today: string): { day: string; title: string; why: string } | null {
  const { state, expectedDueDate, time } = interval.status;
  if (state === "overdue") return { day: today, title: "Overdue", why: "Overdue: due for service now." };
  if (expectedDueDate) {
    return time?.dueDate === expectedDueDate
      ? { day: expectedDueDate, title: "Due", why: "Due by date." }
      : {
          day: expectedDueDate,
          title: "Expected due",
          why: "Expected at your riding pace of the last 90 days.",
        };
  }
  if (state === "due-soon") {
    return { day: today, title: "Due soon", why: "Due soon; no recent rides tell the day it comes due." };
  }
  return null;
}

/**
 * The user's service intervals as all-day events on the day each comes due (see `when`); one already
 * overdue, or due soon with nothing to date it, shows today, so it is not missing from the calendar.
 * Each event's UID is the interval's id, so calendar apps move an event rather than add another.
 */
export async function calendarFeed(
  db: Database,
  userId: string,
  options: { publicUrl: string; now?: Date },
): Promise<string> {
  const [intervals, { distanceUnit, timeZone }] = await Promise.all([
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
  const today = dayInZone(options.now ?? new Date(), timeZone);
  // Stamped with the start of the rider's day, not the moment asked: the feed is then the same bytes until
  // something in it changes, so a calendar app's next poll gets a 304 (ETag) instead of the whole feed.
  const stamp = startOfDayInZone(today, timeZone);
  for (const interval of intervals) {
    const event = when(interval, today);
    if (!event) continue;
    const url = componentUrl(options.publicUrl, interval);
    const usage = describeUsed(interval, distanceUnit);
    const dueDate = describeDueDate(interval);
    calendar.createEvent({
      id: `${interval.id}@${host}`,
      allDay: true,
      start: new Date(`${event.day}T00:00:00Z`),
      summary: `${event.title}: ${intervalTitle(interval)}`,
      description: [event.why, usage && `Used so far: ${usage}.`, dueDate && `${dueDate}.`, url]
        .filter(Boolean)
        .join("\n"),
      url,
      stamp,
    });
  }
  return calendar.toString();
}
