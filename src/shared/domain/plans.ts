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

export function canAddBicycle(tier: PlanTier, currentCount: number): boolean {
  return currentCount < bicycleLimitFor(tier);
}
