import { z } from "zod";

export const subscriptionStatusSchema = z.object({
  subscribed: z.boolean(),
  subscriptionTier: z.enum(["free", "premium"]),
  subscriptionEnd: z.string().nullable(),
  cancelAtPeriodEnd: z.boolean(),
  /** "test": our own checkout and portal pages, no payment taken (no Stripe keys configured). */
  billingMode: z.enum(["test", "stripe"]),
  bicycleLimit: z.number(),
  bicycleCount: z.number(),
});

export type SubscriptionStatus = z.infer<typeof subscriptionStatusSchema>;
