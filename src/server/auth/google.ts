import { genericOAuth } from "better-auth/plugins";
import type { Config } from "../config.ts";

/** The provider id: accounts rows say "google"; sign-in/social starts it, /api/auth/callback/google ends it. */
export const GOOGLE_PROVIDER_ID = "google";

/**
 * Google sign-in as an OpenID Connect provider read from its discovery document
 * (GOOGLE_ISSUER_URL/.well-known/openid-configuration, https://accounts.google.com by default), rather than
 * the auth library's built-in Google provider, whose Google addresses are fixed: this way the very code that
 * talks to Google is the code the tests drive against a local OpenID Connect server. ID tokens are verified
 * against the issuer's keys and bound to the request with a nonce; PKCE and state protect the redirect.
 * Without GOOGLE_CLIENT_ID/SECRET the plug-in is loaded with no provider (sign-in answers "not found"),
 * so the API's shape does not depend on configuration. See docs/decisions/0013-*.md.
 */
export function googleSignIn(config: Config) {
  const google = config.google;
  return genericOAuth({
    config: google
      ? [
          {
            providerId: GOOGLE_PROVIDER_ID,
            name: "Google",
            clientId: google.clientId,
            clientSecret: google.clientSecret,
            discoveryUrl: `${google.issuerUrl}/.well-known/openid-configuration`,
            requireIdTokenVerification: true,
            // As with passwords, no session for an address nobody has confirmed (Google says so per account).
            requireEmailVerification: true,
            scopes: ["openid", "email", "profile"],
            pkce: true,
            prompt: "select_account",
          },
        ]
      : [],
  });
}
