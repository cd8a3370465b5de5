import { AlertTriangle } from "lucide-react";
import { Link } from "react-router";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert.tsx";
import { Button } from "@/components/ui/button.tsx";
import { PLANS } from "../../../../shared/domain/plans.ts";
import { messages } from "../../../../shared/messages.ts";

export function BicycleLimitNotice({ limit }: { limit: number }) {
  return (
    <Alert>
      <AlertTriangle />
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
