import { twoFactorClient } from "better-auth/client/plugins";
import { createAuthClient } from "better-auth/react";
import { authLibraryUnauthorized } from "./auth-library-events.ts";

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

export const authClient = createAuthClient({
  basePath: "/api/auth",
  fetchOptions: {
    onError: ({ response }) => {
      if (response.status === 401) authLibraryUnauthorized();
    },
  },
  plugins: [twoFactorClient({ onTwoFactorRedirect: () => twoFactorListener?.() })],
});
