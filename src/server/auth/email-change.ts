import { getSessionFromCtx } from "better-auth/api";
import { jwtVerify } from "jose";
import { EMAIL_CHANGED_CALLBACK, EMAIL_CHANGED_SIGN_IN } from "../../shared/domain/routes.ts";
import type { HookContext } from "./session-lifetime.ts";

interface Change {
  from: string;
  to: string;
  requestType: string | null;
}

/** The addresses an email change's link carries, when the link is one the server signed and still valid. */
async function changeOf(token: unknown, secret: string): Promise<Change | null> {
  if (typeof token !== "string") return null;
  try {
    const { payload } = await jwtVerify(token, new TextEncoder().encode(secret), { algorithms: ["HS256"] });
    const { email, updateTo, requestType } = payload;
    if (typeof email !== "string" || typeof updateTo !== "string") return null;
    return {
      from: email.toLowerCase(),
      to: updateTo.toLowerCase(),
      requestType: typeof requestType === "string" ? requestType : null,
    };
  } catch {
    return null; // the library answers a bad or expired link itself
  }
}

/**
 * Before-hook on an email change's links (decision 0082):
 * - a link whose new address has become another account's since it was sent lands on /account with
 *   error=EMAIL_TAKEN and changes nothing. The library checks the address only when the change is asked
 *   for; at the last link it would fail on the unique email instead.
 * - the new address's link opened where no one is signed in changes the email and lands on /auth to sign
 *   in (decision 0083). The library would create a session there: the link alone would sign in any device,
 *   without the password and past two-factor authentication.
 * Only a link the server signed is looked at, so no one learns this way whether an address has an account.
 */
export async function emailChangeLinks(ctx: HookContext): Promise<void> {
  if (ctx.path !== "/verify-email") return;
  const change = await changeOf(ctx.query?.token, ctx.context.secret);
  if (!change) return;
  const rider = await ctx.context.internalAdapter.findUserByEmail(change.from);
  // A change already made (the link opened again) is left to the library: its old address is gone.
  if (!rider) return;
  if (await ctx.context.internalAdapter.findUserByEmail(change.to))
    throw ctx.redirect(`${EMAIL_CHANGED_CALLBACK}&error=EMAIL_TAKEN`);
  if (change.requestType !== "change-email-verification") return;
  // Signed in (as this rider, or as another, which the library refuses): the library goes on.
  if (await getSessionFromCtx(ctx).catch(() => null)) return;
  await ctx.context.internalAdapter.updateUserByEmail(change.from, { email: change.to, emailVerified: true });
  throw ctx.redirect(EMAIL_CHANGED_SIGN_IN);
}
