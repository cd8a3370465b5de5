import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Monitor, Smartphone } from "lucide-react";
import { useRef } from "react";
import { LinesSkeleton } from "@/components/skeletons.tsx";
import { Badge } from "@/components/ui/badge.tsx";
import { Button } from "@/components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card.tsx";
import { authLibraryError } from "@/lib/api-client.ts";
import { authClient } from "@/lib/auth-client.ts";
import { showError } from "@/lib/error-handler.ts";
import { focusAfterRemoving } from "@/lib/focus.ts";
import { toast } from "@/lib/toaster.ts";
import { formatDate } from "../../../../shared/format.ts";
import { messages } from "../../../../shared/messages.ts";
import { describeAgent, isMobileAgent } from "../describe-agent.ts";

/** Where this account is signed in, and a way to sign out everywhere else. */
export function SessionsCard({ currentToken }: { currentToken: string | undefined }) {
  const queryClient = useQueryClient();
  const sessions = useQuery({
    queryKey: ["auth-sessions"],
    queryFn: async () => {
      const { data, error } = await authClient.listSessions();
      if (error) throw authLibraryError(error);
      return data;
    },
  });
  const revokeOthers = useMutation({
    mutationFn: async () => {
      const { error } = await authClient.revokeOtherSessions();
      if (error) throw authLibraryError(error);
    },
    onSuccess: () => {
      toast.success("Signed out of your other sessions");
      return queryClient.invalidateQueries({ queryKey: ["auth-sessions"] });
    },
    onError: (error) => showError(error),
  });
  const revokeOne = useMutation({
    mutationFn: async (token: string) => {
      const { error } = await authClient.revokeSession({ token });
      if (error) throw authLibraryError(error);
    },
    onSuccess: () => {
      toast.success(messages.auth.sessionSignedOut);
      return queryClient.invalidateQueries({ queryKey: ["auth-sessions"] });
    },
    onError: (error) => showError(error),
  });
  const others = (sessions.data ?? []).filter((s) => s.token !== currentToken).length;
  // aria-disabled, not disabled: a disabled button drops the keyboard to the page's top. A session signed
  // out takes its button away: the keyboard goes on from the next session's, the last to "Sign out other
  // sessions".
  const signOutOthers = useRef<HTMLButtonElement>(null);
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Sessions</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4 text-sm">
        {sessions.isPending ? (
          <LinesSkeleton label="Loading sessions..." lines={2} />
        ) : (
          <ul className="grid gap-2" aria-label="Sessions">
            {(sessions.data ?? []).map((s) => (
              <li key={s.id} className="flex items-center justify-between gap-3 rounded-md border p-3">
                <span className="flex min-w-0 items-start gap-2">
                  {isMobileAgent(s.userAgent) ? (
                    <Smartphone className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
                  ) : (
                    <Monitor className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
                  )}
                  <span className="grid gap-0.5">
                    <span className="flex flex-wrap items-center gap-2">
                      {describeAgent(s.userAgent)}
                      {s.token === currentToken ? <Badge variant="secondary">This browser</Badge> : null}
                    </span>
                    <span className="text-xs text-muted-foreground">
                      since {formatDate(new Date(s.createdAt))}
                    </span>
                  </span>
                </span>
                {s.token === currentToken ? null : (
                  <Button
                    variant="outline"
                    size="sm"
                    className="shrink-0"
                    aria-label={`Sign out ${describeAgent(s.userAgent)}, since ${formatDate(new Date(s.createdAt))}`}
                    aria-disabled={revokeOne.isPending}
                    onClick={(event) => {
                      if (revokeOne.isPending) return;
                      const next = focusAfterRemoving(event.currentTarget, signOutOthers.current);
                      revokeOne.mutate(s.token, { onSuccess: () => next?.focus() });
                    }}
                  >
                    Sign out
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
        <div>
          <Button
            ref={signOutOthers}
            variant="outline"
            aria-disabled={others === 0 || revokeOthers.isPending}
            onClick={() => (others === 0 || revokeOthers.isPending ? undefined : revokeOthers.mutate())}
          >
            Sign out other sessions
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
