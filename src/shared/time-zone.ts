/**
 * Calendar days in a rider's IANA time zone (decision 0060), with date-fns and its time zone package.
 * The server keeps each rider's zone (`user_settings.time_zone`, "UTC" until the web app sets it).
 */
import { tz } from "@date-fns/tz";
import { format, parseISO, startOfDay } from "date-fns";

export const DEFAULT_TIME_ZONE = "UTC";

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

/**
 * The name as sent, but for its letter case ("europe/BERLIN" gives "Europe/Berlin"); other spellings are kept
 * (the browser's Asia/Kolkata stays, where Intl answers Asia/Calcutta): the web app compares the stored name
 * with its browser's own.
 */
export function timeZoneAsWritten(name: string): string {
  const canonical = canonicalTimeZone(name);
  return canonical?.toLowerCase() === name.toLowerCase() ? canonical : name;
}

/** The calendar day (YYYY-MM-DD) it is in the zone at `at`. */
export function dayInZone(at: Date, timeZone: string): string {
  return format(at, "yyyy-MM-dd", { in: tz(timeZone) });
}

/**
 * The moment a calendar day (YYYY-MM-DD) begins in the zone: its midnight, or, where summer time skips
 * midnight, the first moment of the day that exists.
 */
export function startOfDayInZone(day: string, timeZone: string): Date {
  return new Date(startOfDay(parseISO(day, { in: tz(timeZone) })).getTime());
}
