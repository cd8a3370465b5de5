import { Link } from "react-router";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert.tsx";
import { Button } from "@/components/ui/button.tsx";
import { SIGN_UP_PATH } from "../../../../shared/domain/routes.ts";

/** Tells visitors they are looking at read-only sample data, with the way to sign up. */
export function DemoBanner() {
  return (
    <Alert>
      <AlertTitle>You are viewing the demo</AlertTitle>
      <AlertDescription>
        <p>This is sample data, read-only. Sign up to track your own bicycles, components and services.</p>
        <Button asChild size="sm" className="mt-2">
          <Link to={SIGN_UP_PATH}>Sign up free</Link>
        </Button>
      </AlertDescription>
    </Alert>
  );
}
