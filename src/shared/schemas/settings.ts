import { z } from "zod";
import { DISTANCE_UNITS } from "../domain/distance.ts";
import { messages } from "../messages.ts";
import { canonicalTimeZone, timeZoneAsWritten } from "../time-zone.ts";

const dueSoonMessage = "Due soon must be a whole percentage from 50 to 99";

export const settingsSchema = z.object({
  distanceUnit: z.enum(DISTANCE_UNITS, { error: "Distance unit must be km or mi" }),
  /** A service interval is "due soon" from this share of it used (issue R). */
  dueSoonPercent: z.number(),
  /**
   * The rider's IANA time zone, "UTC" until set: the day "today" is for service intervals and the moment an
   * install date begins (decision 0060). The web app sets it to the browser's.
   */
  timeZone: z.string().meta({ example: "Europe/Berlin" }),
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
  /** An IANA zone name Intl knows, saved as sent but for its letter case. */
  timeZone: z
    .string({ error: messages.settings.timeZoneInvalid })
    .refine((name) => canonicalTimeZone(name) !== null, messages.settings.timeZoneInvalid)
    .transform(timeZoneAsWritten)
    .optional(),
});

export type SettingsInput = z.infer<typeof settingsInputSchema>;
