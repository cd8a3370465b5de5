import { eq } from "drizzle-orm";
import type { Config } from "../../config.ts";
import type { Database } from "../../db/index.ts";
import { subscriptions } from "../../db/schema.ts";
import { ENDED_STATUSES, expireOpenCheckouts, stripeClient } from "./stripe-client.ts";

/**
 * Runs before an account is deleted. With Stripe, the customer's open Checkout Sessions are expired first
 * (a checkout tab left open would otherwise start a subscription for an account that no longer exists),
 * then every subscription of the user's Stripe customer that has not ended is cancelled at once, so a
 * deleted account is never charged again (even one whose webhook has not arrived yet). If Stripe cannot be
 * reached the deletion fails and can be retried, rather than leaving a paying subscription without an
 * account. Test mode has nothing to cancel.
 */
export async function cancelBillingOf(db: Database, config: Config, userId: string): Promise<void> {
  if (!config.stripe) return;
  const [row] = await db
    .select({ customer: subscriptions.stripeCustomerId })
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId));
  if (!row?.customer) return;
  const stripe = await stripeClient(config.stripe);
  // A session completed meanwhile started a subscription: it is cancelled below.
  await expireOpenCheckouts(stripe, row.customer);
  for await (const subscription of stripe.subscriptions.list({ customer: row.customer, limit: 100 })) {
    if (!ENDED_STATUSES.has(subscription.status)) await stripe.subscriptions.cancel(subscription.id);
  }
}
