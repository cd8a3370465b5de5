import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { forgetSignedInUser } from "@/lib/query-client.ts";
import { NOTICE_AFTER_RELOAD, type SessionInfo, sessionQueryKey } from "@/lib/session.ts";
import { toast } from "@/lib/toaster.ts";
import { messages } from "../../../shared/messages.ts";

export { type SessionInfo, sessionQueryKey, useSession } from "@/lib/session.ts";

/** The server's refusal of a new password (auth/password-policy.ts) in the forms' words, or null. */
export function weakPasswordMessage(code: string | undefined): string | null {
  if (code === "PASSWORD_TOO_SHORT") return messages.auth.passwordTooShort;
  if (code === "PASSWORD_TOO_COMMON") return messages.auth.passwordTooCommon;
  return null;
}

/** The name shown for a user: the account's name (e.g. from Google), else the email. */
export function displayName(user: SessionInfo["user"]): string {
  return user.name.trim() || user.email;
}

export function useRefreshSession() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: sessionQueryKey });
}

/**
 * SPEC.md section 4: this browser's auth state is cleared first, then the session is ended on the
 * server (a failure there still leaves the browser signed out), then a reload at / shows the toast.
 */
export function useSignOut() {
  const queryClient = useQueryClient();
  return async () => {
    try {
      forgetSignedInUser(queryClient);
      sessionStorage.setItem(NOTICE_AFTER_RELOAD, "signed-out");
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

/** Account deletion's last step: this browser forgets the user and reloads at /, which shows the toast. */
export function leaveDeletedAccount(queryClient: QueryClient): void {
  forgetSignedInUser(queryClient);
  try {
    sessionStorage.setItem(NOTICE_AFTER_RELOAD, "account-deleted");
  } catch {
    // storage unavailable: the account is gone all the same, only the toast is lost
  }
  window.location.assign("/");
}

/** Shows the toast of sign-out, account deletion or an ended session once, after the reload that each ends with. */
export function announceNoticeAfterReload(): void {
  try {
    const notice = sessionStorage.getItem(NOTICE_AFTER_RELOAD);
    sessionStorage.removeItem(NOTICE_AFTER_RELOAD);
    if (notice === "signed-out") {
      toast.success(messages.auth.signedOutTitle, { description: messages.auth.signedOut });
    } else if (notice === "account-deleted") {
      toast.success(messages.deleteAccount.deleted);
    } else if (notice === "session-ended") {
      toast.error(messages.generic.authTitle, { description: messages.generic.auth });
    }
  } catch {
    // storage unavailable: nothing to announce
  }
}
