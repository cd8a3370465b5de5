import { useQuery, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { authClient } from "@/lib/auth-client.ts";
import { messages } from "../../../shared/messages.ts";

export const sessionQueryKey = ["session"] as const;

export interface SessionInfo {
  token: string;
  user: { id: string; email: string; name: string; createdAt: string | Date };
}

async function fetchSession(): Promise<SessionInfo | null> {
  const { data, error } = await authClient.getSession();
  if (error || !data) return null;
  return {
    token: data.session.token,
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
    await authClient.signOut().catch(() => undefined);
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
