import { z } from "zod";

/**
 * How this instance bills (BILLING_MODE): "test", our own checkout and portal pages, no payment taken;
 * "stripe", Stripe Checkout and its customer portal; "off", no plans and no limits (it charges no one).
 */
export const BILLING_MODES = ["test", "stripe", "off"] as const;
export type BillingMode = (typeof BILLING_MODES)[number];

export const subscriptionStatusSchema = z.object({
  subscribed: z.boolean(),
  subscriptionTier: z.enum(["free", "premium"]),
  subscriptionEnd: z.string().nullable(),
  cancelAtPeriodEnd: z.boolean(),
  billingMode: z.enum(BILLING_MODES),
  /** null: no limit (billing mode "off"). */
  bicycleLimit: z.number().nullable(),
  bicycleCount: z.number(),
});

export type SubscriptionStatus = z.infer<typeof subscriptionStatusSchema>;
