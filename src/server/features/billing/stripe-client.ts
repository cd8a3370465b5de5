import type Stripe from "stripe";
import type { StripeConfig } from "../../config.ts";

/** A subscription in one of these states can never become active again. */
export const ENDED_STATUSES = new Set(["canceled", "incomplete_expired"]);

/** Subscription states that give Premium (past_due: Stripe is still retrying the payment). */
export const PREMIUM_STATUSES = new Set(["active", "trialing", "past_due"]);

/**
 * A subscription of the customer that gives Premium now, as Stripe says (not as our webhooks have told us
 * so far), other than `except`; null if there is none. Stripe lists the customer's subscriptions that have
 * not been cancelled.
 */
export async function premiumSubscriptionOf(
  stripe: Stripe,
  customerId: string,
  except?: string,
): Promise<Stripe.Subscription | null> {
  for await (const subscription of stripe.subscriptions.list({ customer: customerId, limit: 100 })) {
    if (subscription.id !== except && PREMIUM_STATUSES.has(subscription.status)) return subscription;
  }
  return null;
}

const clients = new WeakMap<StripeConfig, Promise<Stripe>>();

/**
 * The official Stripe SDK client for these settings (one per configuration). The SDK is loaded on first
 * use, so a server in billing test mode never loads it. STRIPE_API_BASE_URL points it at another host,
 * e.g. the local stand-in that the tests start.
 */
export function stripeClient(config: StripeConfig): Promise<Stripe> {
  let client = clients.get(config);
  if (!client) {
    client = import("stripe").then(({ default: StripeSdk }) => {
      const base = config.apiBaseUrl ? new URL(config.apiBaseUrl) : undefined;
      return new StripeSdk(config.secretKey, {
        maxNetworkRetries: 2,
        timeout: 20_000,
        ...(base
          ? {
              host: base.hostname,
              port: base.port || (base.protocol === "https:" ? 443 : 80),
              protocol: base.protocol === "https:" ? ("https" as const) : ("http" as const),
            }
          : {}),
      });
    });
    clients.set(config, client);
  }
  return client;
}

/**
 * Expires the customer's open Checkout Sessions, so none of them can start a subscription any more. One that
 * completes (or expires) between the list and the expiry is left as it is: Stripe refuses to expire it.
 */
export async function expireOpenCheckouts(stripe: Stripe, customerId: string): Promise<void> {
  for await (const session of stripe.checkout.sessions.list({
    customer: customerId,
    status: "open",
    limit: 100,
  })) {
    try {
      await stripe.checkout.sessions.expire(session.id);
    } catch (error) {
      if ((error as { type?: unknown }).type !== "StripeInvalidRequestError") throw error;
    }
  }
}
