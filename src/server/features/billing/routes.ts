import { Hono } from "hono";
import { AppError } from "../../errors.ts";
import type { AppDeps, AppEnv } from "../../http/context.ts";
import { requireUser, signedIn } from "../../http/session.ts";
import { billingAdapterFor } from "./adapter.ts";
import { billingState, grantPremiumMonth, setCancelAtPeriodEnd } from "./service.ts";

/**
 * Mounted at /api/billing. Checkout and the customer portal answer `{ url, mode }` from the configured
 * adapter (features/billing/adapter.ts): Stripe, or test mode (no Stripe keys, the default), where they
 * are our own labelled pages and the /test routes make the same state changes a payment would. With
 * Stripe the /test routes do not exist (404): only Stripe's signed webhook grants or removes Premium.
 * The webhook itself is mounted separately (webhook.ts), outside the session middleware.
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
      const state = await billingState(db, user.id);
      // With Stripe a second checkout would start a second, separately charged subscription: a
      // cancelled-but-still-running plan is resumed in the customer portal instead.
      if (state.tier === "premium" && (billing.mode === "stripe" || !state.cancelAtPeriodEnd)) {
        throw new AppError(
          "VALIDATION",
          "You are already on Premium. Manage your plan from Account Settings.",
        );
      }
      return c.json({ url: await billing.checkoutUrl(user), mode: billing.mode });
    })
    .post("/portal", async (c) =>
      c.json({ url: await billing.portalUrl(requireUser(c.get("user"))), mode: billing.mode }),
    )
    .post("/test/confirm", async (c) => {
      await grantPremiumMonth(db, requireUser(c.get("user")).id);
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
