import { z } from "zod";
import { type DistanceUnit, fromKm, toKm } from "../domain/distance.ts";
import { formatNumber } from "../format.ts";
import { decimalInput } from "./common.ts";
import { LARGEST_INTERVAL_KM, SMALLEST_INTERVAL, serviceIntervalInputSchema } from "./service-interval.ts";

/**
 * The distances the interval form takes, in the user's unit (one decimal, as distances are shown): the
 * server's limits converted, so that every distance accepted here is accepted there once converted (0.1 mi
 * is 0.2 km), and the largest interval, shown in the user's unit, can be saved again unchanged.
 */
function intervalDistanceLimits(unit: DistanceUnit): { min: number; max: number } {
  const max = fromKm(LARGEST_INTERVAL_KM, unit);
  return {
    min: SMALLEST_INTERVAL,
    max: toKm(max, unit) > LARGEST_INTERVAL_KM ? Math.round((max - 0.1) * 10) / 10 : max,
  };
}

/**
 * The interval form: the distance is typed, checked and named in the user's unit (a miles user never reads a
 * km figure), then given to the server in km.
 */
export function intervalFormSchema(unit: DistanceUnit) {
  const { min, max } = intervalDistanceLimits(unit);
  const message = "Distance must be a number";
  const distance = z
    .number({ error: message })
    .finite({ error: message })
    .min(min, `Distance must be at least ${formatNumber(min)} ${unit}`)
    .max(max, `Distance must be at most ${formatNumber(max)} ${unit}`)
    .nullable()
    .transform((value) => (value === null ? null : toKm(value, unit)));
  return serviceIntervalInputSchema.safeExtend({ everyKm: z.preprocess(decimalInput("Distance"), distance) });
}

/** What the interval form holds: the fields as typed (the distance in the user's unit). */
export type IntervalFormValues = z.input<ReturnType<typeof intervalFormSchema>>;
