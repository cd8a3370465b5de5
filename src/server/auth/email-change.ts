import { jwtVerify } from "jose";
import { EMAIL_CHANGED_CALLBACK } from "../../shared/domain/routes.ts";
import type { HookContext } from "./session-lifetime.ts";

/** The addresses an email change's link carries, when the link is one the server signed and still valid. */
async function changeOf(token: unknown, secret: string): Promise<{ from: string; to: string } | null> {
  if (typeof token !== "string") return null;
  try {
    const { payload } = await jwtVerify(token, new TextEncoder().encode(secret), { algorithms: ["HS256"] });
    const { email, updateTo } = payload;
    if (typeof email !== "string" || typeof updateTo !== "string") return null;
    return { from: email.toLowerCase(), to: updateTo.toLowerCase() };
  } catch {
    return null; // the library answers a bad or expired link itself
  }
}

/**
 * Before-hook: a link of an email change (decision 0082) whose new address has become another account's
 * since it was sent lands on /account with error=EMAIL_TAKEN and changes nothing. The library checks the
 * address only when the change is asked for; at the last link it would fail on the unique email instead.
 * Only a link the server signed is looked at, so no one learns this way whether an address has an account.
 */
export async function refuseTakenNewEmail(ctx: HookContext): Promise<void> {
  if (ctx.path !== "/verify-email") return;
  const change = await changeOf(ctx.query?.token, ctx.context.secret);
  // A change already made (the link opened again) is left to the library: its old address is gone.
  if (!change || !(await ctx.context.internalAdapter.findUserByEmail(change.from))) return;
  if (await ctx.context.internalAdapter.findUserByEmail(change.to))
    throw ctx.redirect(`${EMAIL_CHANGED_CALLBACK}&error=EMAIL_TAKEN`);
}
