import type { Database } from "../db/index.ts";
import { revokeAllApiTokens } from "../features/api-tokens/service.ts";
import type { Logger } from "../logger.ts";
import type { HookContext } from "./session-lifetime.ts";

/**
 * A new password ends the user's personal API tokens where it ends their sessions (docs/security.md): after a
 * password reset (the library signs every session out, revokeSessionsOnPasswordReset) and after a password
 * change with "Sign out other sessions" (revokeOtherSessions). Whoever briefly held a session could have made
 * a token; without this it would outlive the owner's clean-up. A plain password change keeps them.
 */
export function passwordEndsApiTokens(db: Database, logger: Logger) {
  const revoke = async (userId: string, reason: string) => {
    const revoked = await revokeAllApiTokens(db, userId);
    if (revoked > 0) logger.info({ event: "api_tokens_revoked", userId, reason, revoked }, "auth event");
  };
  return {
    /** emailAndPassword.onPasswordReset. */
    onPasswordReset: (userId: string) => revoke(userId, "password_reset"),
    /** After-hook: a successful /change-password with revokeOtherSessions: true. */
    afterChangePassword: async (ctx: HookContext) => {
      if (ctx.path !== "/change-password") return;
      if ((ctx.body as { revokeOtherSessions?: unknown } | undefined)?.revokeOtherSessions !== true) return;
      const returned = ctx.context.returned;
      // Success answers { token, user }; a refusal is an error object.
      if (!returned || typeof returned !== "object" || returned instanceof Error || !("user" in returned))
        return;
      const userId = (returned as { user?: { id?: unknown } }).user?.id;
      if (typeof userId === "string") await revoke(userId, "password_changed_signed_out_others");
    },
  };
}
