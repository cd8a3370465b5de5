import { Link, useLocation } from "react-router";
import { Button } from "@/components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card.tsx";
import { signInPath } from "../../shared/domain/routes.ts";
import { messages } from "../../shared/messages.ts";

/**
 * A page of someone's logbook opened without a session (a reminder mail's or a calendar event's link): not
 * the demo's, so the rider is asked to sign in and comes back here.
 */
export function SignInToSee() {
  const { pathname, search, hash } = useLocation();
  return (
    <Card className="mx-auto max-w-lg text-center">
      <CardHeader>
        <CardTitle className="text-xl">{messages.auth.signInToSeeTitle}</CardTitle>
      </CardHeader>
      <CardContent className="grid justify-items-center gap-4">
        <p className="text-muted-foreground">{messages.auth.signInToSee}</p>
        <div className="flex flex-wrap justify-center gap-2">
          <Button asChild>
            <Link to={signInPath(pathname + search + hash)}>Sign In</Link>
          </Button>
          <Button asChild variant="outline">
            <Link to="/bicycles">See the demo</Link>
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
