import { twoFactorClient } from "better-auth/client/plugins";
import { createAuthClient } from "better-auth/react";

type TwoFactorListener = () => void;
let twoFactorListener: TwoFactorListener | null = null;

/**
 * Called when a correct password needs a second factor (the server answered twoFactorRedirect and set no
 * session): the sign-in screen listens and shows its code step. Returns the function that stops listening.
 */
export function onTwoFactorRequired(listener: TwoFactorListener): () => void {
  twoFactorListener = listener;
  return () => {
    if (twoFactorListener === listener) twoFactorListener = null;
  };
}

let unauthorizedListener: (() => void) | null = null;

/**
 * Called when a call of the auth library is refused with 401 (the Account page's password, two-factor and
 * deletion forms call it directly): the query client checks whether the session ended elsewhere.
 */
export function onAuthLibraryUnauthorized(listener: () => void): void {
  unauthorizedListener = listener;
}

export const authClient = createAuthClient({
  basePath: "/api/auth",
  fetchOptions: {
    onError: ({ response }) => {
      if (response.status === 401) unauthorizedListener?.();
    },
  },
  plugins: [twoFactorClient({ onTwoFactorRedirect: () => twoFactorListener?.() })],
});
