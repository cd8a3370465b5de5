import { z } from "zod";
import { DISTANCE_UNITS } from "../domain/distance.ts";

export const settingsSchema = z.object({
  distanceUnit: z.enum(DISTANCE_UNITS, { error: "Distance unit must be km or mi" }),
});

export type Settings = z.infer<typeof settingsSchema>;
