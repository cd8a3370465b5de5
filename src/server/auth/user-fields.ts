import { APIError } from "better-auth/api";
import { messages } from "../../shared/messages.ts";
import { EMAIL_MAX_LENGTH, NAME_MAX_LENGTH } from "../../shared/schemas/auth.ts";
import type { HookContext } from "./session-lifetime.ts";

const m = messages.auth;

const refuse = (code: string, message: string) => APIError.from("BAD_REQUEST", { code, message });

/** Longer than `max` characters as a person counts them (code points, so an emoji is one). */
const longerThan = (text: string, max: number) => text.length > max * 2 || [...text].length > max;

/**
 * Before-hook: the user's own fields are bounded before the auth library stores them (it takes any length).
 * A display name over NAME_MAX_LENGTH characters is refused at sign-up and at update-user (400 NAME_TOO_LONG),
 * an email over EMAIL_MAX_LENGTH (RFC 5321's 254) at sign-up and as a new email (400 EMAIL_TOO_LONG). Neither takes a profile
 * picture: the app never sets one (Google's picture is stored by Google sign-in, not through these), so
 * anything but empty or null is refused (400 IMAGE_NOT_ALLOWED) and no address of a caller's choosing, e.g.
 * "javascript:…", is ever stored. Non-text values are left to the library, which refuses them. The checks
 * read the request alone, so a refusal tells nothing about accounts.
 */
export function refuseBadUserFields(ctx: HookContext): void {
  if (ctx.path !== "/sign-up/email" && ctx.path !== "/update-user" && ctx.path !== "/change-email") return;
  const body = (ctx.body ?? {}) as Record<string, unknown>;
  if (
    ctx.path === "/change-email" &&
    typeof body.newEmail === "string" &&
    longerThan(body.newEmail.trim(), EMAIL_MAX_LENGTH)
  ) {
    throw refuse("EMAIL_TOO_LONG", m.emailTooLong);
  }
  if (typeof body.name === "string" && longerThan(body.name, NAME_MAX_LENGTH)) {
    throw refuse("NAME_TOO_LONG", m.nameTooLong);
  }
  if (
    ctx.path === "/sign-up/email" &&
    typeof body.email === "string" &&
    longerThan(body.email.trim(), EMAIL_MAX_LENGTH)
  ) {
    throw refuse("EMAIL_TOO_LONG", m.emailTooLong);
  }
  if (body.image !== undefined && body.image !== null && body.image !== "") {
    throw refuse("IMAGE_NOT_ALLOWED", m.imageNotAllowed);
  }
}
