import { formatDollars } from "../format.ts";
import { type DistanceUnit, KM_PER_MILE } from "./distance.ts";

/**
 * What riding cost per kilometre (decision 0045): what was paid over the distance it bought, to 4 decimals,
 * or to 4 significant digits below 1 (decision 0085: $5 over 100,000 km is 0.00005, never 0, for something
 * paid); null while there is no distance to divide by, or nothing paid (a part with no costed service says
 * "—", not "$0.000 per km").
 */
export function costPerKm(paid: number, km: number): number | null {
  if (!(km > 0) || !(paid > 0)) return null;
  const perKm = paid / km;
  return perKm < 1 ? Number(perKm.toPrecision(4)) : Math.round(perKm * 10_000) / 10_000;
}

/** e.g. "$0.012 per km" or "$1.25 per mi"; "under $0.001 per km" for less; "—" when there is no figure. */
export function formatCostPerDistance(perKm: number | null, unit: DistanceUnit): string {
  if (perKm === null) return "—";
  const perUnit = unit === "mi" ? perKm * KM_PER_MILE : perKm;
  // Below a twentieth of a cent the tenth of a cent would read "$0.000", as if free.
  if (perUnit < 0.0005) return `under ${formatDollars(0.001, 3)} per ${unit}`;
  // Cents alone would show most parts as $0.00 or $0.01: below a dollar a tenth of a cent more.
  return `${formatDollars(perUnit, perUnit < 1 ? 3 : 2)} per ${unit}`;
}
