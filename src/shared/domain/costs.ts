import { type DistanceUnit, KM_PER_MILE } from "./distance.ts";

/**
 * What riding cost per kilometre (decision 0045): what was paid over the distance it bought, to 4 decimals;
 * null while there is no distance to divide by.
 */
export function costPerKm(paid: number, km: number): number | null {
  if (!(km > 0)) return null;
  return Math.round((paid / km) * 10_000) / 10_000;
}

// Made on first use, like the money formats in format.ts.
let small: Intl.NumberFormat | undefined;
let large: Intl.NumberFormat | undefined;

/** e.g. "$0.012 per km" or "$1.25 per mi"; "—" when there is no distance yet. */
export function formatCostPerDistance(perKm: number | null, unit: DistanceUnit): string {
  if (perKm === null) return "—";
  const perUnit = unit === "mi" ? perKm * KM_PER_MILE : perKm;
  // Cents alone would show most parts as $0.00 or $0.01: below a dollar a tenth of a cent more.
  small ??= new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", minimumFractionDigits: 3 });
  large ??= new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });
  return `${(perUnit < 1 ? small : large).format(perUnit)} per ${unit}`;
}
