import { z } from "zod";

export const subscriptionStatusSchema = z.object({
  subscribed: z.boolean(),
  subscriptionTier: z.enum(["free", "premium"]),
  subscriptionEnd: z.string().nullable(),
  bicycleLimit: z.number(),
  bicycleCount: z.number(),
});

export type SubscriptionStatus = z.infer<typeof subscriptionStatusSchema>;
