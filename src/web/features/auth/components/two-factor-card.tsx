import { useQueryClient } from "@tanstack/react-query";
import { ShieldCheck } from "lucide-react";
import { useId, useState } from "react";
import { CopyButton } from "@/components/copy-button.tsx";
import { QrCode } from "@/components/qr-code.tsx";
import { Badge } from "@/components/ui/badge.tsx";
import { Button } from "@/components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card.tsx";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "@/components/ui/dialog.tsx";
import { InputField } from "@/components/ui/form-field.tsx";
import { authClient } from "@/lib/auth-client.ts";
import { toast } from "@/lib/toaster.ts";
import { messages } from "../../../../shared/messages.ts";
import { useRefreshSession } from "../api.ts";

type AuthError = { status: number; code?: string | undefined; message?: string | undefined };

const WRONG_PASSWORD = "The password is not right.";

function describeFailure(error: AuthError, fallback: string): string {
  if (error.status === 429) return "Too many attempts. Please wait a minute and try again.";
  if (error.code === "INVALID_PASSWORD") return WRONG_PASSWORD;
  if (error.code === "INVALID_CODE")
    return "That code is not right. Check your authenticator app and try again.";
  return error.message || fallback;
}

/** Backup codes are shown once, right after they are made; each one signs in once without the app. */
function BackupCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <div className="grid gap-3">
      <p className="text-sm">
        Save these backup codes somewhere safe. Each one signs you in once if you lose your phone. They are
        shown only now.
      </p>
      <ul
        aria-label="Backup codes"
        className="grid grid-cols-2 gap-2 rounded-md border bg-muted/40 p-3 font-mono text-sm"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <CopyButton text={codes.join("\n")} label="Copy backup codes" done="Backup codes copied" />
        <Button type="button" onClick={onDone}>
          Done
        </Button>
      </div>
    </div>
  );
}

/** A password field in a form; the auth library asks for the password before any change to the factor. */
function PasswordForm({
  id,
  submitLabel,
  pendingLabel,
  destructive,
  onSubmit,
  children,
}: {
  id: string;
  submitLabel: string;
  pendingLabel: string;
  destructive?: boolean;
  onSubmit: (password: string) => Promise<string | null>;
  children?: React.ReactNode;
}) {
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  return (
    <form
      className="grid gap-4"
      noValidate
      onSubmit={async (event) => {
        event.preventDefault();
        if (!password) {
          setError("Enter your password.");
          return;
        }
        setPending(true);
        setError(null);
        const failure = await onSubmit(password);
        setPending(false);
        if (failure) setError(failure);
      }}
    >
      <InputField
        id={id}
        label="Current password"
        type="password"
        autoComplete="current-password"
        error={error ?? undefined}
        value={password}
        onChange={(event) => setPassword(event.target.value)}
      />
      <div className="flex flex-wrap justify-end gap-2">
        {children}
        <Button type="submit" variant={destructive ? "destructive" : "default"} disabled={pending}>
          {pending ? pendingLabel : submitLabel}
        </Button>
      </div>
    </form>
  );
}

type Stage =
  | { kind: "idle" }
  | { kind: "password" }
  | { kind: "enrol"; uri: string; secret: string; backupCodes: string[] }
  | { kind: "codes"; backupCodes: string[] };

/**
 * Account Settings: an authenticator-app factor (TOTP). Set up asks for the password, shows a QR code and
 * the secret, and turns on with the first right code; then the backup codes are shown once. When it is
 * on: new backup codes, or removing the factor (both with the password).
 */
/** A confirmation dialog that asks for the password before an action on the factor. */
function PasswordDialog({
  open,
  onOpenChange,
  trigger,
  title,
  description,
  formId,
  ...passwordForm
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  trigger: React.ReactNode;
  title: string;
  description: string;
  formId: string;
  submitLabel: string;
  pendingLabel: string;
  destructive?: boolean;
  /** Resolves to an error message to show in the form, or null when done. */
  onSubmit: (password: string) => Promise<string | null>;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <PasswordForm id={formId} {...passwordForm}>
          <DialogClose asChild>
            <Button type="button" variant="outline">
              Cancel
            </Button>
          </DialogClose>
        </PasswordForm>
      </DialogContent>
    </Dialog>
  );
}

export function TwoFactorCard({ enabled }: { enabled: boolean }) {
  const id = useId();
  const queryClient = useQueryClient();
  const refreshSession = useRefreshSession();
  const [stage, setStage] = useState<Stage>({ kind: "idle" });
  const [code, setCode] = useState("");
  const [codeError, setCodeError] = useState<string | null>(null);
  const [verifying, setVerifying] = useState(false);
  const [dialog, setDialog] = useState<"regenerate" | "remove" | null>(null);

  const refresh = async () => {
    // Turning the factor on or off replaces this browser's session (the user changed).
    await Promise.all([refreshSession(), queryClient.invalidateQueries({ queryKey: ["auth-sessions"] })]);
  };

  const start = async (password: string) => {
    const { data, error } = await authClient.twoFactor.enable({ password, issuer: "Velolog" });
    if (error || !data || !("totpURI" in data) || !data.totpURI) {
      const text = error
        ? describeFailure(error, "Two-factor authentication could not be set up.")
        : messages.generic.error;
      toast.error("Two-factor authentication was not set up", { description: text });
      return text;
    }
    const secret = new URL(data.totpURI).searchParams.get("secret") ?? "";
    setCode("");
    setCodeError(null);
    setStage({ kind: "enrol", uri: data.totpURI, secret, backupCodes: data.backupCodes ?? [] });
    return null;
  };

  const verify = async (event: React.FormEvent) => {
    event.preventDefault();
    if (stage.kind !== "enrol") return;
    if (!/^\d{6}$/.test(code)) {
      setCodeError("Enter the 6-digit code from your authenticator app.");
      return;
    }
    setVerifying(true);
    setCodeError(null);
    const { error } = await authClient.twoFactor.verifyTotp({ code });
    setVerifying(false);
    if (error) {
      const text = describeFailure(error, "The code could not be checked.");
      setCodeError(text);
      setCode("");
      toast.error("Two-factor authentication was not turned on", { description: text });
      return;
    }
    toast.success("Two-factor authentication is on", {
      description: "Signing in now asks for a code from your authenticator app.",
    });
    setStage({ kind: "codes", backupCodes: stage.backupCodes });
    await refresh();
  };

  const regenerate = async (password: string) => {
    const { data, error } = await authClient.twoFactor.generateBackupCodes({ password });
    if (error || !data) {
      const text = error
        ? describeFailure(error, "New backup codes could not be made.")
        : messages.generic.error;
      toast.error("Backup codes were not changed", { description: text });
      return text;
    }
    setDialog(null);
    setStage({ kind: "codes", backupCodes: data.backupCodes });
    toast.success("New backup codes created", { description: "Your old backup codes no longer work." });
    return null;
  };

  const remove = async (password: string) => {
    const { error } = await authClient.twoFactor.disable({ password });
    if (error) {
      const text = describeFailure(error, "Two-factor authentication could not be removed.");
      toast.error("Two-factor authentication was not removed", { description: text });
      return text;
    }
    setDialog(null);
    setStage({ kind: "idle" });
    toast.success("Two-factor authentication removed", {
      description: "Signing in now asks only for your password.",
    });
    await refresh();
    return null;
  };

  let body: React.ReactNode;
  if (stage.kind === "codes") {
    body = <BackupCodes codes={stage.backupCodes} onDone={() => setStage({ kind: "idle" })} />;
  } else if (stage.kind === "enrol") {
    body = (
      <div className="grid gap-4">
        <ol className="grid list-decimal gap-1 pl-5 text-sm">
          <li>
            Scan the QR code with an authenticator app (such as Aegis, 1Password or Google Authenticator).
          </li>
          <li>Or type the secret key into the app.</li>
          <li>Enter the 6-digit code the app shows.</li>
        </ol>
        <div className="flex flex-col items-center gap-3 sm:flex-row sm:items-start">
          <QrCode label="QR code for your authenticator app" value={stage.uri} />
          <div className="grid w-full min-w-0 gap-2">
            <p className="text-sm font-medium" id={`${id}-secret-label`}>
              Secret key
            </p>
            <code
              data-testid="two-factor-secret"
              className="rounded-md border bg-muted/40 p-2 font-mono text-sm break-all select-all"
            >
              {stage.secret}
            </code>
            <div>
              <CopyButton text={stage.secret} label="Copy secret key" done="Secret key copied" />
            </div>
          </div>
        </div>
        <form className="grid gap-4" noValidate onSubmit={verify} aria-label="Verify your authenticator app">
          <InputField
            id={`${id}-code`}
            label="6-digit code"
            inputMode="numeric"
            pattern="[0-9]*"
            autoComplete="one-time-code"
            maxLength={6}
            className="font-mono tracking-[0.3em]"
            error={codeError ?? undefined}
            value={code}
            onChange={(event) => setCode(event.target.value.replace(/\D/g, "").slice(0, 6))}
          />
          <div className="flex flex-wrap justify-end gap-2">
            <Button type="button" variant="outline" onClick={() => setStage({ kind: "idle" })}>
              Cancel
            </Button>
            <Button type="submit" disabled={verifying}>
              {verifying ? "Verifying..." : "Verify and turn on"}
            </Button>
          </div>
        </form>
      </div>
    );
  } else if (stage.kind === "password") {
    body = (
      <PasswordForm
        id={`${id}-enable-password`}
        submitLabel="Continue"
        pendingLabel="Checking..."
        onSubmit={start}
      >
        <Button type="button" variant="outline" onClick={() => setStage({ kind: "idle" })}>
          Cancel
        </Button>
      </PasswordForm>
    );
  } else if (enabled) {
    body = (
      <div className="grid gap-4">
        <p className="flex items-center gap-2 text-sm">
          <ShieldCheck className="size-4 text-primary" aria-hidden="true" />
          Signing in asks for a code from your authenticator app.
        </p>
        <div className="flex flex-wrap gap-2">
          <PasswordDialog
            open={dialog === "regenerate"}
            onOpenChange={(open) => setDialog(open ? "regenerate" : null)}
            trigger={<Button variant="outline">New backup codes</Button>}
            title="Make new backup codes?"
            description="Your current backup codes stop working. Enter your password to continue."
            formId={`${id}-regenerate-password`}
            submitLabel="Make new codes"
            pendingLabel="Making codes..."
            onSubmit={regenerate}
          />
          <PasswordDialog
            open={dialog === "remove"}
            onOpenChange={(open) => setDialog(open ? "remove" : null)}
            trigger={<Button variant="destructiveOutline">Remove two-factor</Button>}
            title="Remove two-factor authentication?"
            description="Signing in will ask only for your password, and your backup codes stop working. Enter your password to confirm."
            formId={`${id}-remove-password`}
            submitLabel="Remove two-factor"
            pendingLabel="Removing..."
            destructive
            onSubmit={remove}
          />
        </div>
      </div>
    );
  } else {
    body = (
      <div>
        <Button onClick={() => setStage({ kind: "password" })}>Set up two-factor authentication</Button>
      </div>
    );
  }

  return (
    <Card>
      <CardHeader>
        <div className="flex items-center justify-between gap-2">
          <CardTitle as="h2">Two-factor authentication</CardTitle>
          <Badge variant={enabled ? "default" : "secondary"}>{enabled ? "On" : "Off"}</Badge>
        </div>
        <CardDescription>
          A code from an authenticator app on your phone, asked for after your password when you sign in.
        </CardDescription>
      </CardHeader>
      <CardContent>{body}</CardContent>
    </Card>
  );
}
