import { FlaskConical } from "lucide-react";
import { useState } from "react";
import { Navigate, useNavigate, useSearchParams } from "react-router";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert.tsx";
import { Button } from "@/components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader } from "@/components/ui/card.tsx";
import { useTestBilling } from "@/features/billing/api.ts";
import { useAppConfig } from "@/lib/app-config.ts";
import { showError } from "@/lib/error-handler.ts";
import { usePageTitle } from "@/lib/use-page-title.ts";
import { PLANS } from "../../shared/domain/plans.ts";
import { messages } from "../../shared/messages.ts";

/**
 * Billing test mode's checkout (/billing/checkout?id=, the checkout POST /api/billing/checkout started): the
 * same outcome and redirects as a real payment, without one. Each checkout can be confirmed once.
 */
export function BillingCheckoutPage() {
  usePageTitle("Checkout");
  const billing = useTestBilling();
  const navigate = useNavigate();
  const checkoutId = useSearchParams()[0].get("id");
  const [pending, setPending] = useState(false);
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
          <h1 className="text-xl leading-none font-semibold">Upgrade to Premium</h1>
          <CardDescription>
            ${PLANS.premium.priceUsdPerMonth} per month · up to {PLANS.premium.bicycleLimit} bicycles · cancel
            any time
          </CardDescription>
          {checkoutId ? null : (
            <p role="alert" className="text-sm text-destructive">
              {messages.billing.checkoutNotFound}
            </p>
          )}
        </CardHeader>
        <CardContent className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={() => navigate("/pricing?canceled=true")}>
            Cancel
          </Button>
          <Button
            disabled={pending || !checkoutId}
            onClick={async () => {
              if (!checkoutId) return;
              setPending(true);
              try {
                const { redirectTo } = await billing.confirm(checkoutId);
                navigate(redirectTo);
              } catch (error) {
                showError(error, { fallback: messages.billing.checkoutFailed });
                setPending(false);
              }
            }}
          >
            {pending ? "Confirming..." : "Confirm test payment"}
          </Button>
        </CardContent>
      </Card>
    </div>
  );
}
