import { createHmac } from "node:crypto";
import { APIError } from "better-auth/api";
import { and, eq, gt, sql } from "drizzle-orm";
import { messages } from "../../shared/messages.ts";
import type { Database } from "../db/index.ts";
import { signInFailures } from "../db/schema.ts";
import type { HookContext } from "./session-lifetime.ts";

/**
 * Per-account limit on password guessing (docs/decisions/0034-sign-in-lock-and-passwords.md). After
 * LOCK_AFTER_FAILURES failed password sign-ins in a row, password sign-in for that email is refused for a
 * minute, doubling with each further failure up to 15 minutes. A right password, a completed password
 * reset, or an email change to the address (auth.ts) ends the count; the reset link keeps working during a lock, so the owner is never shut out.
 *
 * Counted per email address, for unknown addresses exactly as for accounts: a lock then says nothing about
 * whether an account exists, so it may say plainly that the address is locked. The counts live in the
 * database, so every server process sees the same lock.
 */
export const LOCK_AFTER_FAILURES = 5;
const FIRST_LOCK_SECONDS = 60;
const LONGEST_LOCK_SECONDS = 15 * 60;
/** A failure older than this no longer counts: "in a row" means within a day of each other. */
const FAILURES_FORGOTTEN_AFTER_SECONDS = 24 * 60 * 60;

export const SIGN_IN_LOCKED = "SIGN_IN_LOCKED";

/** How long the lock lasts after the given number of failures in a row (none below the threshold). */
export function lockSeconds(failures: number): number {
  if (failures < LOCK_AFTER_FAILURES) return 0;
  return Math.min(FIRST_LOCK_SECONDS * 2 ** (failures - LOCK_AFTER_FAILURES), LONGEST_LOCK_SECONDS);
}

export function signInLock(db: Database, secret: string) {
  // The table holds no addresses: a keyed hash of the normalised address (the library lower-cases it too).
  const keyOf = (email: string) =>
    createHmac("sha256", secret).update(`sign-in-lock:${email.trim().toLowerCase()}`).digest("hex");
  const emailOf = (ctx: HookContext) => {
    const email = (ctx.body as { email?: unknown } | undefined)?.email;
    return ctx.path === "/sign-in/email" && typeof email === "string" ? email : null;
  };

  const clear = async (email: string) => {
    await db.delete(signInFailures).where(eq(signInFailures.emailKey, keyOf(email)));
  };

  const recordFailure = async (email: string) => {
    const emailKey = keyOf(email);
    const forgotten = sql`now() - make_interval(secs => ${FAILURES_FORGOTTEN_AFTER_SECONDS})`;
    const [row] = await db
      .insert(signInFailures)
      .values({ emailKey, failures: 1, lastFailedAt: sql`now()` })
      .onConflictDoUpdate({
        target: signInFailures.emailKey,
        set: {
          failures: sql`CASE WHEN ${signInFailures.lastFailedAt} < ${forgotten} THEN 1 ELSE ${signInFailures.failures} + 1 END`,
          lastFailedAt: sql`now()`,
        },
      })
      .returning({ failures: signInFailures.failures });
    const seconds = lockSeconds(row!.failures);
    if (seconds > 0) {
      await db
        .update(signInFailures)
        .set({ lockedUntil: sql`now() + make_interval(secs => ${seconds})` })
        .where(eq(signInFailures.emailKey, emailKey));
    }
  };

  return {
    /** Before-hook: a password sign-in for a locked address is refused before the password is checked. */
    async refuseWhileLocked(ctx: HookContext): Promise<void> {
      const email = emailOf(ctx);
      if (!email) return;
      const [locked] = await db
        .select({ until: signInFailures.lockedUntil })
        .from(signInFailures)
        .where(and(eq(signInFailures.emailKey, keyOf(email)), gt(signInFailures.lockedUntil, sql`now()`)));
      if (!locked?.until) return;
      const seconds = Math.max(1, Math.ceil((locked.until.getTime() - Date.now()) / 1000));
      throw new APIError(
        "TOO_MANY_REQUESTS",
        { code: SIGN_IN_LOCKED, message: messages.auth.signInLocked(Math.ceil(seconds / 60)) },
        { "Retry-After": String(seconds) },
      );
    },

    /**
     * After-hook: a wrong password (or an unknown email, answered the same) counts; a right password ends the
     * count, also when the account still needs its email confirmed or a two-factor code.
     */
    async recordOutcome(ctx: HookContext): Promise<void> {
      const email = emailOf(ctx);
      if (!email) return;
      const returned = ctx.context.returned;
      if (!(returned instanceof APIError)) return clear(email);
      const code = (returned.body as { code?: string } | undefined)?.code;
      if (code === "INVALID_EMAIL_OR_PASSWORD") return recordFailure(email);
      if (code === "EMAIL_NOT_VERIFIED") return clear(email);
    },

    /** A completed password reset ends any lock on the account's address. */
    clear,
  };
}
