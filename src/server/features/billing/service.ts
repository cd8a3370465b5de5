import { addMonths } from "date-fns/addMonths"; // not the package index, which loads every function
import { eq, sql } from "drizzle-orm";
import type { Database } from "../../db/index.ts";
import { subscriptions } from "../../db/schema.ts";

export interface BillingState {
  tier: "free" | "premium";
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
}

export async function billingState(db: Database, userId: string): Promise<BillingState> {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
  const active =
    row?.tier === "premium" && (row.currentPeriodEnd === null || row.currentPeriodEnd > new Date());
  return {
    tier: active ? "premium" : "free",
    currentPeriodEnd: active ? (row?.currentPeriodEnd ?? null) : null,
    cancelAtPeriodEnd: active ? (row?.cancelAtPeriodEnd ?? false) : false,
  };
}

/** Premium for one more month from now (or from the end of the current period), renewing. */
export async function grantPremiumMonth(db: Database, userId: string): Promise<void> {
  const state = await billingState(db, userId);
  const from = state.tier === "premium" && state.currentPeriodEnd ? state.currentPeriodEnd : new Date();
  const end = addMonths(from, 1);
  await db
    .insert(subscriptions)
    .values({ userId, tier: "premium", status: "active", currentPeriodEnd: end, cancelAtPeriodEnd: false })
    .onConflictDoUpdate({
      target: subscriptions.userId,
      set: {
        tier: "premium",
        status: "active",
        currentPeriodEnd: end,
        cancelAtPeriodEnd: false,
        updatedAt: sql`now()`,
      },
    });
}

/** Cancel at period end: Premium stays until currentPeriodEnd, then the user is Free again. */
export async function setCancelAtPeriodEnd(db: Database, userId: string, cancel: boolean): Promise<void> {
  await db
    .update(subscriptions)
    .set({ cancelAtPeriodEnd: cancel, updatedAt: new Date() })
    .where(eq(subscriptions.userId, userId));
}
