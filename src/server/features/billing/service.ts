import { addMonths } from "date-fns/addMonths"; // not the package index, which loads every function
import { and, eq, sql } from "drizzle-orm";
import { messages } from "../../../shared/messages.ts";
import type { Database } from "../../db/index.ts";
import { subscriptions, testCheckouts, user } from "../../db/schema.ts";
import { AppError, notFound } from "../../errors.ts";

type Executor = Pick<Database, "select" | "insert">;

export interface BillingState {
  tier: "free" | "premium";
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
}

export async function billingState(db: Pick<Database, "select">, userId: string): Promise<BillingState> {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
  const active =
    row?.tier === "premium" && (row.currentPeriodEnd === null || row.currentPeriodEnd > new Date());
  return {
    tier: active ? "premium" : "free",
    currentPeriodEnd: active ? (row?.currentPeriodEnd ?? null) : null,
    cancelAtPeriodEnd: active ? (row?.cancelAtPeriodEnd ?? false) : false,
  };
}

/**
 * A checkout is refused while Premium runs and renews: with Stripe a second one would start a second,
 * separately charged subscription (a cancelled-but-running plan is resumed in the customer portal instead);
 * in test mode a second period is not for sale before the first ends or is cancelled.
 */
export function assertCheckoutAllowed(state: BillingState, mode: "test" | "stripe"): void {
  if (state.tier === "premium" && (mode === "stripe" || !state.cancelAtPeriodEnd)) {
    throw new AppError("VALIDATION", messages.billing.alreadyPremium);
  }
}

/** Premium for one more month from now (or from the end of the current period), renewing. */
async function grantPremiumMonth(db: Executor, userId: string): Promise<void> {
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

/** A test-mode checkout can be confirmed for a day after it was started, like a Stripe Checkout Session. */
export const TEST_CHECKOUT_LIFETIME_MS = 24 * 60 * 60 * 1000;

/** Starts a test-mode checkout for the user; its id is what the checkout page confirms. */
export async function startTestCheckout(db: Database, userId: string): Promise<string> {
  const [row] = await db.insert(testCheckouts).values({ userId }).returning({ id: testCheckouts.id });
  return row!.id;
}

/**
 * Confirms the user's test-mode checkout: one month of Premium, once. The user's row is locked first, so
 * parallel confirms (of one checkout or several) are applied one after another: the first grants the
 * month, the others find the checkout confirmed or the user already on Premium.
 */
export async function confirmTestCheckout(db: Database, userId: string, checkoutId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.select({ id: user.id }).from(user).where(eq(user.id, userId)).for("update");
    const [checkout] = await tx
      .select()
      .from(testCheckouts)
      .where(and(eq(testCheckouts.id, checkoutId), eq(testCheckouts.userId, userId)));
    if (!checkout) throw notFound(messages.billing.checkoutNotFound);
    if (checkout.confirmedAt) throw new AppError("CONFLICT", messages.billing.checkoutAlreadyConfirmed);
    if (Date.now() - checkout.createdAt.getTime() > TEST_CHECKOUT_LIFETIME_MS) {
      throw new AppError("CONFLICT", messages.billing.checkoutExpired);
    }
    assertCheckoutAllowed(await billingState(tx, userId), "test");
    await tx.update(testCheckouts).set({ confirmedAt: new Date() }).where(eq(testCheckouts.id, checkoutId));
    await grantPremiumMonth(tx, userId);
  });
}

/** Cancel at period end: Premium stays until currentPeriodEnd, then the user is Free again. */
export async function setCancelAtPeriodEnd(db: Database, userId: string, cancel: boolean): Promise<void> {
  await db
    .update(subscriptions)
    .set({ cancelAtPeriodEnd: cancel, updatedAt: new Date() })
    .where(eq(subscriptions.userId, userId));
}
