import type { createAuthMiddleware } from "better-auth/api";
import { deleteSessionCookie } from "better-auth/cookies";
import { and, eq, gt } from "drizzle-orm";
import type { Database } from "../db/index.ts";
import * as schema from "../db/schema.ts";
import type { Logger } from "../logger.ts";

/** What an auth-library hook receives (hooks.after in auth.ts). */
export type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

const DAY = 24 * 60 * 60;

/** Sliding lifetime: a session lasts 7 days from its last use, renewed at most once a day (seconds). */
export const SESSION_EXPIRES_IN = 7 * DAY;
export const SESSION_UPDATE_AGE = DAY;
/** Absolute lifetime: 30 days after sign-in a session ends, however active; the user signs in again. */
export const SESSION_ABSOLUTE_LIFETIME = 30 * DAY;

const deadlineOf = (createdAt: Date | string) =>
  new Date(new Date(createdAt).getTime() + SESSION_ABSOLUTE_LIFETIME * 1000);

/**
 * Database hooks: whenever the auth library sets or slides a session's expiry, it is capped at the absolute
 * deadline (created + 30 days). Every check the library makes reads that expiry, so past the deadline the
 * session is expired everywhere, whatever the path.
 */
export function capSessionExpiry(db: Database) {
  return {
    update: {
      after: async (session: { id: string; createdAt: Date; expiresAt: Date }) => {
        const deadline = deadlineOf(session.createdAt);
        if (new Date(session.expiresAt) <= deadline) return;
        await db
          .update(schema.session)
          .set({ expiresAt: deadline })
          .where(and(eq(schema.session.id, session.id), gt(schema.session.expiresAt, deadline)));
      },
    },
  };
}

/**
 * After-hook for /get-session (the web app's and our API's session look-up): a session past its absolute
 * deadline is deleted, its cookie cleared, and the answer is "no session". This also catches the single
 * request that slid an expiry before the cap above applied.
 */
export function refuseSessionsPastAbsoluteLifetime(logger: Logger) {
  return async (ctx: HookContext) => {
    if (ctx.path !== "/get-session") return;
    const returned = ctx.context.returned as
      | { session?: { token: string; userId: string; createdAt: Date | string } }
      | null
      | undefined;
    const session = returned?.session;
    if (!session || deadlineOf(session.createdAt) > new Date()) return;
    await ctx.context.internalAdapter.deleteSession(session.token);
    deleteSessionCookie(ctx);
    logger.info({ event: "session_expired_absolute", userId: session.userId }, "auth event");
    return ctx.json(null);
  };
}
