import { useMutation, useQueryClient } from "@tanstack/react-query";
import { KeyRound } from "lucide-react";
import { useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import { ConfirmDialog } from "@/components/confirm-dialog.tsx";
import { LoadFailed } from "@/components/load-failed.tsx";
import { LinesSkeleton } from "@/components/skeletons.tsx";
import { Badge } from "@/components/ui/badge.tsx";
import { Button } from "@/components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card.tsx";
import { authClient } from "@/lib/auth-client.ts";
import { toast } from "@/lib/toaster.ts";
import { ACCOUNTS_KEY, useSignInAccounts } from "../accounts.ts";
import { LINK_ERROR_PARAM, LINKED_PARAM, useAuthOptions } from "../auth-options.ts";
import { GoogleMark } from "./google-sign-in.tsx";

const LINK_FAILED_TITLE = "Could not link your Google account";

/** The link flow's ?error= codes (the auth library's, or the provider's) in words. */
export function describeLinkError(code: string, email: string): string {
  switch (code) {
    case "email_does_not_match":
      return `That Google account uses a different email address. Choose the Google account for ${email}.`;
    case "account_already_linked_to_different_user":
      return "That Google account is already linked to another Velolog account.";
    case "unable_to_link_account":
      return "Google has not confirmed that account's email address, so it was not linked.";
    case "access_denied":
      return "Linking was cancelled at Google. Nothing was changed.";
    default:
      return "Something went wrong while linking your Google account. Please try again.";
  }
}

type AuthError = { status: number; code?: string | undefined; message?: string | undefined };

function describeUnlinkError(error: AuthError): string {
  if (error.code === "FAILED_TO_UNLINK_LAST_ACCOUNT")
    return "Google is your only way to sign in, so it can't be unlinked. Set a password first: sign out and use Forgot password on the sign-in page.";
  if (error.code === "SESSION_NOT_FRESH")
    return "For your security, sign out and sign in again before removing a sign-in method.";
  if (error.status === 429) return "Too many attempts. Please wait a minute and try again.";
  return error.message || "Something went wrong. Please try again.";
}

/**
 * How this account can sign in: email and password, and Google (linked, or offered when the server has
 * Google configured). Linking goes to Google and back to /account; unlinking asks first, and the server
 * refuses to remove the last method.
 */
export function SignInMethodsCard({ email }: { email: string }) {
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const [confirming, setConfirming] = useState(false);
  const [starting, setStarting] = useState(false);
  const options = useAuthOptions();
  const accounts = useSignInAccounts();

  // Back from Google: say how it went once, then take the answer out of the address.
  const linked = params.get(LINKED_PARAM);
  const linkError = params.get(LINK_ERROR_PARAM) === "google" ? (params.get("error") ?? "unknown") : null;
  useEffect(() => {
    if (linked !== "google" && !linkError) return;
    if (linked === "google")
      toast.success("Google account linked", {
        id: "google-link",
        description: "You can now sign in with Google too.",
      });
    else if (linkError)
      toast.error(LINK_FAILED_TITLE, { id: "google-link", description: describeLinkError(linkError, email) });
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const key of [LINKED_PARAM, LINK_ERROR_PARAM, "error", "error_description"]) next.delete(key);
        return next;
      },
      { replace: true },
    );
  }, [linked, linkError, email, setParams]);

  const startLink = async () => {
    setStarting(true);
    const { data, error } = await authClient.linkSocial({
      provider: "google",
      callbackURL: `/account?${LINKED_PARAM}=google`,
      errorCallbackURL: `/account?${LINK_ERROR_PARAM}=google`,
      disableRedirect: true,
    });
    if (error || !data?.url) {
      setStarting(false);
      toast.error(LINK_FAILED_TITLE, {
        description:
          error?.status === 429
            ? "Too many attempts. Please wait a minute and try again."
            : describeLinkError("unknown", email),
      });
      return;
    }
    window.location.assign(data.url);
  };

  const google = accounts.data?.find((a) => a.providerId === "google");
  const hasPassword = accounts.data?.some((a) => a.providerId === "credential") ?? false;
  const unlink = useMutation({
    mutationFn: async (accountId: string) => {
      const { error } = await authClient.unlinkAccount({ accountId });
      if (error) throw error;
    },
    onSuccess: () => {
      toast.success("Google account unlinked");
      return queryClient.invalidateQueries({ queryKey: ACCOUNTS_KEY });
    },
    onError: (error) =>
      toast.error("Could not unlink your Google account", {
        description: describeUnlinkError(error as unknown as AuthError),
      }),
  });

  const showGoogle = !!google || options.data?.google === true;
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Sign-in methods</CardTitle>
        <CardDescription>The ways you can sign in to this account.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3 text-sm">
        {accounts.isPending ? (
          <LinesSkeleton label="Loading sign-in methods..." lines={2} />
        ) : accounts.isError ? (
          <LoadFailed title="Could not load your sign-in methods." onRetry={() => void accounts.refetch()} />
        ) : (
          <ul className="grid gap-2" aria-label="Sign-in methods">
            <li className="flex flex-wrap items-center justify-between gap-2 rounded-md border p-3">
              <span className="flex min-w-0 items-center gap-2">
                <KeyRound className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
                <span className="font-medium">Email and password</span>
              </span>
              {hasPassword ? (
                <Badge variant="secondary">In use</Badge>
              ) : (
                <span className="text-xs text-muted-foreground">
                  Not set up. To add a password, sign out and use Forgot password.
                </span>
              )}
            </li>
            {showGoogle ? (
              <li className="flex flex-wrap items-center justify-between gap-2 rounded-md border p-3">
                <span className="flex min-w-0 items-center gap-2">
                  <span className="size-4 shrink-0 [&>svg]:size-4">
                    <GoogleMark />
                  </span>
                  <span className="font-medium">Google</span>
                </span>
                {google ? (
                  <span className="flex items-center gap-2">
                    <Badge variant="secondary">Linked</Badge>
                    <ConfirmDialog
                      open={confirming}
                      onOpenChange={setConfirming}
                      trigger={
                        <Button variant="outline" size="sm" disabled={unlink.isPending}>
                          Unlink
                        </Button>
                      }
                      title="Unlink your Google account?"
                      description={
                        hasPassword
                          ? `Google will no longer be one of your sign-in methods; you keep signing in with your email and password. Signing in with a Google account that has your email address links it again.`
                          : "Google is your only way to sign in: it can't be unlinked until you set a password."
                      }
                      confirmLabel="Unlink"
                      pendingLabel="Unlinking..."
                      onConfirm={() => unlink.mutateAsync(google.id)}
                    />
                  </span>
                ) : (
                  <Button variant="outline" size="sm" disabled={starting} onClick={() => void startLink()}>
                    {starting ? "Opening Google..." : "Link Google account"}
                  </Button>
                )}
              </li>
            ) : null}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
