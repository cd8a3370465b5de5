import { APIError } from "better-auth/api";
import { deleteSessionCookie } from "better-auth/cookies";
import { generateRandomString } from "better-auth/crypto";
import { GOOGLE_TWO_FACTOR_LANDING } from "../../shared/domain/routes.ts";
import { messages } from "../../shared/messages.ts";
import { GOOGLE_PROVIDER_ID } from "./google.ts";
import type { HookContext } from "./session-lifetime.ts";

/**
 * How long the code step may take, in seconds: the two-factor plug-in's own default (twoFactorCookieMaxAge),
 * which auth.ts does not change; the step after a password lasts as long.
 */
const CHALLENGE_MAX_AGE = 600;

/**
 * After-hook: a Google sign-in of a user with two-factor authentication on ends, like a right password, in
 * the two-factor plug-in's own challenge instead of a session (the Google account, like the mailbox, is one
 * factor; decision 0012 and 0063). The session the callback just made is deleted and its cookie cleared; the
 * challenge is what the plug-in sets after a password (a signed "two_factor" cookie naming a verification
 * row "2fa-…" that holds the user's id, and its attempts row "2fa-attempts-…" at 0), so the code step on
 * /auth, POST /two-factor/verify-totp or verify-backup-code, finishes it with the plug-in's own checks,
 * attempt limits and lock-out. The browser lands on /auth at the code step (GOOGLE_TWO_FACTOR_LANDING),
 * keeping the page it was going to (next=). A device trusted after a code is not consulted: Google sign-in
 * always asks for the code. Linking from Account Settings (a signed-in session, no new session) is untouched.
 * When it turned the sign-in into a challenge, returns whose it is and the redirect to throw.
 */
export async function challengeGoogleSignIn(
  ctx: HookContext,
): Promise<{ userId: string; redirect: ReturnType<HookContext["redirect"]> } | null> {
  if (!ctx.path.startsWith("/callback/")) return null;
  if ((ctx.params as { id?: string } | undefined)?.id !== GOOGLE_PROVIDER_ID) return null;
  const made = ctx.context.newSession;
  if (!made?.user.twoFactorEnabled) return null;

  deleteSessionCookie(ctx, true);
  await ctx.context.internalAdapter.deleteSession(made.session.token);
  ctx.context.setNewSession(null);

  const cookie = ctx.context.createAuthCookie("two_factor", { maxAge: CHALLENGE_MAX_AGE });
  const identifier = `2fa-${generateRandomString(20)}`;
  const expiresAt = new Date(Date.now() + CHALLENGE_MAX_AGE * 1000);
  await ctx.context.internalAdapter.createVerificationValue({
    identifier,
    value: made.user.id,
    expiresAt,
  });
  await ctx.context.internalAdapter.createVerificationValue({
    identifier: `2fa-attempts-${identifier}`,
    value: "0",
    expiresAt,
  });
  await ctx.setSignedCookie(cookie.name, identifier, ctx.context.secret, cookie.attributes);

  const landing = new URL(GOOGLE_TWO_FACTOR_LANDING, "http://x");
  const next = nextOf(ctx.context.returned);
  if (next) landing.searchParams.set("next", next);
  return { userId: made.user.id, redirect: ctx.redirect(`${landing.pathname}${landing.search}`) };
}

/** The next= of the address the callback was sending the browser to (e.g. /auth/callback?next=/bicycles). */
function nextOf(returned: unknown): string | null {
  // The library's redirect is a plain better-call error (not better-auth's APIError subclass).
  const headers = (returned as { headers?: HeadersInit } | null | undefined)?.headers;
  const location = headers ? new Headers(headers).get("location") : null;
  return location ? new URL(location, "http://x").searchParams.get("next") : null;
}

/**
 * Before-hook: no sign-in with an ID token posted to /sign-in/social ({ idToken }). The auth library offers
 * it for any provider with keys to check ID tokens against, ours included, and it makes a session without
 * the callback, so without the two-factor challenge above. The web app never uses it (it signs in through
 * Google's redirect); linking with an ID token while signed in (/link-social) is left alone.
 */
export function refuseIdTokenSignIn(ctx: HookContext): void {
  if (ctx.path !== "/sign-in/social") return;
  const idToken = (ctx.body as { idToken?: unknown } | undefined)?.idToken;
  if (idToken === undefined || idToken === null) return;
  throw APIError.from("BAD_REQUEST", {
    code: "ID_TOKEN_SIGN_IN_OFF",
    message: messages.auth.idTokenSignInOff,
  });
}
