import { addDays, addMonths, differenceInCalendarDays, format, parseISO } from "date-fns";

/** What an interval counts: any of distance (km), hours of riding and months; whichever comes first. */
export interface IntervalRule {
  everyKm: number | null;
  everyHours: number | null;
  everyMonths: number | null;
}

export const DEFAULT_DUE_SOON_PERCENT = 90;

export type IntervalState = "ok" | "due-soon" | "overdue";

/** How a component has been used since the interval was last reset (or since it was installed). */
export interface IntervalUsage {
  /** The day counting starts: the last resetting service's date, or the installation's (YYYY-MM-DD). */
  since: string;
  /** Today (YYYY-MM-DD). */
  today: string;
  usedKm: number;
  usedHours: number;
  /** Recent riding per day, to tell when distance and hours run out; none when the component was not ridden. */
  pace?: { kmPerDay: number; hoursPerDay: number } | null;
}

export interface MeasureStatus {
  used: number;
  every: number;
  remaining: number;
}

export interface IntervalStatus {
  state: IntervalState;
  /** The largest share of any measure used: 1 is exactly at the interval. */
  usedFraction: number;
  distance: MeasureStatus | null;
  hours: MeasureStatus | null;
  /** Days, for intervals in months: `every` is the days from `since` to the due date. */
  time: (MeasureStatus & { dueDate: string }) | null;
  /**
   * When it comes due: the time-based due date, or the day distance or hours run out at the recent pace,
   * whichever is first; null when nothing tells (no months and no recent riding).
   */
  expectedDueDate: string | null;
}

const oneDecimal = (n: number) => Math.round(n * 10) / 10;

function measure(used: number, every: number): MeasureStatus {
  return { used: oneDecimal(used), every, remaining: oneDecimal(every - used) };
}

/**
 * An interval's status: "overdue" once any measure reaches its interval (exactly at it included: it is due
 * now), "due soon" once any reaches `dueSoonPercent` of it, else "ok".
 */
export function intervalStatus(
  rule: IntervalRule,
  usage: IntervalUsage,
  dueSoonPercent: number = DEFAULT_DUE_SOON_PERCENT,
): IntervalStatus {
  const since = parseISO(usage.since);
  const today = parseISO(usage.today);
  const distance = rule.everyKm ? measure(usage.usedKm, rule.everyKm) : null;
  const hoursStatus = rule.everyHours ? measure(usage.usedHours, rule.everyHours) : null;
  let time: IntervalStatus["time"] = null;
  if (rule.everyMonths) {
    const due = addMonths(since, rule.everyMonths);
    const every = differenceInCalendarDays(due, since);
    const used = Math.max(0, differenceInCalendarDays(today, since));
    time = { used, every, remaining: every - used, dueDate: format(due, "yyyy-MM-dd") };
  }
  const measures = [distance, hoursStatus, time].filter((m) => m !== null);
  // Compared in whole tenths (what is stored and shown), never as fractions: 0.57 * 100 is 56.99…, so 57 of
  // 100 km would miss a 57 % threshold.
  const tenths = (n: number) => Math.round(n * 10);
  const reached = (percent: number) =>
    measures.some((m) => tenths(m.used) * 100 >= percent * tenths(m.every));
  const state: IntervalState = reached(100) ? "overdue" : reached(dueSoonPercent) ? "due-soon" : "ok";
  // Thousandths of the interval, rounded down: 2,999 of 3,000 km must not read as 100 %.
  const usedThousandths = Math.max(
    0,
    ...measures.map((m) => Math.floor((tenths(m.used) * 1000) / tenths(m.every))),
  );

  const candidates: Date[] = [];
  if (time) candidates.push(parseISO(time.dueDate));
  const pace = usage.pace;
  if (distance && pace && pace.kmPerDay > 0) {
    candidates.push(addDays(today, Math.max(0, Math.ceil(distance.remaining / pace.kmPerDay))));
  }
  if (hoursStatus && pace && pace.hoursPerDay > 0) {
    candidates.push(addDays(today, Math.max(0, Math.ceil(hoursStatus.remaining / pace.hoursPerDay))));
  }
  const first = candidates.sort((a, b) => a.getTime() - b.getTime())[0];
  return {
    state,
    usedFraction: usedThousandths / 1000,
    distance,
    hours: hoursStatus,
    time,
    expectedDueDate: first ? format(first, "yyyy-MM-dd") : null,
  };
}

/** Overdue first, then due soon, then the rest; within each, the most used first. */
export function byUrgency(a: { status: IntervalStatus }, b: { status: IntervalStatus }): number {
  const rank = { overdue: 0, "due-soon": 1, ok: 2 } as const;
  return rank[a.status.state] - rank[b.status.state] || b.status.usedFraction - a.status.usedFraction;
}
