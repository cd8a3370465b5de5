import { count, eq } from "drizzle-orm";
import { bicycleLimitOn, type PlanTier } from "../../../shared/domain/plans.ts";
import type { BillingMode, SubscriptionStatus } from "../../../shared/schemas/subscription.ts";
import type { Database } from "../../db/index.ts";
import { bicycles, subscriptions } from "../../db/schema.ts";
import { type BillingState, billingState } from "../billing/service.ts";

const FREE: BillingState = { tier: "free", currentPeriodEnd: null, cancelAtPeriodEnd: false };

type Executor = Pick<Database, "select">;

/** The user's plan now: Premium only while its period has not ended. */
export async function currentTier(
  db: Executor,
  userId: string,
): Promise<{ tier: PlanTier; end: Date | null }> {
  const [row] = await db
    .select({ tier: subscriptions.tier, end: subscriptions.currentPeriodEnd })
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId));
  return tierOf(row?.tier ?? null, row?.end ?? null);
}

/** The plan a subscription row gives now: Premium only while its period has not ended. */
export function tierOf(tier: string | null, end: Date | null): { tier: PlanTier; end: Date | null } {
  const active = tier === "premium" && (end === null || end > new Date());
  return active ? { tier: "premium", end } : { tier: "free", end: null };
}

/** The user's plan as the web app reads it; with billing off there is no plan, and no limit. */
export async function subscriptionStatus(
  db: Database,
  userId: string,
  billingMode: BillingMode,
): Promise<SubscriptionStatus> {
  const [state, [counted]] = await Promise.all([
    billingMode === "off" ? FREE : billingState(db, userId),
    db.select({ n: count() }).from(bicycles).where(eq(bicycles.userId, userId)),
  ]);
  return {
    subscribed: state.tier === "premium",
    subscriptionTier: state.tier,
    subscriptionEnd: state.currentPeriodEnd ? state.currentPeriodEnd.toISOString() : null,
    cancelAtPeriodEnd: state.cancelAtPeriodEnd,
    billingMode,
    bicycleLimit: bicycleLimitOn(billingMode, state.tier),
    bicycleCount: counted?.n ?? 0,
  };
}
