import { APIError, getSessionFromCtx } from "better-auth/api";
import { and, eq } from "drizzle-orm";
import { messages } from "../../shared/messages.ts";
import { RECENT_SIGN_IN_SECONDS } from "../../shared/schemas/auth.ts";
import type { Database } from "../db/index.ts";
import { account } from "../db/schema.ts";
import type { HookContext } from "./session-lifetime.ts";

const m = messages.deleteAccount;

/** Checks a two-factor code (authenticator or backup code) against the signed-in user of these headers. */
export type TwoFactorCodeCheck = (headers: Headers, code: string) => Promise<boolean>;

/**
 * Before-hook on POST /delete-user: the session cookie alone never deletes an account. An account with a
 * password must send it (checked here, before any two-factor code, so a stolen cookie cannot try codes);
 * an account that signs in only with Google must have signed in within the last 10 minutes; and when
 * two-factor authentication is on, a current code (or a backup code) is needed as well. Answers 400 with
 * PASSWORD_REQUIRED, INVALID_PASSWORD, TWO_FACTOR_CODE_REQUIRED or INVALID_TWO_FACTOR_CODE, or 403 with
 * SIGN_IN_AGAIN; the library then checks the password again and deletes.
 */
export function deleteUserCheck(db: Database, twoFactorCodeIsRight: TwoFactorCodeCheck) {
  return async (ctx: HookContext): Promise<void> => {
    if (ctx.path !== "/delete-user") return;
    const found = await getSessionFromCtx(ctx).catch(() => null);
    if (!found) return; // the library answers 401
    const body = (ctx.body ?? {}) as { password?: unknown; code?: unknown };
    const [credential] = await db
      .select({ hash: account.password })
      .from(account)
      .where(and(eq(account.userId, found.user.id), eq(account.providerId, "credential")));

    if (credential?.hash) {
      if (typeof body.password !== "string" || !body.password) {
        throw APIError.from("BAD_REQUEST", { code: "PASSWORD_REQUIRED", message: m.passwordRequired });
      }
      if (!(await ctx.context.password.verify({ hash: credential.hash, password: body.password }))) {
        throw APIError.from("BAD_REQUEST", { code: "INVALID_PASSWORD", message: m.passwordWrong });
      }
    } else {
      const signedInAt = new Date(found.session.createdAt).getTime();
      if (Date.now() - signedInAt > RECENT_SIGN_IN_SECONDS * 1000) {
        throw APIError.from("FORBIDDEN", { code: "SIGN_IN_AGAIN", message: m.signInAgain });
      }
    }

    if (found.user.twoFactorEnabled) {
      const code = typeof body.code === "string" ? body.code.trim() : "";
      if (!code)
        throw APIError.from("BAD_REQUEST", { code: "TWO_FACTOR_CODE_REQUIRED", message: m.codeRequired });
      const headers = ctx.headers ?? ctx.request?.headers ?? new Headers();
      if (!(await twoFactorCodeIsRight(headers, code))) {
        throw APIError.from("BAD_REQUEST", { code: "INVALID_TWO_FACTOR_CODE", message: m.codeWrong });
      }
    }
  };
}
