import { APIError, getSessionFromCtx } from "better-auth/api";
import { eq } from "drizzle-orm";
import { messages } from "../../shared/messages.ts";
import type { Database } from "../db/index.ts";
import { countRateLimitHit } from "../db/rate-limit.ts";
import { rateLimit } from "../db/schema.ts";
import type { HookContext } from "./session-lifetime.ts";

/**
 * An authenticator-app code is accepted once (RFC 6238 §5.2): the two-factor plug-in accepts a code for
 * about 90 s (its own 30 s step and one either side), so a code seen over a shoulder or phished could
 * open a second session in that time. Before the plug-in checks a code, the code is claimed for its user
 * for two minutes with one atomic statement (a counter in the rate-limit table), and a code already
 * claimed is refused: of two requests racing with one code, only the first reaches the plug-in. A claim
 * whose code was then refused (wrong, or the challenge ended) is given back, so a right code can be typed
 * again after a failed attempt.
 */
const VERIFY_TOTP = "/two-factor/verify-totp";
const CLAIMED_FOR_MS = 2 * 60 * 1000;

const claimOf = (userId: string, code: string) => `totp-used:${userId}:${code}`;

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

export function totpCodesOnce(db: Database) {
  // What each request claimed, for its after-hook: by then a challenge that ended no longer names its user.
  const claimed = new WeakMap<object, string>();
  // A browser's request, or the headers of the auth library's own call (deleting the account checks a code).
  const requestOf = (ctx: HookContext): object | undefined => ctx.request ?? ctx.headers;
  return {
    /** Before-hook: claims the code for its user; a code claimed in the last two minutes is refused (401). */
    async claim(ctx: HookContext): Promise<void> {
      const code = codeOf(ctx);
      if (!code) return;
      const userId = await userOf(ctx);
      if (!userId) return;
      const key = claimOf(userId, code);
      const { allowed } = await countRateLimitHit(db, key, 1, CLAIMED_FOR_MS);
      if (!allowed) {
        throw APIError.from("UNAUTHORIZED", {
          code: "CODE_ALREADY_USED",
          message: messages.auth.twoFactorCodeUsed,
        });
      }
      const request = requestOf(ctx);
      if (request) claimed.set(request, key);
    },
    /** After-hook: a code the plug-in refused is not used up. */
    async releaseRefused(ctx: HookContext): Promise<void> {
      const request = requestOf(ctx);
      const key = request && claimed.get(request);
      const returned = ctx.context.returned;
      const refused = returned instanceof APIError || (returned instanceof Response && !returned.ok);
      if (key && refused) await db.delete(rateLimit).where(eq(rateLimit.key, key));
    },
  };
}
