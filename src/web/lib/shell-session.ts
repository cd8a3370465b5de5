import { startTransition, useEffect, useState } from "react";

/**
 * The session as the app's shell (routing, header, footer) sees it, without the query library: the
 * shell is part of every page's first load, TanStack Query is not (it loads with the pages that fetch
 * data; see lib/query.tsx, which keeps this store in step with the ["session"] query).
 */
export const sessionQueryKey = ["session"] as const;

/**
 * Set in sessionStorage by sign-out ("signed-out"), account deletion ("account-deleted") and a session found
 * ended elsewhere ("session-ended", lib/query-client.ts): the reload that follows shows that toast once.
 */
export const NOTICE_AFTER_RELOAD = "velolog-notice";

export function hasNoticeAfterReload(): boolean {
  try {
    return !!sessionStorage.getItem(NOTICE_AFTER_RELOAD);
  } catch {
    return false;
  }
}

export interface SessionInfo {
  token: string;
  /** When this browser signed in. */
  signedInAt: string;
  user: {
    id: string;
    email: string;
    name: string;
    createdAt: string | Date;
    twoFactorEnabled?: boolean;
    /** Whether the address is confirmed (Account Settings offers to resend the link when it is not). */
    emailVerified?: boolean;
  };
}

interface SessionResponse {
  session: { token: string; createdAt: string };
  user: {
    id: string;
    email: string;
    name: string;
    createdAt: string;
    twoFactorEnabled?: boolean | null;
    emailVerified?: boolean | null;
  };
}

/**
 * The session check on every page load. Plain fetch rather than the auth library's client, which stays
 * out of the first-load bundle (it loads with the sign-in and account screens). No answer (the connection
 * dropped, the server is restarting) rejects: it says nothing about the session, so the ["session"] query
 * keeps what it knew and asks again, rather than showing a signed-in rider the signed-out site.
 */
export async function fetchSession(): Promise<SessionInfo | null> {
  const data = await readSession();
  if (data === undefined) throw new Error("The session could not be checked.");
  if (!data?.user) return null;
  return {
    token: data.session.token,
    signedInAt: data.session.createdAt,
    user: {
      id: data.user.id,
      email: data.user.email,
      name: data.user.name,
      createdAt: data.user.createdAt,
      twoFactorEnabled: data.user.twoFactorEnabled === true,
      emailVerified: data.user.emailVerified === true,
    },
  };
}

/**
 * Whether the server says this browser has no session (an answer without a user). A failed request says
 * nothing: it could be the network, and a rider is not signed out for that.
 */
export async function sessionEnded(): Promise<boolean> {
  const data = await readSession();
  return data === null || (data !== undefined && !data.user);
}

/** The server's answer about this browser's session: null for none, undefined when there was no answer. */
async function readSession(): Promise<SessionResponse | null | undefined> {
  const response = await fetch("/api/auth/get-session", { credentials: "same-origin" }).catch(() => null);
  if (!response?.ok) return undefined;
  return (await response.json().catch(() => undefined)) as SessionResponse | null | undefined;
}

export interface ShellSession {
  isPending: boolean;
  data: SessionInfo | null;
  /** While pending: the server found a valid session for this page (it sent the signed-in frame). */
  signedInFrame?: boolean;
}

let current: ShellSession = { isPending: true, data: null };
const listeners = new Set<() => void>();

export function getShellSession(): ShellSession {
  return current;
}

/** Sets what the shell shows (a prerendered page: known signed out; lib/query.tsx: the query's data). */
export function setShellSession(next: ShellSession) {
  if (
    next.isPending === current.isPending &&
    next.data === current.data &&
    next.signedInFrame === current.signedInFrame
  )
    return;
  current = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/**
 * The shell session, re-rendering as a transition when it changes. Not useSyncExternalStore: its updates
 * render synchronously, and the session's arrival mounts the whole page, one 80 ms task on a fast laptop
 * and four times that on a phone. As a transition React renders it in short slices.
 */
export function useShellSession(): ShellSession {
  const [session, setSession] = useState(getShellSession);
  useEffect(() => {
    const update = () => startTransition(() => setSession(getShellSession()));
    update(); // a change between this render and the subscription
    return subscribe(update);
  }, []);
  return session;
}
