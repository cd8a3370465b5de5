import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { Link, useSearchParams } from "react-router";
import { Button } from "@/components/ui/button.tsx";
import { useSession } from "@/features/auth/api.ts";
import { useCheckout } from "@/features/billing/api.ts";
import { PlanCards } from "@/features/billing/components/plan-cards.tsx";
import { UnlimitedPlan } from "@/features/billing/components/unlimited-plan.tsx";
import { useAppConfig } from "@/lib/app-config.ts";
import { planChanged } from "@/lib/plan-changes.ts";
import { subscriptionQuery, useSubscription } from "@/lib/subscription.ts";
import { toast } from "@/lib/toaster.ts";
import { usePageTitle } from "@/lib/use-page-title.ts";
import { SIGN_UP_PATH } from "../../../shared/domain/routes.ts";
import { messages } from "../../../shared/messages.ts";

/** Stripe's webhook may reach us after the rider is back from Checkout: the plan is read again this often, */
const PREMIUM_RECHECK_MS = 2_000;
/** this many times (half a minute), until it says Premium. */
const PREMIUM_RECHECKS = 15;

const fetchPlan = (queryClient: QueryClient) =>
  queryClient.fetchQuery({ ...subscriptionQuery(), staleTime: 0 }).then(
    (plan) => ({ premium: plan.subscribed, stripe: plan.billingMode === "stripe" }),
    () => ({ premium: false, stripe: false }),
  );

/**
 * /pricing?success=true and ?canceled=true, where checkout returns: say how it went, once. "Welcome to
 * Premium" waits for the plan to say so: with Stripe's webhook still on its way, the plan is read again
 * for a while, and the welcome follows when it arrives. The tab Upgrade was pressed in is told too.
 */
function usePaymentResultToast() {
  const [params, setParams] = useSearchParams();
  const queryClient = useQueryClient();
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  const success = params.get("success") === "true";
  const canceled = params.get("canceled") === "true";
  useEffect(() => {
    if (success) {
      void queryClient.invalidateQueries({ queryKey: ["bicycles"] });
      void (async () => {
        const { premium, stripe } = await fetchPlan(queryClient);
        toast.success(messages.billing.paymentSuccessful, {
          description: premium ? messages.billing.paymentSuccessfulDescription : undefined,
        });
        if (premium) return planChanged(queryClient);
        // Only Stripe's webhook comes later; a test checkout is confirmed before this page opens.
        for (let i = 0; stripe && i < PREMIUM_RECHECKS; i++) {
          await new Promise((resolve) => setTimeout(resolve, PREMIUM_RECHECK_MS));
          if (!mounted.current) return;
          if ((await fetchPlan(queryClient)).premium) {
            toast.success(messages.billing.paymentSuccessfulDescription);
            return planChanged(queryClient);
          }
        }
      })();
    } else if (canceled) {
      toast.info(messages.billing.paymentCanceled, {
        description: messages.billing.paymentCanceledDescription,
      });
    }
    if (success || canceled) setParams({}, { replace: true });
  }, [success, canceled, setParams, queryClient]);
}

export function PricingPage() {
  usePageTitle("Pricing");
  return useAppConfig().billingMode === "off" ? <UnlimitedPricing /> : <PlansPricing />;
}

/** BILLING_MODE=off: nothing is sold, every account is unlimited. */
function UnlimitedPricing() {
  return (
    <div className="grid gap-10">
      <PricingHeader />
      <UnlimitedPlan heading="h2" />
      <PricingQuestions />
    </div>
  );
}

function PlansPricing() {
  const { data: session } = useSession();
  const subscription = useSubscription(!!session);
  const current = session ? subscription.data?.subscriptionTier : undefined;
  const checkout = useCheckout();
  usePaymentResultToast();
  return (
    <div className="grid gap-10">
      <PricingHeader description="Free for one bicycle. Premium for the whole stable." />
      {session && subscription.data ? (
        <p className="text-center text-sm text-muted-foreground" role="status">
          You are on the {subscription.data.subscriptionTier === "premium" ? "Premium" : "Free"} plan, with{" "}
          {subscription.data.bicycleCount} of {subscription.data.bicycleLimit} bicycles.
          {subscription.data.bicycleLimit !== null &&
          subscription.data.bicycleCount > subscription.data.bicycleLimit
            ? ` ${messages.bicycles.overLimit(subscription.data.bicycleCount, subscription.data.bicycleLimit)}`
            : ""}
        </p>
      ) : null}
      <PlanCards
        heading="h2"
        current={current}
        action={(tier) =>
          session ? (
            subscription.isPending ? (
              // Until the plan is known, no button offers what the rider may already have.
              <Button variant={tier === "premium" ? "default" : "outline"} disabled>
                Checking your plan...
              </Button>
            ) : tier === current ? (
              <Button variant="outline" disabled>
                Current plan
              </Button>
            ) : tier === "premium" ? (
              <Button onClick={() => checkout.mutate()} disabled={checkout.isPending}>
                Upgrade to Premium
              </Button>
            ) : (
              <Button asChild variant="outline">
                <Link to="/account">Manage plan</Link>
              </Button>
            )
          ) : (
            <Button asChild variant={tier === "premium" ? "default" : "outline"}>
              <Link to={SIGN_UP_PATH}>{tier === "premium" ? "Sign up for Premium" : "Start free"}</Link>
            </Button>
          )
        }
      />
      <PricingQuestions />
    </div>
  );
}

/** Centred over the centred cards: the title lines up with what it introduces. */
function PricingHeader({ description }: { description?: string }) {
  return (
    <div className="grid justify-items-center gap-1 text-center">
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Pricing</h1>
      {description ? <p className="text-muted-foreground">{description}</p> : null}
    </div>
  );
}

function PricingQuestions() {
  return (
    <p className="text-center text-sm text-muted-foreground">
      Questions? Read the{" "}
      <Link to="/faq" className="text-primary underline underline-offset-4">
        FAQ
      </Link>{" "}
      or learn more{" "}
      <Link to="/about" className="text-primary underline underline-offset-4">
        about Velolog
      </Link>
      .
    </p>
  );
}
