import { Check } from "lucide-react";
import type { ReactNode } from "react";
import { Badge } from "@/components/ui/badge.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card.tsx";
import { PLANS, type PlanTier } from "../../../../shared/domain/plans.ts";

const perks: Record<PlanTier, string[]> = {
  free: ["1 bicycle", "Unlimited components and service entries", "Parts bin, import and share links"],
  premium: [
    "Up to 10 bicycles",
    "Everything in Free",
    "Cancel any time; keeps working until the period ends",
  ],
};

/** The Free and Premium cards; `action` renders each card's button (sign up, upgrade, current plan...). */
export function PlanCards({
  current,
  action,
}: {
  current?: PlanTier | undefined;
  action: (tier: PlanTier) => ReactNode;
}) {
  return (
    <div className="mx-auto grid w-full max-w-3xl gap-4 sm:grid-cols-2">
      {[PLANS.free, PLANS.premium].map((plan) => (
        <Card key={plan.tier} className={plan.tier === "premium" ? "border-primary/60" : undefined}>
          <CardHeader>
            <div className="flex items-center justify-between gap-2">
              <CardTitle>{plan.name}</CardTitle>
              {current === plan.tier ? <Badge>Your plan</Badge> : null}
            </div>
            <CardDescription>
              <span className="text-3xl font-bold text-foreground">${plan.priceUsdPerMonth}</span>
              {plan.priceUsdPerMonth > 0 ? " per month" : " forever"}
            </CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4 text-sm">
            <ul className="grid gap-2">
              {perks[plan.tier].map((perk) => (
                <li key={perk} className="flex items-start gap-2">
                  <Check className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
                  {perk}
                </li>
              ))}
            </ul>
            {action(plan.tier)}
          </CardContent>
        </Card>
      ))}
    </div>
  );
}
