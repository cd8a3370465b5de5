import { useQuery } from "@tanstack/react-query";

/** The signed-in session, used by every part of the app (features, layout, lib). */
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
