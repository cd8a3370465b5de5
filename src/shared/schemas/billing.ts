import { z } from "zod";

/** POST /api/billing/test/confirm: the test-mode checkout being confirmed (from POST /api/billing/checkout). */
export const testCheckoutConfirmSchema = z.object({
  checkoutId: z.uuid({ error: "checkoutId must be the id of a checkout" }),
});

export type TestCheckoutConfirm = z.infer<typeof testCheckoutConfirmSchema>;

/** Checkout and the customer portal: the page to send the user to, and which billing made it. */
export const billingRedirectSchema = z.object({ url: z.string(), mode: z.enum(["test", "stripe"]) });

/** POST /api/billing/test/confirm: where the test checkout sends the user next. */
export const testCheckoutConfirmedSchema = z.object({ redirectTo: z.string() });

/** POST /api/billing/webhook: the event was read; what it did (features/billing/webhook-routes.ts). */
export const webhookReceiptSchema = z.object({
  received: z.literal(true),
  outcome: z.enum(["applied", "duplicate", "ignored", "unknown-customer", "stale"]),
});
