import { Sparkles } from "lucide-react";
import { Link } from "react-router";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert.tsx";
import { Button } from "@/components/ui/button.tsx";
import { PLANS } from "../../../../shared/domain/plans.ts";
import { messages } from "../../../../shared/messages.ts";

/** The plan is full: an informative note in the accent colour with the way up, not an error. */
export function BicycleLimitNotice({ limit }: { limit: number }) {
  return (
    <Alert role="status" className="border-primary/40 bg-primary/5 [&>svg]:text-primary">
      <Sparkles />
      <AlertTitle>{messages.bicycles.limitTitle}</AlertTitle>
      <AlertDescription>
        <p>{messages.bicycles.limit(limit, PLANS.premium.bicycleLimit)}</p>
        <Button asChild size="sm" className="mt-2">
          <Link to="/pricing">Upgrade to Premium</Link>
        </Button>
      </AlertDescription>
    </Alert>
  );
}
