import { Hono } from "hono";
import { AppError } from "../../errors.ts";
import type { AppDeps, AppEnv } from "../../http/context.ts";
import { requireUser, signedIn } from "../../http/session.ts";
import { billingState, grantPremiumMonth, setCancelAtPeriodEnd } from "./service.ts";

/**
 * Mounted at /api/billing. Test mode (no Stripe keys, the default): checkout and the customer portal are
 * our own pages, clearly labelled, and these routes make the same state changes a payment would.
 */
export function billingRoutes({ db }: AppDeps) {
  return new Hono<AppEnv>()
    .use(signedIn())
    .post("/checkout", async (c) => {
      const state = await billingState(db, requireUser(c.get("user")).id);
      if (state.tier === "premium" && !state.cancelAtPeriodEnd) {
        throw new AppError(
          "VALIDATION",
          "You are already on Premium. Manage your plan from Account Settings.",
        );
      }
      return c.json({ url: "/billing/checkout", mode: "test" });
    })
    .post("/portal", (c) => c.json({ url: "/billing/portal", mode: "test" }))
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
