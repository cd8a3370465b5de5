import { eq, sql } from "drizzle-orm";
import type Stripe from "stripe";
import { messages } from "../../../shared/messages.ts";
import type { SessionUser } from "../../auth/session-user.ts";
import type { Config, StripeConfig } from "../../config.ts";
import type { Database } from "../../db/index.ts";
import { subscriptions } from "../../db/schema.ts";
import { AppError } from "../../errors.ts";
import { startTestCheckout } from "./service.ts";
import { expireOpenCheckouts, premiumSubscriptionOf, stripeClient } from "./stripe-client.ts";

/** The modes that sell Premium (BILLING_MODE "off" sells nothing: /api/billing is not mounted). */
export type PaidBillingMode = "test" | "stripe";

/**
 * Where the Upgrade and Manage buttons send the user. The routes (features/billing/routes.ts) answer
 * `{ url, mode }` with either implementation, so the web app does not change with the mode.
 */
export interface BillingAdapter {
  readonly mode: PaidBillingMode;
  /** A checkout page for the Premium plan, opened in a new tab. */
  checkoutUrl(user: SessionUser): Promise<string>;
  /** The customer portal, opened in a new tab. */
  portalUrl(user: SessionUser): Promise<string>;
}

/**
 * Test mode (no Stripe keys, the default): our own labelled pages, no payment taken (decision 0007). Each
 * checkout is a stored row whose id the checkout page confirms, once (decision 0035).
 */
export function testModeBilling(db: Database): BillingAdapter {
  return {
    mode: "test",
    checkoutUrl: async (user) => `/billing/checkout?id=${await startTestCheckout(db, user.id)}`,
    portalUrl: async () => "/billing/portal",
  };
}

/** Stripe when STRIPE_* is configured, test mode otherwise. */
export function billingAdapterFor(db: Database, config: Config): BillingAdapter {
  return config.stripe ? stripeBilling(db, config.stripe, config.publicUrl) : testModeBilling(db);
}

/**
 * Stripe Checkout (subscription mode) and the Stripe customer portal. Neither grants nor removes Premium:
 * only the signed webhook does (features/billing/webhook-routes.ts), so a user who closes the tab after paying
 * still gets Premium, and one who opens the success URL without paying does not.
 */
export function stripeBilling(db: Database, settings: StripeConfig, publicUrl: string): BillingAdapter {
  return {
    mode: "stripe",
    async checkoutUrl(user) {
      const stripe = await stripeClient(settings);
      const customer = await customerFor(db, stripe, user);
      // Paid already, with the webhook still on its way (the plan here still says Free): a second
      // Checkout would start a second subscription, charged every month beside the first.
      if (await premiumSubscriptionOf(stripe, customer)) {
        throw new AppError("VALIDATION", messages.billing.alreadyPremium);
      }
      // Only the newest checkout can be paid: Upgrade pressed in two tabs must not start two subscriptions.
      await expireOpenCheckouts(stripe, customer);
      const session = await stripe.checkout.sessions.create({
        mode: "subscription",
        customer,
        line_items: [{ price: settings.priceId, quantity: 1 }],
        success_url: `${publicUrl}/pricing?success=true`,
        cancel_url: `${publicUrl}/pricing?canceled=true`,
        client_reference_id: user.id,
        subscription_data: { metadata: { userId: user.id } },
      });
      if (!session.url) throw new Error(`Stripe Checkout Session ${session.id} has no URL`);
      return session.url;
    },
    async portalUrl(user) {
      const stripe = await stripeClient(settings);
      const customer = await customerFor(db, stripe, user);
      const session = await stripe.billingPortal.sessions.create({
        customer,
        return_url: `${publicUrl}/account`,
      });
      return session.url;
    },
  };
}

/**
 * The user's Stripe customer id, creating the customer the first time. The idempotency key makes two
 * parallel first checkouts get the same customer from Stripe; the stored id is never replaced.
 */
async function customerFor(db: Database, stripe: Stripe, user: SessionUser): Promise<string> {
  const [row] = await db
    .select({ customer: subscriptions.stripeCustomerId })
    .from(subscriptions)
    .where(eq(subscriptions.userId, user.id));
  if (row?.customer) return row.customer;
  const created = await stripe.customers.create(
    { email: user.email, ...(user.name ? { name: user.name } : {}), metadata: { userId: user.id } },
    { idempotencyKey: `velolog-customer-${user.id}` },
  );
  const [stored] = await db
    .insert(subscriptions)
    .values({ userId: user.id, stripeCustomerId: created.id })
    .onConflictDoUpdate({
      target: subscriptions.userId,
      set: {
        stripeCustomerId: sql`coalesce(${subscriptions.stripeCustomerId}, excluded.stripe_customer_id)`,
        updatedAt: sql`now()`,
      },
    })
    .returning({ customer: subscriptions.stripeCustomerId });
  return stored?.customer ?? created.id;
}
