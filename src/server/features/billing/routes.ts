import { createRoute } from "@hono/zod-openapi";
import { createMiddleware } from "hono/factory";
import { messages } from "../../../shared/messages.ts";
import {
  billingRedirectSchema,
  testCheckoutConfirmedSchema,
  testCheckoutConfirmSchema,
} from "../../../shared/schemas/billing.ts";
import { okSchema } from "../../../shared/schemas/common.ts";
import { hitRateLimit } from "../../db/rate-limit.ts";
import { AppError } from "../../errors.ts";
import type { AppDeps, AppEnv } from "../../http/context.ts";
import { apiRouter, auth, errors, json, jsonBody, writeErrors } from "../../http/openapi.ts";
import { requireUser, signedIn } from "../../http/session.ts";
import { billingAdapterFor } from "./adapter.ts";
import { assertCheckoutAllowed, billingState, confirmTestCheckout, setCancelAtPeriodEnd } from "./service.ts";

const tags = ["Billing"];

/**
 * Checkouts and portal visits per user per hour (one count for both): each creates a Stripe session (or,
 * in test mode, a stored checkout), so a script cannot spend the operator's Stripe API quota or fill the
 * database. A rider who changes their mind a few times is nowhere near it.
 */
export const BILLING_SESSIONS_PER_HOUR = 20;
const noSuchRoute = () => new AppError("NOT_FOUND", "No such API route.");

/**
 * Mounted at /api/billing. Checkout and the customer portal answer `{ url, mode }` from the configured
 * adapter (features/billing/adapter.ts): Stripe, or test mode (no Stripe keys, the default), where they are
 * our own labelled pages and the /test routes make the same state changes a payment would, one period per
 * checkout. With Stripe the /test routes do not exist (404): only Stripe's signed webhook grants or removes
 * Premium. With BILLING_MODE=off nothing is sold: every route here is a 404 and none is in the document.
 * The webhook itself is mounted separately (webhook-routes.ts), outside the session middleware.
 */
export function billingRoutes({ db, config }: AppDeps) {
  const off = config.billingMode === "off";
  const billing = off ? null : billingAdapterFor(db, config);
  const adapter = () => {
    if (!billing) throw noSuchRoute();
    return billing;
  };
  const testMode = () => {
    if (billing?.mode !== "test") throw noSuchRoute();
  };
  const available = createMiddleware<AppEnv>(async (_c, next) => {
    adapter();
    await next();
  });
  const inTestMode = createMiddleware<AppEnv>(async (_c, next) => {
    testMode();
    await next();
  });
  const countSession = async (userId: string) => {
    if (!(await hitRateLimit(db, `billing-session:${userId}`, BILLING_SESSIONS_PER_HOUR, 60 * 60 * 1000))) {
      throw new AppError("RATE_LIMITED", messages.billing.rateLimited);
    }
  };
  return apiRouter()
    .openapi(
      createRoute({
        method: "post",
        path: "/checkout",
        tags,
        hide: off,
        summary: "Start buying Premium: the checkout page to send the user to",
        security: auth.sessionOnly,
        middleware: [available, signedIn()] as const,
        responses: {
          200: json(billingRedirectSchema, "The checkout page."),
          ...errors(400, 401, 403, 404, 409, 429),
        },
      }),
      async (c) => {
        const user = requireUser(c.get("user"));
        assertCheckoutAllowed(await billingState(db, user.id), adapter().mode);
        await countSession(user.id);
        return c.json({ url: await adapter().checkoutUrl(user), mode: adapter().mode }, 200);
      },
    )
    .openapi(
      createRoute({
        method: "post",
        path: "/portal",
        tags,
        hide: off,
        summary: "Manage the subscription: the customer portal page to send the user to",
        security: auth.sessionOnly,
        middleware: [available, signedIn()] as const,
        responses: {
          200: json(billingRedirectSchema, "The portal page."),
          ...errors(400, 401, 403, 404, 429),
        },
      }),
      async (c) => {
        const user = requireUser(c.get("user"));
        await countSession(user.id);
        const url = await adapter().portalUrl(user);
        return c.json({ url, mode: adapter().mode }, 200);
      },
    )
    .openapi(
      createRoute({
        method: "post",
        path: "/test/confirm",
        tags,
        hide: off,
        summary: "Test mode only: confirm a test checkout (one period of Premium, once)",
        security: auth.sessionOnly,
        middleware: [available, signedIn(), inTestMode] as const,
        request: { body: jsonBody(testCheckoutConfirmSchema) },
        responses: {
          200: json(testCheckoutConfirmedSchema, "Premium granted; where to go next."),
          ...errors(...writeErrors, 404, 409),
        },
      }),
      async (c) => {
        const user = requireUser(c.get("user"));
        await confirmTestCheckout(db, user.id, c.req.valid("json").checkoutId);
        return c.json({ redirectTo: "/pricing?success=true" }, 200);
      },
    )
    .openapi(
      createRoute({
        method: "post",
        path: "/test/cancel",
        tags,
        hide: off,
        summary: "Test mode only: cancel Premium at the end of the period",
        security: auth.sessionOnly,
        middleware: [available, signedIn(), inTestMode] as const,
        responses: { 200: json(okSchema, "Cancelled at the period's end."), ...errors(400, 401, 403, 404) },
      }),
      async (c) => {
        const user = requireUser(c.get("user"));
        const state = await billingState(db, user.id);
        if (state.tier !== "premium")
          throw new AppError("VALIDATION", "There is no Premium subscription to cancel.");
        await setCancelAtPeriodEnd(db, user.id, true);
        return c.json({ ok: true as const }, 200);
      },
    )
    .openapi(
      createRoute({
        method: "post",
        path: "/test/resume",
        tags,
        hide: off,
        summary: "Test mode only: keep Premium after a cancellation",
        security: auth.sessionOnly,
        middleware: [available, signedIn(), inTestMode] as const,
        responses: { 200: json(okSchema, "Premium continues."), ...errors(400, 401, 403, 404) },
      }),
      async (c) => {
        const user = requireUser(c.get("user"));
        if ((await billingState(db, user.id)).tier !== "premium")
          throw new AppError("VALIDATION", "There is no Premium subscription to keep.");
        await setCancelAtPeriodEnd(db, user.id, false);
        return c.json({ ok: true as const }, 200);
      },
    );
}
