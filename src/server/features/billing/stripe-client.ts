import Stripe from "stripe";
import type { StripeConfig } from "../../config.ts";

const clients = new WeakMap<StripeConfig, Stripe>();

/**
 * The official Stripe SDK client for these settings (one per configuration). STRIPE_API_BASE_URL points
 * it at another host, e.g. the local stand-in that the tests start.
 */
export function stripeClient(config: StripeConfig): Stripe {
  const existing = clients.get(config);
  if (existing) return existing;
  const base = config.apiBaseUrl ? new URL(config.apiBaseUrl) : undefined;
  const client = new Stripe(config.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    ...(base
      ? {
          host: base.hostname,
          port: base.port || (base.protocol === "https:" ? 443 : 80),
          protocol: base.protocol === "https:" ? "https" : "http",
        }
      : {}),
  });
  clients.set(config, client);
  return client;
}
