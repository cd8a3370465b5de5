import { z } from "zod";

/** GET /api/spending: service costs of the last 12 months by month and by bicycle (decision 0045). */
export const spendingSchema = z.object({
  /** The 12 months as yyyy-MM, oldest first; the last is the current month in the rider's time zone (decision 0060). */
  months: z.array(z.string()),
  /**
   * One group per bicycle with costs in those months, and one (`bicycleId` null) for parts in the parts bin
   * when serviced; `amounts` by month in the order of `months`. Largest total first.
   */
  groups: z.array(
    z.object({
      bicycleId: z.string().nullable(),
      bicycleName: z.string().nullable(),
      amounts: z.array(z.number()),
      total: z.number(),
    }),
  ),
  total: z.number(),
});
export type Spending = z.infer<typeof spendingSchema>;

export const SPENDING_MONTHS = 12;
