import { Sparkles } from "lucide-react";
import { Link } from "react-router";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert.tsx";
import { Button } from "@/components/ui/button.tsx";
import { PLANS } from "../../../../shared/domain/plans.ts";
import { messages } from "../../../../shared/messages.ts";

/**
 * The plan is full: an informative note in the accent colour with the way up (when there is a plan above),
 * not an error. After Premium lapses a rider can have more bicycles than the plan takes: they all stay.
 */
export function BicycleLimitNotice({
  limit,
  count,
  canUpgrade,
}: {
  limit: number;
  count: number;
  canUpgrade: boolean;
}) {
  return (
    <Alert role="status" className="border-primary/40 bg-primary/5 [&>svg]:text-primary">
      <Sparkles />
      <AlertTitle>{messages.bicycles.limitTitle}</AlertTitle>
      <AlertDescription>
        <p>{messages.bicycles.limit(limit, PLANS.premium.bicycleLimit)}</p>
        {count > limit ? <p>{messages.bicycles.overLimit(count, limit)}</p> : null}
        {canUpgrade ? (
          <Button asChild size="sm" className="mt-2">
            <Link to="/pricing">Upgrade to Premium</Link>
          </Button>
        ) : null}
      </AlertDescription>
    </Alert>
  );
}
