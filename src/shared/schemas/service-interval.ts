import { z } from "zod";
import { formatNumber } from "../format.ts";
import { messages } from "../messages.ts";
import { blankToNull, changesOf, decimalInput, requiredText } from "./common.ts";

const measureSchema = z.object({ used: z.number(), every: z.number(), remaining: z.number() });

export const intervalStatusSchema = z.object({
  state: z.enum(["ok", "due-soon", "overdue"]),
  usedFraction: z.number(),
  distance: measureSchema.nullable(),
  hours: measureSchema.nullable(),
  time: measureSchema.extend({ dueDate: z.string() }).nullable(),
  expectedDueDate: z.string().nullable(),
});

/** An interval with its component's names and its status today. Distances in km. */
export const serviceIntervalSchema = z.object({
  id: z.string(),
  componentId: z.string(),
  componentName: z.string(),
  componentType: z.string(),
  bicycleId: z.string().nullable(),
  bicycleName: z.string().nullable(),
  label: z.string(),
  everyKm: z.number().nullable(),
  everyHours: z.number().nullable(),
  everyMonths: z.number().nullable(),
  /** The last service entry's date that reset it; null when never reset. */
  lastServiceDate: z.string().nullable(),
  /** The day counting started: the last reset, else the component's installation. */
  since: z.string(),
  status: intervalStatusSchema,
});

export type ServiceInterval = z.infer<typeof serviceIntervalSchema>;

/**
 * The smallest distance (km) or hours an interval may have: the columns keep one decimal, so anything smaller
 * would be stored as 0, an interval that never comes due.
 */
export const SMALLEST_INTERVAL = 0.1;

/** The largest distance (km) an interval may have. */
export const LARGEST_INTERVAL_KM = 1_000_000;

function optionalPositive(label: string, max: number, integer = false) {
  const message = `${label} must be a number`;
  const min = integer ? 1 : SMALLEST_INTERVAL;
  const base = z
    .number({ error: message })
    .finite({ error: message })
    .min(min, `${label} must be at least ${formatNumber(min)}`)
    .max(max, `${label} must be at most ${formatNumber(max)}`);
  return z.preprocess(
    decimalInput(label),
    (integer ? base.int(`${label} must be a whole number`) : base).nullable(),
  );
}

/** Whether an interval counts at least one measure; the error of one without any names `everyKm`. */
export function hasMeasure(v: Record<"everyKm" | "everyHours" | "everyMonths", unknown>): boolean {
  return v.everyKm !== null || v.everyHours !== null || v.everyMonths !== null;
}

const intervalFields = z.object(
  {
    label: requiredText(100, "Label is required", "Label must be at most 100 characters"),
    everyKm: optionalPositive("Distance", LARGEST_INTERVAL_KM).default(null),
    everyHours: optionalPositive("Hours", 100_000).default(null),
    everyMonths: optionalPositive("Months", 240, true).default(null),
  },
  // In a list (a new component's `intervals`): the item at fault.
  { error: "An interval must be an object of a label and its measures" },
);

/** An interval as typed: a label and at least one of km (already in km), hours and months. */
export const serviceIntervalInputSchema = intervalFields.refine(hasMeasure, {
  message: messages.intervals.measureRequired,
  path: ["everyKm"],
});

export type ServiceIntervalInput = z.output<typeof serviceIntervalInputSchema>;

/**
 * What a change (PUT) sends: a field left out keeps its value, null clears it. Whether a measure is left
 * is checked by the service, on the stored interval with the changes applied.
 */
export const serviceIntervalChangesSchema = changesOf(intervalFields);
export type ServiceIntervalChanges = z.output<typeof serviceIntervalChangesSchema>;

/** Which intervals a service entry resets; absent means the default (the component's only interval). */
const RESETS_INVALID = "Resets must be a list of at most 50 interval ids";
export const resetsIntervalsSchema = z.preprocess(
  blankToNull,
  z
    .array(z.string({ error: RESETS_INVALID }).max(100, RESETS_INVALID), { error: RESETS_INVALID })
    .max(50, RESETS_INVALID)
    .nullable(),
);
