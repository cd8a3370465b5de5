import { Hono } from "hono";
import { testCheckoutConfirmSchema } from "../../../shared/schemas/billing.ts";
import { AppError } from "../../errors.ts";
import type { AppDeps, AppEnv } from "../../http/context.ts";
import { requireUser, signedIn } from "../../http/session.ts";
import { validate } from "../../http/validate.ts";
import { billingAdapterFor } from "./adapter.ts";
import { assertCheckoutAllowed, billingState, confirmTestCheckout, setCancelAtPeriodEnd } from "./service.ts";

/**
 * Mounted at /api/billing unless BILLING_MODE is off. Checkout and the customer portal answer
 * `{ url, mode }` from the configured adapter (features/billing/adapter.ts): Stripe, or test mode (no
 * Stripe keys, the default), where they are our own labelled pages and the /test routes make the same
 * state changes a payment would, one period per checkout. With Stripe the /test routes do not exist
 * (404): only Stripe's signed webhook grants or removes Premium. The webhook itself is mounted separately
 * (webhook.ts), outside the session middleware.
 */
export function billingRoutes({ db, config }: AppDeps) {
  const billing = billingAdapterFor(db, config);
  return new Hono<AppEnv>()
    .use(signedIn())
    .use("/test/*", async (_c, next) => {
      if (billing.mode !== "test") throw new AppError("NOT_FOUND", "No such API route.");
      await next();
    })
    .post("/checkout", async (c) => {
      const user = requireUser(c.get("user"));
      assertCheckoutAllowed(await billingState(db, user.id), billing.mode);
      return c.json({ url: await billing.checkoutUrl(user), mode: billing.mode });
    })
    .post("/portal", async (c) =>
      c.json({ url: await billing.portalUrl(requireUser(c.get("user"))), mode: billing.mode }),
    )
    .post("/test/confirm", async (c, next) => {
      requireUser(c.get("user"));
      await next();
    })
    .post("/test/confirm", validate("json", testCheckoutConfirmSchema), async (c) => {
      const user = requireUser(c.get("user"));
      await confirmTestCheckout(db, user.id, c.req.valid("json").checkoutId);
      return c.json({ redirectTo: "/pricing?success=true" });
    })
    .post("/test/cancel", async (c) => {
      const user = requireUser(c.get("user"));
      const state = await billingState(db, user.id);
      if (state.tier !== "premium")
        throw new AppError("VALIDATION", "There is no Premium subscription to cancel.");
      await setCancelAtPeriodEnd(db, user.id, true);
      return c.json({ ok: true });
    })
    .post("/test/resume", async (c) => {
      await setCancelAtPeriodEnd(db, requireUser(c.get("user")).id, false);
      return c.json({ ok: true });
    });
}
