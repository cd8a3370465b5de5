import { useQuery, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { messages } from "../../../shared/messages.ts";

export const sessionQueryKey = ["session"] as const;

export interface SessionInfo {
  token: string;
  /** When this browser signed in. */
  signedInAt: string;
  user: { id: string; email: string; name: string; createdAt: string | Date };
}

interface SessionResponse {
  session: { token: string; createdAt: string };
  user: { id: string; email: string; name: string; createdAt: string };
}

/**
 * The session check on every page load. Plain fetch rather than the auth library's client, which stays
 * out of the first-load bundle (it loads with the sign-in and account screens).
 */
async function fetchSession(): Promise<SessionInfo | null> {
  const response = await fetch("/api/auth/get-session", { credentials: "same-origin" }).catch(() => null);
  if (!response?.ok) return null;
  const data = (await response.json().catch(() => null)) as SessionResponse | null;
  if (!data?.user) return null;
  return {
    token: data.session.token,
    signedInAt: data.session.createdAt,
    user: { id: data.user.id, email: data.user.email, name: data.user.name, createdAt: data.user.createdAt },
  };
}

export function useSession() {
  return useQuery({ queryKey: sessionQueryKey, queryFn: fetchSession, staleTime: 60_000 });
}

/** The name shown for a user: the account's name (e.g. from Google), else the email. */
export function displayName(user: SessionInfo["user"]): string {
  return user.name.trim() || user.email;
}

export function useRefreshSession() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: sessionQueryKey });
}

const SIGNED_OUT_FLAG = "velolog-signed-out";

/**
 * SPEC.md section 4: this browser's auth state is cleared first, then the session is ended on the
 * server (a failure there still leaves the browser signed out), then a reload at / shows the toast.
 */
export function useSignOut() {
  const queryClient = useQueryClient();
  return async () => {
    try {
      queryClient.clear();
      sessionStorage.setItem(SIGNED_OUT_FLAG, "1");
    } catch {
      toast.error(messages.auth.signOutFailedTitle, { description: messages.auth.signOutFailed });
      return;
    }
    await fetch("/api/auth/sign-out", {
      method: "POST",
      credentials: "same-origin",
      headers: { "Content-Type": "application/json" },
      body: "{}",
    }).catch(() => undefined);
    window.location.assign("/");
  };
}

/** Shows the signed-out toast once after the reload that sign-out ends with. */
export function announceSignOut(): void {
  try {
    if (sessionStorage.getItem(SIGNED_OUT_FLAG)) {
      sessionStorage.removeItem(SIGNED_OUT_FLAG);
      toast.success(messages.auth.signedOutTitle, { description: messages.auth.signedOut });
    }
  } catch {
    // storage unavailable: nothing to announce
  }
}
