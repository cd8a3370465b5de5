import { APIError, getSessionFromCtx } from "better-auth/api";
import { messages } from "../../shared/messages.ts";
import type { HookContext } from "./session-lifetime.ts";

/**
 * An authenticator-app code is accepted once (RFC 6238 §5.2): the two-factor plug-in accepts a code for
 * about 90 s (its own 30 s step and one either side), so a code seen over a shoulder or phished could
 * open a second session in that time. An accepted code is noted in the auth library's verification table
 * for two minutes, under the user's id, and the same code is refused for that user until the note expires.
 * Two requests racing with one code within milliseconds can both pass; the window closes at the first reply.
 */
const VERIFY_TOTP = "/two-factor/verify-totp";
const REMEMBERED_FOR_MS = 2 * 60 * 1000;

const noteOf = (userId: string, code: string) => `totp-used-${userId}-${code}`;

function codeOf(ctx: HookContext): string | null {
  const code = (ctx.body as { code?: unknown } | undefined)?.code;
  return ctx.path === VERIFY_TOTP && typeof code === "string" ? code : null;
}

/** The user a code is for: the signed-in one (enrolment, deleting the account) or the sign-in challenge's. */
async function userOf(ctx: HookContext): Promise<string | null> {
  const session = await getSessionFromCtx(ctx).catch(() => null);
  if (session) return session.user.id;
  const challenge = await ctx.getSignedCookie(
    ctx.context.createAuthCookie("two_factor").name,
    ctx.context.secret,
  );
  if (!challenge) return null;
  return (await ctx.context.internalAdapter.findVerificationValue(challenge))?.value ?? null;
}

/** Before-hook: a code this user had accepted in the last two minutes is refused (401, CODE_ALREADY_USED). */
export async function refuseUsedTotpCode(ctx: HookContext): Promise<void> {
  const code = codeOf(ctx);
  if (!code) return;
  const userId = await userOf(ctx);
  if (!userId) return;
  const note = await ctx.context.internalAdapter.findVerificationValue(noteOf(userId, code));
  if (note && note.expiresAt.getTime() > Date.now()) {
    throw APIError.from("UNAUTHORIZED", {
      code: "CODE_ALREADY_USED",
      message: messages.auth.twoFactorCodeUsed,
    });
  }
}

/** After-hook: an accepted code is noted for two minutes. */
export async function noteAcceptedTotpCode(ctx: HookContext): Promise<void> {
  const code = codeOf(ctx);
  const returned = ctx.context.returned;
  if (!code || returned instanceof APIError || (returned instanceof Response && !returned.ok)) return;
  const session = ctx.context.session as { user?: { id?: string } } | null | undefined;
  const userId = ctx.context.newSession?.user.id ?? session?.user?.id;
  if (!userId) return;
  await ctx.context.internalAdapter.createVerificationValue({
    identifier: noteOf(userId, code),
    value: userId,
    expiresAt: new Date(Date.now() + REMEMBERED_FOR_MS),
  });
}
