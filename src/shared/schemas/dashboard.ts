import { z } from "zod";
import { bicycleSchema } from "./bicycle.ts";
import { serviceEntrySchema } from "./service-entry.ts";

/** GET /api/dashboard: the user's figures, recent services, bicycles and plan. */
export const dashboardStatsSchema = z.object({
  totalBicycles: z.number(),
  totalComponents: z.number(),
  componentsOnBicycles: z.number(),
  componentsInPartsBin: z.number(),
  totalServiceEntries: z.number(),
  /** The sum of all the user's service costs (not only the recent ones). */
  totalCost: z.number(),
  recentServices: z.array(serviceEntrySchema),
  bicycles: z.array(bicycleSchema),
  /** bicycleLimit null: no limit (billing mode "off"). */
  plan: z.object({ tier: z.enum(["free", "premium"]), bicycleLimit: z.number().nullable() }),
});
export type DashboardStats = z.infer<typeof dashboardStatsSchema>;

export const RECENT_SERVICES_LIMIT = 5;
