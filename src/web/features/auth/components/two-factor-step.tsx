import { useId, useState } from "react";
import { Button } from "@/components/ui/button.tsx";
import { InputField } from "@/components/ui/form-field.tsx";
import { authClient } from "@/lib/auth-client.ts";
import { toast } from "@/lib/toaster.ts";
import { messages } from "../../../../shared/messages.ts";
import { useRefreshSession } from "../api.ts";

const m = messages.auth;

/** What to say for a refused code, by the auth library's error code. */
function describeFailure(error: { status: number; code?: string | undefined; message?: string | undefined }) {
  if (error.status === 429)
    return { text: "Too many attempts. Please wait a minute and try again.", restart: false };
  if (error.code === "TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE" || error.code === "INVALID_TWO_FACTOR_COOKIE") {
    return {
      text: "Too many wrong codes, or the sign-in took too long. Please sign in again.",
      restart: true,
    };
  }
  if (error.code === "ACCOUNT_TEMPORARILY_LOCKED") {
    return {
      text: "Too many wrong codes for this account. Please try again in 15 minutes.",
      restart: true,
    };
  }
  if (error.code === "INVALID_BACKUP_CODE") {
    return { text: "That backup code is not right, or it was already used.", restart: false };
  }
  if (error.code === "CODE_ALREADY_USED") {
    return { text: m.twoFactorCodeUsed, restart: false };
  }
  if (error.code === "INVALID_CODE") {
    return {
      text: "That code is not right. Check the code in your authenticator app and try again.",
      restart: false,
    };
  }
  return { text: error.message || messages.generic.error, restart: false };
}

/**
 * The second step of signing in to an account with two-factor authentication: the password was right
 * (the server holds a short-lived challenge, no session yet); the code from the authenticator app, or a
 * backup code, finishes the sign-in.
 */
export function TwoFactorStep({ onRestart }: { onRestart: (reason: string) => void }) {
  const refreshSession = useRefreshSession();
  const id = useId();
  const [backup, setBackup] = useState(false);
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const fieldId = `${id}-code`;

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const value = backup ? code.trim() : code.replace(/\s+/g, "");
    if (backup ? !value : !/^\d{6}$/.test(value)) {
      setError(
        backup ? "Enter one of your backup codes." : "Enter the 6-digit code from your authenticator app.",
      );
      return;
    }
    setPending(true);
    setError(null);
    const { error: failure } = backup
      ? await authClient.twoFactor.verifyBackupCode({ code: value })
      : await authClient.twoFactor.verifyTotp({ code: value });
    if (failure) {
      setPending(false);
      const { text, restart } = describeFailure(failure);
      toast.error(m.signInErrorTitle, { description: text });
      if (restart) {
        onRestart(text);
        return;
      }
      setError(text);
      setCode("");
      return;
    }
    // Signed in: the session query now finds the session and the page moves on like any sign-in.
    await refreshSession();
  };

  return (
    <form onSubmit={submit} noValidate className="grid gap-4" aria-label="Two-factor authentication">
      <p className="text-sm text-muted-foreground">
        {backup
          ? "Enter one of the backup codes you saved when you set up two-factor authentication. Each code works once."
          : "Open your authenticator app and enter the 6-digit code it shows for Velolog."}
      </p>
      {backup ? (
        <InputField
          key="backup"
          id={fieldId}
          label="Backup code"
          error={error ?? undefined}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          autoFocus
          value={code}
          onChange={(event) => setCode(event.target.value)}
        />
      ) : (
        <InputField
          key="totp"
          id={fieldId}
          label="Authentication code"
          error={error ?? undefined}
          inputMode="numeric"
          pattern="[0-9]*"
          autoComplete="one-time-code"
          maxLength={6}
          autoFocus
          className="font-mono tracking-[0.3em]"
          value={code}
          onChange={(event) => setCode(event.target.value.replace(/\D/g, "").slice(0, 6))}
        />
      )}
      <Button type="submit" disabled={pending}>
        {pending ? "Verifying..." : "Verify"}
      </Button>
      <Button
        type="button"
        variant="link"
        onClick={() => {
          setBackup(!backup);
          setCode("");
          setError(null);
        }}
      >
        {backup ? "Use your authenticator app instead" : "Use a backup code instead"}
      </Button>
      <Button type="button" variant="ghost" onClick={() => onRestart("")}>
        Back to sign in
      </Button>
    </form>
  );
}
