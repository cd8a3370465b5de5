import { useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { Button } from "@/components/ui/button.tsx";
import { messages } from "../../../../shared/messages.ts";
import { useAuthOptions } from "../auth-options.ts";

/** The query string /auth shows the Google failure for (set by /auth/callback). */
export const GOOGLE_ERROR = "google";

/** "Sign in with Google", only when the server has Google configured (GET /api/auth-options). */
export function GoogleSignIn() {
  const navigate = useNavigate();
  const next = useSearchParams()[0].get("next");
  const [busy, setBusy] = useState(false);
  const { data } = useAuthOptions();
  if (!data?.google) return null;

  const start = async () => {
    setBusy(true);
    try {
      // Back from Google, /auth/callback goes on to the page the rider was sent to sign in from.
      await startGoogleSignIn(next ? `/auth/callback?${new URLSearchParams({ next })}` : "/auth/callback");
    } catch {
      setBusy(false);
      navigate(`/auth?error=${GOOGLE_ERROR}`, { replace: true });
    }
  };

  return (
    <div className="mt-4 grid gap-4">
      <div className="flex items-center gap-3 text-xs text-muted-foreground uppercase" aria-hidden="true">
        <span className="h-px flex-1 bg-border" />
        or
        <span className="h-px flex-1 bg-border" />
      </div>
      <Button type="button" variant="outline" className="w-full" disabled={busy} onClick={start}>
        <GoogleMark />
        {messages.auth.signInWithGoogle}
      </Button>
    </div>
  );
}

/** Goes to Google to sign in; back here, the browser lands on `callbackURL` signed in. */
export async function startGoogleSignIn(callbackURL: string): Promise<void> {
  const response = await fetch("/api/auth/sign-in/social", {
    method: "POST",
    credentials: "same-origin",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({
      provider: "google",
      callbackURL,
      errorCallbackURL: "/auth/callback?provider=google",
    }),
  });
  const body = (await response.json().catch(() => null)) as { url?: string } | null;
  if (!response.ok || !body?.url) throw new Error("no authorization address");
  window.location.assign(body.url);
}

export function GoogleMark() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        fill="#4285F4"
        d="M22.56 12.25c0-.78-.07-1.53-.2-2.25H12v4.26h5.92a5.06 5.06 0 0 1-2.2 3.32v2.77h3.57c2.08-1.92 3.27-4.74 3.27-8.1z"
      />
      <path
        fill="#34A853"
        d="M12 23c2.97 0 5.46-.98 7.28-2.66l-3.57-2.77c-.98.66-2.23 1.06-3.71 1.06-2.86 0-5.29-1.93-6.16-4.53H2.18v2.84A11 11 0 0 0 12 23z"
      />
      <path
        fill="#FBBC05"
        d="M5.84 14.09A6.6 6.6 0 0 1 5.5 12c0-.73.13-1.43.34-2.09V7.07H2.18A11 11 0 0 0 1 12c0 1.78.43 3.45 1.18 4.93l3.66-2.84z"
      />
      <path
        fill="#EA4335"
        d="M12 5.38c1.62 0 3.06.56 4.21 1.64l3.15-3.15C17.45 2.09 14.97 1 12 1A11 11 0 0 0 2.18 7.07l3.66 2.84C6.71 7.31 9.14 5.38 12 5.38z"
      />
    </svg>
  );
}
