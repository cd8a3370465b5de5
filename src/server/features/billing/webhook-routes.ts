import { createRoute } from "@hono/zod-openapi";
import { eq } from "drizzle-orm";
import type Stripe from "stripe";
import { webhookReceiptSchema } from "../../../shared/schemas/billing.ts";
import type { Database } from "../../db/index.ts";
import { stripeEvents, subscriptions } from "../../db/schema.ts";
import { AppError } from "../../errors.ts";
import { bodyLimit } from "../../http/body-limit.ts";
import type { AppDeps } from "../../http/context.ts";
import { apiRouter, auth, errors, json } from "../../http/openapi.ts";
import type { Logger } from "../../logger.ts";
import { ENDED_STATUSES, PREMIUM_STATUSES, premiumSubscriptionOf, stripeClient } from "./stripe-client.ts";

/** Stripe's events are a few kilobytes; anything near this is not from Stripe. */
const MAX_WEBHOOK_BODY = 256 * 1024;

/** The events that can change a user's plan. Others are acknowledged and ignored. */
const PLAN_EVENTS = new Set([
  "checkout.session.completed",
  "customer.subscription.created",
  "customer.subscription.updated",
  "customer.subscription.deleted",
]);

/**
 * POST /api/billing/webhook: Stripe's signed events. Mounted before the same-origin check and the session
 * middleware (Stripe sends neither an Origin nor a cookie); the signature on the raw body is the
 * authentication. In test mode there is no Stripe, so the route answers 404.
 */
export function stripeWebhookRoutes({ db, config, logger }: AppDeps) {
  const route = createRoute({
    method: "post",
    path: "/",
    tags: ["Billing"],
    summary: "Stripe's webhook (signed events; only with Stripe configured)",
    description: "Authenticated by the `Stripe-Signature` header over the raw body, not by a session.",
    security: auth.public,
    middleware: [bodyLimit(MAX_WEBHOOK_BODY, "The request body is too large.")] as const,
    request: {
      body: { required: true, content: { "application/json": { schema: { type: "object" as const } } } },
    },
    responses: {
      200: json(webhookReceiptSchema, "The event was read."),
      ...errors(400, 404, 413),
    },
  });
  return apiRouter().openapi(route, async (c) => {
    if (!config.stripe) {
      throw new AppError("NOT_FOUND", "Billing webhooks are only used when Stripe is configured.");
    }
    const stripe = await stripeClient(config.stripe);
    const payload = Buffer.from(await c.req.arrayBuffer());
    let event: Stripe.Event;
    try {
      event = stripe.webhooks.constructEvent(
        payload,
        c.req.header("stripe-signature") ?? "",
        config.stripe.webhookSecret,
      );
    } catch (error) {
      logger.warn({ err: error, requestId: c.get("requestId") }, "stripe webhook: bad signature");
      throw new AppError("VALIDATION", "The Stripe-Signature header is missing or does not match the body.");
    }
    const outcome = await applyStripeEvent(db, stripe, event, logger);
    logger.info({ event: "stripe_webhook", id: event.id, type: event.type, outcome }, "stripe webhook");
    return c.json({ received: true as const, outcome }, 200);
  });
}

export type EventOutcome = "applied" | "duplicate" | "ignored" | "unknown-customer" | "stale";

/**
 * Applies one verified event. Idempotent: the event id is recorded in stripe_events in the same
 * transaction as the change, and an id seen before changes nothing. Order-proof: the event only says
 * which subscription changed; its current state is fetched from Stripe's API, so an old event applies
 * today's state rather than its own stale snapshot. An ended subscription (canceled) is never revived,
 * and an inactive subscription does not take Premium away that another subscription of the same customer
 * still gives (two checkouts paid in two tabs: cancelling one leaves the other charged, so Premium stays).
 */
export async function applyStripeEvent(
  db: Database,
  stripe: Stripe,
  event: Stripe.Event,
  logger: Logger,
): Promise<EventOutcome> {
  if (typeof event.id !== "string" || !PLAN_EVENTS.has(event.type)) return "ignored";
  const [seen] = await db
    .select({ id: stripeEvents.id })
    .from(stripeEvents)
    .where(eq(stripeEvents.id, event.id));
  if (seen) return "duplicate";

  const subscriptionId = subscriptionIdOf(event);
  // Fetched outside the transaction: no database lock is held while Stripe answers. A failure here
  // becomes a 500, which Stripe retries later; the event is not recorded as processed.
  const changed = subscriptionId ? await stripe.subscriptions.retrieve(subscriptionId) : null;
  // A subscription that no longer gives Premium: the customer's other one that still does, if any, decides.
  const current =
    changed && !PREMIUM_STATUSES.has(changed.status)
      ? ((await premiumSubscriptionOf(stripe, customerOf(changed), changed.id)) ?? changed)
      : changed;

  return db.transaction(async (tx) => {
    const recorded = await tx
      .insert(stripeEvents)
      .values({ id: event.id, type: event.type })
      .onConflictDoNothing()
      .returning({ id: stripeEvents.id });
    if (recorded.length === 0) return "duplicate";
    if (!current) return "ignored";

    const customerId = customerOf(current);
    const [row] = await tx
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.stripeCustomerId, customerId))
      .for("update");
    if (!row) {
      logger.warn({ customerId, eventId: event.id }, "stripe webhook: customer is not one of our users");
      return "unknown-customer";
    }
    if (row.stripeSubscriptionId === current.id && ENDED_STATUSES.has(row.status)) return "stale";
    const premium = PREMIUM_STATUSES.has(current.status);
    const otherGivesPremium =
      row.stripeSubscriptionId !== null &&
      row.stripeSubscriptionId !== current.id &&
      row.tier === "premium" &&
      PREMIUM_STATUSES.has(row.status);
    if (!premium && otherGivesPremium) return "stale";

    await tx
      .update(subscriptions)
      .set({
        tier: premium ? "premium" : "free",
        status: current.status,
        currentPeriodEnd: premiumUntil(current),
        cancelAtPeriodEnd: current.cancel_at_period_end || current.cancel_at !== null,
        stripeSubscriptionId: current.id,
        updatedAt: new Date(),
      })
      .where(eq(subscriptions.userId, row.userId));
    return "applied";
  });
}

function customerOf(subscription: Stripe.Subscription): string {
  return typeof subscription.customer === "string" ? subscription.customer : subscription.customer.id;
}

function subscriptionIdOf(event: Stripe.Event): string | null {
  // Read defensively: the payload is signed by Stripe, but a malformed one must not become a 500.
  const object = (event.data as { object?: unknown } | undefined)?.object as Record<string, unknown> | null;
  if (!object || typeof object !== "object") return null;
  if (event.type === "checkout.session.completed") {
    if (object.mode !== "subscription") return null;
    const subscription = object.subscription as string | { id?: unknown } | null | undefined;
    const id = typeof subscription === "string" ? subscription : subscription?.id;
    return typeof id === "string" && id ? id : null;
  }
  return object.object === "subscription" && typeof object.id === "string" && object.id ? object.id : null;
}

/** The end of the paid period (on the subscription's items), or the scheduled cancellation if earlier. */
function premiumUntil(subscription: Stripe.Subscription): Date | null {
  const periodEnds = subscription.items.data.map((item) => item.current_period_end);
  const candidates = [
    ...(periodEnds.length ? [Math.max(...periodEnds)] : []),
    subscription.cancel_at ?? Infinity,
  ];
  const end = Math.min(...candidates);
  return Number.isFinite(end) ? new Date(end * 1000) : null;
}
