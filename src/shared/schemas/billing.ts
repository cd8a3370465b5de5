import { z } from "zod";

/** POST /api/billing/test/confirm: the test-mode checkout being confirmed (from POST /api/billing/checkout). */
export const testCheckoutConfirmSchema = z.object({
  checkoutId: z.uuid({ error: "checkoutId must be the id of a checkout" }),
});

export type TestCheckoutConfirm = z.infer<typeof testCheckoutConfirmSchema>;
