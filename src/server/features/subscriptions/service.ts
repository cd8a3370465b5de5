import { count, eq } from "drizzle-orm";
import { bicycleLimitFor, type PlanTier } from "../../../shared/domain/plans.ts";
import type { SubscriptionStatus } from "../../../shared/schemas/subscription.ts";
import type { Database } from "../../db/index.ts";
import { bicycles, subscriptions } from "../../db/schema.ts";
import type { BillingMode } from "../billing/adapter.ts";
import { billingState } from "../billing/service.ts";

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

export async function subscriptionStatus(
  db: Database,
  userId: string,
  billingMode: BillingMode,
): Promise<SubscriptionStatus> {
  const [state, [counted]] = await Promise.all([
    billingState(db, userId),
    db.select({ n: count() }).from(bicycles).where(eq(bicycles.userId, userId)),
  ]);
  return {
    subscribed: state.tier === "premium",
    subscriptionTier: state.tier,
    subscriptionEnd: state.currentPeriodEnd ? state.currentPeriodEnd.toISOString() : null,
    cancelAtPeriodEnd: state.cancelAtPeriodEnd,
    billingMode,
    bicycleLimit: bicycleLimitFor(state.tier),
    bicycleCount: counted?.n ?? 0,
  };
}
