import { useQueryClient } from "@tanstack/react-query";
import { Download, Loader2 } from "lucide-react";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "@/components/ui/dialog.tsx";
import { InputField } from "@/components/ui/form-field.tsx";
import { hintClasses } from "@/components/ui/hint-classes.ts";
import { CsvDownloads } from "@/features/csv/components/csv-downloads.tsx";
import { startExportDownload } from "@/features/export/api.ts";
import { authClient } from "@/lib/auth-client.ts";
import { showError } from "@/lib/error-handler.ts";
import { useSubscription } from "@/lib/subscription.ts";
import { useOneAtATime } from "@/lib/use-one-at-a-time.ts";
import { messages } from "../../../../shared/messages.ts";
import { RECENT_SIGN_IN_SECONDS } from "../../../../shared/schemas/auth.ts";
import { useSignInAccounts } from "../accounts.ts";
import { leaveDeletedAccount } from "../api.ts";
import { GoogleMark, startGoogleSignIn } from "./google-sign-in.tsx";

const m = messages.deleteAccount;

interface Failure {
  field: "password" | "code" | null;
  message: string;
}

/** The server's refusal (auth/delete-user-check.ts) in words, next to the field it concerns. */
function describeFailure(error: { status: number; code?: string | undefined }): Failure {
  switch (error.code) {
    case "PASSWORD_REQUIRED":
      return { field: "password", message: m.passwordRequired };
    case "INVALID_PASSWORD":
      return { field: "password", message: m.passwordWrong };
    case "TWO_FACTOR_CODE_REQUIRED":
      return { field: "code", message: m.codeRequired };
    case "INVALID_TWO_FACTOR_CODE":
      return { field: "code", message: m.codeWrong };
    case "SIGN_IN_AGAIN":
      return { field: null, message: m.signInAgain };
  }
  return { field: null, message: error.status === 429 ? m.rateLimited : m.failed };
}

/** Before anything is deleted: the full export (a .zip, GET /api/export) and the CSV files. */
function DownloadFirst() {
  const [starting, setStarting] = useState(false);
  const oneAtATime = useOneAtATime();
  // Signed in first, as "Export everything" (lib/download.ts): a session that has ended is told in the page.
  const start = () =>
    oneAtATime(async () => {
      setStarting(true);
      try {
        await startExportDownload();
      } catch (error) {
        showError(error, { fallback: messages.archive.exportFailed });
      } finally {
        setStarting(false);
      }
    });
  return (
    <section aria-labelledby="download-first-title" className="grid gap-2 rounded-md border bg-muted/40 p-3">
      <h3 id="download-first-title" className="text-sm font-medium">
        Download your data first
      </h3>
      <p className={hintClasses}>
        Keep a copy: everything in one .zip (photos and receipts included), or your records as spreadsheets.
      </p>
      <Button size="sm" className="justify-self-start" aria-disabled={starting} onClick={() => void start()}>
        {starting ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Download aria-hidden="true" />}{" "}
        Download all my data (.zip)
      </Button>
      <CsvDownloads label="CSV downloads before deleting" />
    </section>
  );
}

/**
 * Deleting the account removes all its data. The session alone is not enough: the password confirms it
 * (or, for an account that signs in only with Google, a sign-in within the last 10 minutes), plus a
 * two-factor code when two-factor authentication is on.
 */
export function DeleteAccountCard({
  twoFactorEnabled,
  signedInAt,
}: {
  twoFactorEnabled: boolean;
  signedInAt: string;
}) {
  const [password, setPassword] = useState("");
  const [code, setCode] = useState("");
  const [failure, setFailure] = useState<Failure | null>(null);
  const [pending, setPending] = useState(false);
  const queryClient = useQueryClient();
  const accounts = useSignInAccounts();
  // The account page reads the plan already (its subscription card): no extra request.
  const premium = useSubscription().data?.subscribed ?? false;
  const id = useId();
  const hasPassword = accounts.data?.some((a) => a.providerId === "credential") ?? false;
  const googleOnly = accounts.isSuccess && !hasPassword;
  const signedInRecently = Date.now() - new Date(signedInAt).getTime() < RECENT_SIGN_IN_SECONDS * 1000;
  const mustSignInAgain = googleOnly && (!signedInRecently || failure?.message === m.signInAgain);
  const ready =
    accounts.isSuccess && (!hasPassword || password !== "") && (!twoFactorEnabled || code.trim() !== "");

  const reset = () => {
    setPassword("");
    setCode("");
    setFailure(null);
  };

  return (
    <Card className="border-destructive/40">
      <CardHeader>
        <CardTitle as="h2">Delete account</CardTitle>
        <CardDescription>
          Deletes your account with every bicycle, component, ride, service entry, photo, receipt and share
          link, and disconnects Strava. This cannot be undone.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Dialog onOpenChange={reset}>
          <DialogTrigger asChild>
            <Button variant="destructiveOutline">Delete my account</Button>
          </DialogTrigger>
          <DialogContent>
            <DialogHeader>
              <DialogTitle>Delete your account?</DialogTitle>
              <DialogDescription>
                Everything you have recorded will be deleted for good. {premium ? `${m.endsPremium} ` : null}
                {googleOnly
                  ? "Your account signs in with Google: deleting it needs a sign-in within the last 10 minutes."
                  : twoFactorEnabled
                    ? "Enter your password and a code from your authenticator app to confirm."
                    : "Enter your password to confirm."}
              </DialogDescription>
            </DialogHeader>
            <DownloadFirst />
            <form
              className="grid gap-4"
              aria-label="Delete account"
              noValidate
              onSubmit={async (event) => {
                event.preventDefault();
                setPending(true);
                setFailure(null);
                const { error } = await authClient.deleteUser({
                  ...(hasPassword ? { password } : {}),
                  ...(twoFactorEnabled ? { code: code.trim() } : {}),
                });
                setPending(false);
                if (error) {
                  setFailure(describeFailure(error));
                  return;
                }
                leaveDeletedAccount(queryClient);
              }}
            >
              {hasPassword ? (
                <InputField
                  id={`${id}-password`}
                  label="Password"
                  type="password"
                  autoComplete="current-password"
                  value={password}
                  error={failure?.field === "password" ? failure.message : undefined}
                  onChange={(event) => setPassword(event.target.value)}
                />
              ) : null}
              {twoFactorEnabled ? (
                <InputField
                  id={`${id}-code`}
                  label="Two-factor code"
                  hint="The 6-digit code from your authenticator app, or a backup code."
                  autoComplete="one-time-code"
                  spellCheck={false}
                  value={code}
                  error={failure?.field === "code" ? failure.message : undefined}
                  onChange={(event) => setCode(event.target.value)}
                />
              ) : null}
              {failure && !failure.field ? (
                <p role="alert" className="text-sm text-destructive">
                  {failure.message}
                </p>
              ) : null}
              <DialogFooter className="gap-2">
                {mustSignInAgain ? (
                  <Button
                    type="button"
                    variant="outline"
                    onClick={() =>
                      startGoogleSignIn("/account").catch(() =>
                        setFailure({ field: null, message: m.failed }),
                      )
                    }
                  >
                    <GoogleMark />
                    Sign in with Google again
                  </Button>
                ) : null}
                <Button type="submit" variant="destructive" disabled={!ready || mustSignInAgain || pending}>
                  {pending ? "Deleting..." : "Delete everything"}
                </Button>
              </DialogFooter>
            </form>
          </DialogContent>
        </Dialog>
      </CardContent>
    </Card>
  );
}
