import { formatNumber } from "../format.ts";

export const DISTANCE_UNITS = ["km", "mi"] as const;
export type DistanceUnit = (typeof DISTANCE_UNITS)[number];

export const KM_PER_MILE = 1.609344;
const oneDecimal = (n: number) => Math.round(n * 10) / 10;

/**
 * Distances are stored in kilometres; a value typed in the user's unit becomes km, to one decimal (a part's
 * distance, an interval) or to the metre where the column keeps it (a ride: `decimals` 3).
 */
export function toKm(value: number, unit: DistanceUnit, decimals: 1 | 3 = 1): number {
  const km = unit === "mi" ? value * KM_PER_MILE : value;
  return decimals === 1 ? oneDecimal(km) : Math.round(km * 1000) / 1000;
}

/** A stored distance in the user's unit, to one decimal. */
export function fromKm(km: number, unit: DistanceUnit): number {
  return oneDecimal(unit === "mi" ? km / KM_PER_MILE : km);
}

/** e.g. "1,250 km" or "776.7 mi". */
export function formatDistance(km: number, unit: DistanceUnit = "km"): string {
  return `${formatNumber(fromKm(km, unit))} ${unit}`;
}

/** Climbing is stored in metres; a rider who counts miles counts feet. */
const METRES_PER_FOOT = 0.3048;

export function elevationUnit(unit: DistanceUnit): "m" | "ft" {
  return unit === "mi" ? "ft" : "m";
}

/** Whole metres from a climb typed in the user's unit. */
export function toMetres(value: number, unit: DistanceUnit): number {
  return Math.round(unit === "mi" ? value * METRES_PER_FOOT : value);
}

/** A stored climb in whole units of the user's (feet for miles). */
export function fromMetres(metres: number, unit: DistanceUnit): number {
  return Math.round(unit === "mi" ? metres / METRES_PER_FOOT : metres);
}

/** e.g. "640 m" or "2,100 ft". */
export function formatElevation(metres: number, unit: DistanceUnit): string {
  return `${formatNumber(fromMetres(metres, unit))} ${elevationUnit(unit)}`;
}

/** Moving time as hours, e.g. "12.5 h", or "" when there is none. */
export function formatHours(seconds: number): string {
  if (seconds <= 0) return "";
  return `${formatNumber(seconds / 3600)} h`;
}

/** A component's wear: its distance, with the hours of riding beside it where rides had time. */
export function formatWear(wear: { distance: number; movingSeconds: number }, unit: DistanceUnit): string {
  const hours = formatHours(wear.movingSeconds);
  return hours ? `${formatDistance(wear.distance, unit)} · ${hours}` : formatDistance(wear.distance, unit);
}
