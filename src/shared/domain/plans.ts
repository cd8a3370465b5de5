import type { BillingMode } from "../schemas/subscription.ts";

export type PlanTier = "free" | "premium";

export interface Plan {
  tier: PlanTier;
  name: string;
  bicycleLimit: number;
  priceUsdPerMonth: number;
}

export const PLANS: Record<PlanTier, Plan> = {
  free: { tier: "free", name: "Free", bicycleLimit: 1, priceUsdPerMonth: 0 },
  premium: { tier: "premium", name: "Premium", bicycleLimit: 10, priceUsdPerMonth: 2 },
};

export function bicycleLimitFor(tier: PlanTier): number {
  return PLANS[tier].bicycleLimit;
}

/** The bicycle limit a user has on this instance: none when billing is off (it charges no one). */
export function bicycleLimitOn(billingMode: BillingMode, tier: PlanTier): number | null {
  return billingMode === "off" ? null : bicycleLimitFor(tier);
}

export function canAddBicycle(tier: PlanTier, currentCount: number): boolean {
  return currentCount < bicycleLimitFor(tier);
}
