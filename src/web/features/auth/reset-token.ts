/**
 * The reset link's token travels from /auth/callback to the update-password form in session storage,
 * not in the address bar, so it is not left in history or sent on as a Referer.
 */
const KEY = "velolog-reset-token";

export function keepResetToken(token: string): void {
  sessionStorage.setItem(KEY, token);
}

export function hasResetToken(): boolean {
  return sessionStorage.getItem(KEY) !== null;
}

/** Returns the token once; it is gone after. */
export function takeResetToken(): string | null {
  const token = sessionStorage.getItem(KEY);
  sessionStorage.removeItem(KEY);
  return token;
}
