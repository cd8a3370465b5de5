/**
 * Calendar days in a rider's IANA time zone (decision 0060), with the runtime's Intl: no time zone library.
 * The server keeps each rider's zone (`user_settings.time_zone`, "UTC" until the web app sets it).
 */

export const DEFAULT_TIME_ZONE = "UTC";

const formats = new Map<string, Intl.DateTimeFormat>();

/** The zone's clock, to the second, with 24-hour hours; cached per zone (a format is costly to make). */
function clockIn(timeZone: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    formats.set(timeZone, format);
  }
  return format;
}

/**
 * The zone's canonical name when `name` is an IANA zone name Intl knows ("europe/berlin" gives
 * "Europe/Berlin"), else null. Offsets such as "+05:00" are refused: the rider's zone is a place, whose
 * offset changes with summer time, and PostgreSQL reads a bare offset with the opposite sign.
 */
export function canonicalTimeZone(name: string): string | null {
  if (name.length > 64 || !/^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(name)) return null;
  try {
    return new Intl.DateTimeFormat("en-US", { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

/** The wall-clock time in the zone at `at`, read as if it were UTC (milliseconds). */
function wallClock(at: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const part of clockIn(timeZone).formatToParts(at)) {
    if (part.type !== "literal") parts[part.type] = Number(part.value);
  }
  const { year, month, day, hour, minute, second } = parts as Record<string, number>;
  return Date.UTC(year!, month! - 1, day!, hour!, minute!, second!);
}

/** The zone's offset from UTC at `at`, in milliseconds (east positive). */
function offsetAt(at: number, timeZone: string): number {
  return wallClock(Math.floor(at / 1000) * 1000, timeZone) - Math.floor(at / 1000) * 1000;
}

/** The calendar day (YYYY-MM-DD) it is in the zone at `at`. */
export function dayInZone(at: Date, timeZone: string): string {
  return new Date(wallClock(at.getTime(), timeZone)).toISOString().slice(0, 10);
}

/**
 * The moment a calendar day (YYYY-MM-DD) begins in the zone: its midnight, or, where summer time skips
 * midnight, the first moment of the day that exists.
 */
export function startOfDayInZone(day: string, timeZone: string): Date {
  const midnight = Date.parse(`${day}T00:00:00Z`);
  // The offset at a first guess, then at the moment it gives: right on both sides of a change.
  let at = midnight - offsetAt(midnight, timeZone);
  at = midnight - offsetAt(at, timeZone);
  // Midnight did not exist that day (clocks went forward at 00:00): the day begins when they did.
  for (let step = 0; step < 4 && dayInZone(new Date(at), timeZone) < day; step++) at += 3_600_000;
  return new Date(at);
}
