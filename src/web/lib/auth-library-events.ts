let unauthorizedListener: (() => void) | null = null;

/**
 * Called when a call of the auth library is refused with 401 (the Account page's password, two-factor and
 * deletion forms call it directly): the query client checks whether the session ended elsewhere. A module of
 * its own so that the query client registers without loading the auth library (lib/auth-client.ts), which
 * only the auth forms need.
 */
export function onAuthLibraryUnauthorized(listener: () => void): void {
  unauthorizedListener = listener;
}

/** The auth client's side: a call was refused with 401. */
export function authLibraryUnauthorized(): void {
  unauthorizedListener?.();
}
