import { Check } from "lucide-react";
import type { ReactNode } from "react";
import { badgeVariants } from "@/components/ui/badge-variants.ts";
import { cardClasses } from "@/components/ui/card-classes.ts";
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
  heading: Heading = "h3",
}: {
  current?: PlanTier | undefined;
  action: (tier: PlanTier) => ReactNode;
  /** h2 where the plans are the page's sections (Pricing), h3 under a section's heading. */
  heading?: "h2" | "h3";
}) {
  return (
    <div className="mx-auto grid w-full max-w-3xl gap-4 sm:grid-cols-2">
      {[PLANS.free, PLANS.premium].map((plan) => (
        // The card's markup with its static classes: this is on the landing page, whose first load stays
        // small (ui/card.tsx and ui/badge.tsx would bring tailwind-merge).
        <div
          key={plan.tier}
          data-slot="card"
          className={plan.tier === "premium" ? `${cardClasses.card} border-primary/60` : cardClasses.card}
        >
          <div data-slot="card-header" className={cardClasses.header}>
            {/* As tall with or without the badge, so both cards' prices and lists start level. */}
            <div className="flex h-6 items-center justify-between gap-2">
              <Heading data-slot="card-title" className={cardClasses.title}>
                {plan.name}
              </Heading>
              {current === plan.tier ? (
                <span data-slot="badge" className={badgeVariants()}>
                  Your plan
                </span>
              ) : null}
            </div>
            <p data-slot="card-description" className={cardClasses.description}>
              <span className="text-3xl font-bold text-foreground">${plan.priceUsdPerMonth}</span>
              {plan.priceUsdPerMonth > 0 ? " per month" : " forever"}
            </p>
          </div>
          <div
            data-slot="card-content"
            className={`${cardClasses.content} flex flex-1 flex-col gap-4 text-sm`}
          >
            {/* The list takes the spare height: both cards' buttons sit on one line at the bottom. */}
            <ul className="grid flex-1 content-start gap-2">
              {perks[plan.tier].map((perk) => (
                <li key={perk} className="flex items-start gap-2">
                  <Check className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
                  {perk}
                </li>
              ))}
            </ul>
            <div className="grid">{action(plan.tier)}</div>
          </div>
        </div>
      ))}
    </div>
  );
}
