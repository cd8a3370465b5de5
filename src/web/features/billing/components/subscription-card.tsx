import { LinesSkeleton } from "@/components/skeletons.tsx";
import { Badge } from "@/components/ui/badge.tsx";
import { Button } from "@/components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card.tsx";
import { useSubscription } from "@/lib/subscription.ts";
import { formatDate } from "../../../../shared/format.ts";
import { messages } from "../../../../shared/messages.ts";
import { useCheckout, usePortal } from "../api.ts";

/** The plan, its end date, and the way to upgrade or manage it. */
export function SubscriptionCard() {
  const subscription = useSubscription();
  const checkout = useCheckout();
  const portal = usePortal();
  const s = subscription.data;
  if (s?.billingMode === "off") {
    return (
      <Card>
        <CardHeader>
          <CardTitle as="h2">Subscription</CardTitle>
          <CardDescription>{messages.billing.unlimited}</CardDescription>
        </CardHeader>
        <CardContent className="text-sm">
          <span className="font-medium">{messages.billing.unlimitedTitle}</span>
          <span className="text-muted-foreground">
            {" "}
            · {s.bicycleCount} {s.bicycleCount === 1 ? "bicycle" : "bicycles"}
          </span>
        </CardContent>
      </Card>
    );
  }
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Subscription</CardTitle>
        <CardDescription>
          {subscription.isError
            ? messages.billing.checkFailed
            : s?.billingMode === "test"
              ? messages.billing.testMode
              : null}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4 text-sm">
        {subscription.isPending ? (
          <LinesSkeleton label="Checking your plan..." lines={2} />
        ) : s ? (
          <>
            <div className="flex flex-wrap items-center gap-2">
              <span className="font-medium">{s.subscribed ? "Premium" : "Free"} plan</span>
              {s.subscribed ? <Badge>Premium</Badge> : null}
            </div>
            <p className="text-muted-foreground">
              {s.bicycleCount} of {s.bicycleLimit} bicycles used.
              {s.bicycleLimit !== null && s.bicycleCount > s.bicycleLimit
                ? ` ${messages.bicycles.overLimit(s.bicycleCount, s.bicycleLimit)}`
                : ""}
              {s.subscriptionEnd
                ? s.cancelAtPeriodEnd
                  ? ` Ends on ${formatDate(s.subscriptionEnd)}; you will be on the Free plan after that.`
                  : ` Renews on ${formatDate(s.subscriptionEnd)}.`
                : ""}
            </p>
            <div className="flex flex-wrap gap-2">
              {s.subscribed ? (
                <Button variant="outline" onClick={() => portal.mutate()} disabled={portal.isPending}>
                  Manage subscription
                </Button>
              ) : (
                <Button onClick={() => checkout.mutate()} disabled={checkout.isPending}>
                  Upgrade to Premium
                </Button>
              )}
            </div>
          </>
        ) : (
          <p className="text-muted-foreground">Free plan</p>
        )}
      </CardContent>
    </Card>
  );
}
