import { APIError, getSessionFromCtx } from "better-auth/api";
import { and, eq } from "drizzle-orm";
import { messages } from "../../shared/messages.ts";
import type { Database } from "../db/index.ts";
import { session } from "../db/schema.ts";
import type { HookContext } from "./session-lifetime.ts";

/**
 * Before-hook on POST /revoke-session: a token that is not one of the signed-in user's sessions is a 404
 * (SESSION_NOT_FOUND). The library would answer 200 and leave it alone, so a script could not tell a typo
 * from a session ended, and the log said "session_revoked" for nothing.
 */
export function revokeOwnSessionOnly(db: Database) {
  return async (ctx: HookContext): Promise<void> => {
    if (ctx.path !== "/revoke-session") return;
    const found = await getSessionFromCtx(ctx).catch(() => null);
    if (!found) return; // the library answers 401
    const token = (ctx.body as { token?: unknown } | undefined)?.token;
    if (typeof token !== "string") return; // the library's own validation answers 400
    const [own] = await db
      .select({ id: session.id })
      .from(session)
      .where(and(eq(session.token, token), eq(session.userId, found.user.id)));
    if (!own)
      throw APIError.from("NOT_FOUND", {
        code: "SESSION_NOT_FOUND",
        message: messages.auth.sessionNotFound,
      });
  };
}
