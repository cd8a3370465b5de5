import { z } from "zod";
import { DISTANCE_UNITS } from "../domain/distance.ts";

const dueSoonMessage = "Due soon must be a whole percentage from 50 to 99";

export const settingsSchema = z.object({
  distanceUnit: z.enum(DISTANCE_UNITS, { error: "Distance unit must be km or mi" }),
  /** A service interval is "due soon" from this share of it used (issue R). */
  dueSoonPercent: z.number(),
});

export type Settings = z.infer<typeof settingsSchema>;

/** What a save sends: a field left out keeps its value. */
export const settingsInputSchema = z.object({
  distanceUnit: settingsSchema.shape.distanceUnit.optional(),
  dueSoonPercent: z
    .number({ error: dueSoonMessage })
    .int(dueSoonMessage)
    .min(50, dueSoonMessage)
    .max(99, dueSoonMessage)
    .optional(),
});

export type SettingsInput = z.infer<typeof settingsInputSchema>;
