import { addDays, addMonths, differenceInCalendarDays, format, parseISO } from "date-fns";
import type { ComponentType } from "./component-types.ts";

/** What an interval counts: any of distance (km), hours of riding and months; whichever comes first. */
export interface IntervalRule {
  everyKm: number | null;
  everyHours: number | null;
  everyMonths: number | null;
}

export interface DefaultInterval extends IntervalRule {
  label: string;
}

const km = (label: string, everyKm: number): DefaultInterval => ({
  label,
  everyKm,
  everyHours: null,
  everyMonths: null,
});
const hours = (label: string, everyHours: number): DefaultInterval => ({
  label,
  everyKm: null,
  everyHours,
  everyMonths: null,
});
const months = (label: string, everyMonths: number): DefaultInterval => ({
  label,
  everyKm: null,
  everyHours: null,
  everyMonths,
});

/**
 * Defaults by what a component's name says it is, checked in order (the first match wins). Starting points a
 * rider can edit, not wear limits: where a maker publishes an interval it is the maker's; otherwise the common
 * workshop rule of thumb.
 */
const BY_NAME: { pattern: RegExp; intervals: DefaultInterval[] }[] = [
  // Chains stretch to 0.5 % in roughly 2,000–5,000 km (Park Tool, "Chain Wear and Replacement"; Shimano
  // says to replace at the checker's limit): 3,000 km is when to check and usually replace.
  { pattern: /\bchain\b/i, intervals: [km("Replace chain", 3000)] },
  // A cassette lasts about three chains when chains are changed in time (Park Tool, same article).
  { pattern: /cassette|freewheel|sprocket/i, intervals: [km("Replace cassette", 9000)] },
  { pattern: /chainring|crank/i, intervals: [km("Check chainring wear", 15000)] },
  // RockShox service intervals (SRAM user manuals): lower leg service every 50 h, damper and spring
  // service every 200 h. Fox publishes 125 h / 250 h for recent forks; we take the shorter, more common pair.
  {
    pattern: /fork|suspension|shock|damper/i,
    intervals: [hours("Lower service", 50), hours("Full service", 200)],
  },
  // Hydraulic brakes: bleed with fresh fluid once a year, DOT fluid absorbs water (SRAM, Shimano manuals).
  { pattern: /fluid|bleed|hydraulic/i, intervals: [months("Brake fluid", 12)] },
  { pattern: /pad/i, intervals: [km("Check brake pads", 1500)] },
  { pattern: /rotor/i, intervals: [km("Check rotor thickness", 10000)] },
  // Tubeless sealant dries out in 2–7 months (Stan's NoTubes, "How often should I refresh sealant").
  { pattern: /sealant|tubeless/i, intervals: [months("Refresh sealant", 4)] },
  // Tyres: 3,000–5,000 km for road and gravel tyres (Schwalbe and Continental FAQs give such ranges).
  { pattern: /tyre|tire/i, intervals: [km("Replace tyres", 4000)] },
  { pattern: /cable|housing/i, intervals: [months("Replace cables", 12)] },
  // Dropper posts: RockShox Reverb lower service 200 h (SRAM service manual), a yearly check otherwise.
  { pattern: /dropper/i, intervals: [hours("Dropper service", 200)] },
  { pattern: /bottom bracket|\bbb\b/i, intervals: [km("Check bottom bracket", 10000)] },
  { pattern: /headset/i, intervals: [months("Clean and grease headset", 12)] },
  { pattern: /hub/i, intervals: [months("Hub service", 12)] },
  { pattern: /bar tape/i, intervals: [months("Replace bar tape", 12)] },
];

/**
 * Defaults by component type when the name says nothing more specific; none for parts that rarely wear, nor
 * for drivetrain parts, which are too many kinds (a derailleur or shifter is not a chain).
 */
const BY_TYPE: Partial<Record<ComponentType, DefaultInterval[]>> = {
  Fork: [hours("Lower service", 50), hours("Full service", 200)],
  Tires: [km("Replace tyres", 4000)],
  Brakes: [months("Brake fluid", 12), km("Check brake pads", 1500)],
  Wheels: [months("Check spoke tension and hubs", 12)],
  Pedals: [months("Grease pedal bearings", 12)],
};

/** The intervals suggested for a component of this type and name (empty when there is nothing to suggest). */
export function defaultIntervalsFor(type: string, name: string): DefaultInterval[] {
  // A name imported from a spec sheet reads "Label: value": the label says what the part is, while the value
  // can name other things ("… 3S chain keeper" on a frame, "Disc" in a rim's model).
  const label = /^([^:]{1,40}):\s/.exec(name)?.[1];
  const byName = BY_NAME.find(({ pattern }) => pattern.test(label ?? name));
  if (byName) return byName.intervals.map((interval) => ({ ...interval }));
  return (BY_TYPE[type as ComponentType] ?? []).map((interval) => ({ ...interval }));
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
