import { APIError } from "better-auth/api";
import { messages } from "../../shared/messages.ts";
import { findNul } from "../http/validate.ts";
import type { HookContext } from "./session-lifetime.ts";

/**
 * Before-hook: text holding a NUL character, which PostgreSQL can neither store nor look up, is a 400
 * naming the field (as on our own routes, http/validate.ts), before any hook or the library queries it.
 */
export function refuseNulText(ctx: HookContext): void {
  const path = findNul(ctx.body) ?? findNul(ctx.query);
  if (path) {
    throw APIError.from("BAD_REQUEST", {
      code: "NUL_CHARACTER",
      message: messages.request.nulCharacter(path.join(".") || "body"),
    });
  }
}
