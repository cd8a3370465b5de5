import { FlaskConical } from "lucide-react";
import { Link, Navigate } from "react-router";
import { ConfirmDialog } from "@/components/confirm-dialog.tsx";
import { LinesSkeleton } from "@/components/skeletons.tsx";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert.tsx";
import { Button } from "@/components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader } from "@/components/ui/card.tsx";
import { useTestBilling } from "@/features/billing/api.ts";
import { useAppConfig } from "@/lib/app-config.ts";
import { showError } from "@/lib/error-handler.ts";
import { useSubscription } from "@/lib/subscription.ts";
import { toast } from "@/lib/toaster.ts";
import { usePageTitle } from "@/lib/use-page-title.ts";
import { formatDate } from "../../shared/format.ts";
import { messages } from "../../shared/messages.ts";

/** Billing test mode's customer portal: cancel at period end, or resume. */
export function BillingPortalPage() {
  usePageTitle("Manage subscription");
  const subscription = useSubscription();
  const billing = useTestBilling();
  const s = subscription.data;
  // Test mode only. With billing off nothing is sold (the pricing page says so); with Stripe, checkout and
  // the portal are Stripe's pages, and this one's buttons would call routes that do not exist.
  if (useAppConfig().billingMode !== "test") return <Navigate to="/pricing" replace />;
  return (
    <div className="mx-auto grid max-w-lg gap-6">
      <Alert>
        <FlaskConical />
        <AlertTitle>{messages.billing.testMode}</AlertTitle>
        <AlertDescription>This Velolog has no payment provider configured.</AlertDescription>
      </Alert>
      <Card>
        <CardHeader>
          <h1 className="text-xl leading-none font-semibold">Manage subscription</h1>
          {!s ? (
            <LinesSkeleton label="Checking your plan..." lines={1} />
          ) : (
            <CardDescription>
              {!s.subscribed
                ? "You are on the Free plan."
                : s.cancelAtPeriodEnd
                  ? `Premium ends on ${formatDate(s.subscriptionEnd!)}.`
                  : `Premium renews on ${formatDate(s.subscriptionEnd!)}.`}
            </CardDescription>
          )}
        </CardHeader>
        <CardContent className="flex flex-wrap justify-end gap-2">
          <Button asChild variant="outline">
            <Link to="/account">Back to Account</Link>
          </Button>
          {s?.subscribed && !s.cancelAtPeriodEnd ? (
            <ConfirmDialog
              trigger={<Button variant="destructiveOutline">Cancel subscription</Button>}
              title="Cancel Premium?"
              description="You keep Premium until the end of the period you paid for, then move to the Free plan. Your bicycles are kept."
              confirmLabel="Cancel subscription"
              pendingLabel="Cancelling..."
              onConfirm={async () => {
                try {
                  await billing.cancel();
                } catch (error) {
                  showError(error, { fallback: messages.billing.portalFailed });
                  throw error;
                }
                toast.success(messages.billing.canceled);
              }}
            />
          ) : null}
          {s?.subscribed && s.cancelAtPeriodEnd ? (
            <Button
              onClick={async () => {
                try {
                  await billing.resume();
                  toast.success(messages.billing.resumed);
                } catch (error) {
                  showError(error, { fallback: messages.billing.portalFailed });
                }
              }}
            >
              Keep Premium
            </Button>
          ) : null}
        </CardContent>
      </Card>
    </div>
  );
}
