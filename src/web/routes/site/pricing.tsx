import { Link } from "react-router";
import { PageHeader } from "@/components/page-header.tsx";
import { Button } from "@/components/ui/button.tsx";
import { useSession } from "@/features/auth/api.ts";
import { useSubscription } from "@/features/bicycles/api.ts";
import { PlanCards } from "@/features/billing/components/plan-cards.tsx";
import { usePageTitle } from "@/lib/use-page-title.ts";

export function PricingPage() {
  usePageTitle("Pricing");
  const { data: session } = useSession();
  const subscription = useSubscription(!!session);
  const current = session ? subscription.data?.subscriptionTier : undefined;
  return (
    <div className="grid gap-10">
      <PageHeader title="Pricing" description="Free for one bicycle. Premium for the whole stable." />
      {session && subscription.data ? (
        <p className="text-center text-sm text-muted-foreground" role="status">
          You are on the {subscription.data.subscriptionTier === "premium" ? "Premium" : "Free"} plan, with{" "}
          {subscription.data.bicycleCount} of {subscription.data.bicycleLimit} bicycles.
        </p>
      ) : null}
      <PlanCards
        current={current}
        action={(tier) =>
          session ? (
            tier === current ? (
              <Button variant="outline" disabled>
                Current plan
              </Button>
            ) : tier === "premium" ? (
              <Button asChild>
                <Link to="/account">Upgrade to Premium</Link>
              </Button>
            ) : (
              <Button asChild variant="outline">
                <Link to="/account">Manage plan</Link>
              </Button>
            )
          ) : (
            <Button asChild variant={tier === "premium" ? "default" : "outline"}>
              <Link to="/auth">{tier === "premium" ? "Sign up for Premium" : "Start free"}</Link>
            </Button>
          )
        }
      />
      <p className="text-center text-sm text-muted-foreground">
        Questions? Read the{" "}
        <Link to="/faq" className="text-primary hover:underline">
          FAQ
        </Link>{" "}
        or learn more{" "}
        <Link to="/about" className="text-primary hover:underline">
          about Velolog
        </Link>
        .
      </p>
    </div>
  );
}
