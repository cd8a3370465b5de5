import { BellOff } from "lucide-react";
import { Link, useSearchParams } from "react-router";
import { Alert, AlertDescription } from "@/components/ui/alert.tsx";
import { Button } from "@/components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardFooter, CardHeader } from "@/components/ui/card.tsx";
import { cardClasses } from "@/components/ui/card-classes.ts";
import { useUnsubscribe } from "@/features/reminders/api.ts";
import { ApiError } from "@/lib/api-client.ts";
import { usePageTitle } from "@/lib/use-page-title.ts";
import { cn } from "@/lib/utils.ts";
import { messages } from "../../shared/messages.ts";

/**
 * The reminder mail's unsubscribe link: no sign-in, the token in the address says whose reminders. It asks
 * for a click rather than unsubscribing on load, so a mail scanner that opens links changes nothing.
 */
export function UnsubscribePage() {
  usePageTitle("Unsubscribe from reminders");
  const token = useSearchParams()[0].get("token") ?? "";
  const unsubscribe = useUnsubscribe();
  const failure =
    unsubscribe.error instanceof ApiError && unsubscribe.error.status !== 0
      ? unsubscribe.error.message
      : unsubscribe.error
        ? "Could not reach the server. Check your connection and try again."
        : null;
  return (
    <div className="mx-auto max-w-md py-10">
      <Card>
        <CardHeader>
          <h1 className={cn(cardClasses.title, "flex items-center gap-2")}>
            <BellOff aria-hidden="true" className="size-5" /> Unsubscribe from reminders
          </h1>
          <CardDescription>Stop the emails about service intervals that come due.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4 text-sm">
          {!token ? (
            <Alert variant="destructive">
              <AlertDescription>{messages.reminders.unsubscribeInvalid}</AlertDescription>
            </Alert>
          ) : unsubscribe.isSuccess ? (
            <p role="status">{unsubscribe.data.message}</p>
          ) : failure ? (
            <Alert variant="destructive">
              <AlertDescription>{failure}</AlertDescription>
            </Alert>
          ) : (
            <p>
              Velolog will stop emailing you about service that is due. Your intervals and the calendar feed
              stay.
            </p>
          )}
        </CardContent>
        <CardFooter className="flex flex-wrap gap-2">
          {token && !unsubscribe.isSuccess ? (
            <Button disabled={unsubscribe.isPending} onClick={() => unsubscribe.mutate(token)}>
              {unsubscribe.isPending ? "Unsubscribing..." : "Unsubscribe"}
            </Button>
          ) : null}
          <Button variant="outline" asChild>
            <Link to="/account">Account Settings</Link>
          </Button>
        </CardFooter>
      </Card>
    </div>
  );
}
