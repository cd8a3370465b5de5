import { APIError } from "better-auth/api";
import { isCommonPassword } from "../../shared/domain/common-passwords.ts";
import { messages } from "../../shared/messages.ts";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "../../shared/schemas/auth.ts";
import type { HookContext } from "./session-lifetime.ts";

/** The auth endpoints that set a password, and the body field that carries the new one. */
const NEW_PASSWORD_FIELD: Record<string, string> = {
  "/sign-up/email": "password",
  "/reset-password": "newPassword",
  "/change-password": "newPassword",
};

/**
 * Before-hook: a new password of fewer than 8 characters, or one of the most common passwords, is refused
 * with the same messages the forms show (400, codes PASSWORD_TOO_SHORT and PASSWORD_TOO_COMMON). A sign-up
 * for a registered email is refused the same way as a new one, so this tells nothing about accounts.
 */
export function refuseWeakNewPassword(ctx: HookContext): void {
  const field = NEW_PASSWORD_FIELD[ctx.path];
  if (!field) return;
  const password = (ctx.body as Record<string, unknown> | undefined)?.[field];
  // A missing or non-text password, or one too long, is left to the library, which refuses it.
  if (typeof password !== "string" || password.length > PASSWORD_MAX_LENGTH) return;
  if (password.length < PASSWORD_MIN_LENGTH) {
    throw APIError.from("BAD_REQUEST", {
      code: "PASSWORD_TOO_SHORT",
      message: messages.auth.passwordTooShort,
    });
  }
  if (isCommonPassword(password)) {
    throw APIError.from("BAD_REQUEST", {
      code: "PASSWORD_TOO_COMMON",
      message: messages.auth.passwordTooCommon,
    });
  }
}
