import { createHmac } from "node:crypto";
import { APIError, getOAuthState, getSessionFromCtx } from "better-auth/api";
import { maskEmail } from "../adapters/mail.ts";
import { CLIENT_IP_HEADER } from "../http/client-ip.ts";
import type { Logger } from "../logger.ts";
import type { HookContext } from "./session-lifetime.ts";

/**
 * One structured log line per authentication event (docs/security.md lists them): the event's name, the
 * user's id when known, the request id and client address, the outcome. Never a password, token, code or
 * whole email address: an address is masked (r***@example.com) and keyed-hashed (emailHash, the same for the
 * same address, so an operator can follow one address's attempts without the log holding the address).
 */

/** Paths of the auth library (under /api/auth) and the event each one is. Two-factor paths are named generically. */
const EVENTS: Record<string, string> = {
  "/sign-in/email": "sign_in",
  "/sign-in/social": "sign_in_started",
  "/sign-up/email": "sign_up",
  "/verify-email": "email_verified",
  "/send-verification-email": "verification_email_requested",
  "/request-password-reset": "password_reset_requested",
  "/forget-password": "password_reset_requested",
  "/reset-password": "password_reset_completed",
  "/change-password": "password_changed",
  "/sign-out": "sign_out",
  "/delete-user": "account_deleted",
  "/revoke-session": "session_revoked",
  "/revoke-sessions": "sessions_revoked",
  "/revoke-other-sessions": "other_sessions_revoked",
  "/link-social": "account_link_started",
  "/unlink-account": "account_unlinked",
};

/** e.g. "/two-factor/verify-totp" is "two_factor_verify_totp"; "/callback/:id" is "sign_in" with that provider. */
function eventOf(path: string, provider: string | undefined): { event: string; method?: string } | null {
  if (path.startsWith("/two-factor/")) return { event: `two_factor_${path.slice(12).replace(/[-/]/g, "_")}` };
  if (path.startsWith("/callback/") || path.startsWith("/oauth2/callback/")) {
    return { event: "sign_in", method: provider ?? "oauth" };
  }
  const event = EVENTS[path];
  return event ? { event } : null;
}

/** Signing out deletes the session the after-hook would read the user from: the before-hook keeps it here. */
const signingOut = new WeakMap<Request, string>();

/** Before-hook: on /sign-out, note whose session is ending (one look-up, on sign-out only). */
export async function noteSigningOut(ctx: HookContext): Promise<void> {
  if (ctx.path !== "/sign-out" || !ctx.request) return;
  const found = await getSessionFromCtx(ctx).catch(() => null);
  if (found) signingOut.set(ctx.request, found.user.id);
}

export function authEventLogging(logger: Logger, secret: string) {
  const hashEmail = (email: string) =>
    createHmac("sha256", secret).update(`email:${email.trim().toLowerCase()}`).digest("hex").slice(0, 16);

  const requestFacts = (ctx: { request?: Request; headers?: Headers; body?: unknown }) => {
    const headers = ctx.request?.headers ?? ctx.headers;
    const body = (ctx.body ?? {}) as Record<string, unknown>;
    const email = typeof body.email === "string" ? body.email : undefined;
    return {
      requestId: headers?.get("x-request-id") ?? undefined,
      ip: headers?.get(CLIENT_IP_HEADER) ?? undefined,
      ...(email ? { email: maskEmail(email.trim().toLowerCase()), emailHash: hashEmail(email) } : {}),
    };
  };

  /** `challenged`: the user a sign-in was turned into a two-factor challenge for (google-two-factor.ts). */
  return async (ctx: HookContext, challenged?: string): Promise<void> => {
    const found = eventOf(ctx.path, (ctx.params as { id?: string } | undefined)?.id);
    if (!found) return;
    if (challenged) {
      const line = {
        event: "sign_in_two_factor_required",
        ...(found.method ? { method: found.method } : {}),
      };
      logger.info({ ...line, userId: challenged, ...requestFacts(ctx) }, "auth event");
      return;
    }
    const returned = ctx.context.returned;
    if (found.method) {
      // A callback that ends linking from Account Settings (its state names the signed-in user) makes no
      // session: it succeeded when its redirect carries no error.
      const link = (await getOAuthState().catch(() => null))?.link;
      if (link) {
        // The library's redirect is a plain better-call error (not better-auth's APIError subclass).
        const headers = (returned as { headers?: HeadersInit } | null | undefined)?.headers;
        const location = headers ? new Headers(headers).get("location") : null;
        const error = location ? new URL(location, "http://x").searchParams.get("error") : "no_redirect";
        const line = {
          event: error ? "account_link_failed" : "account_linked",
          method: found.method,
          userId: link.userId,
          ...(error ? { reason: error } : {}),
          ...requestFacts(ctx),
        };
        if (error) logger.warn(line, "auth event");
        else logger.info(line, "auth event");
        return;
      }
    }
    const newSession = ctx.context.newSession;
    const session = ctx.context.session as { user?: { id?: string } } | null | undefined;
    const redirect = returned instanceof APIError && returned.statusCode >= 300 && returned.statusCode < 400;
    // An OAuth callback always answers with a redirect: it succeeded when it made a session.
    const failed = found.method
      ? !newSession
      : returned instanceof APIError
        ? !redirect
        : returned instanceof Response
          ? returned.status >= 400
          : false;
    const twoFactorRequired =
      !failed && typeof returned === "object" && returned !== null && "twoFactorRedirect" in returned;
    const reason =
      returned instanceof APIError && !redirect
        ? ((returned.body as { code?: string } | undefined)?.code ?? returned.status)
        : found.method && !newSession
          ? "no_session"
          : undefined;
    const userId =
      newSession?.user.id ?? session?.user?.id ?? (ctx.request ? signingOut.get(ctx.request) : undefined);
    const line = {
      event: failed
        ? `${found.event}_failed`
        : twoFactorRequired
          ? "sign_in_two_factor_required"
          : found.event,
      ...(found.method ? { method: found.method } : {}),
      ...(userId ? { userId } : {}),
      ...(reason ? { reason: String(reason) } : {}),
      ...requestFacts(ctx),
    };
    if (failed) logger.warn(line, "auth event");
    else logger.info(line, "auth event");
  };
}

/**
 * A request path without the secret some links carry in it, for the request log and the page-not-found
 * warning: a reset link's token, a share link's token (page or API, with anything after it), the calendar
 * feed's token (/api/calendar/<token>/velolog.ics, fetched by calendar apps on every poll). Unsubscribe
 * tokens travel in the query string, which is never logged. Letter case and doubled slashes do not matter,
 * so a mistyped address with a live token in it is cut too.
 */
export function redactTokens(path: string): string {
  return path
    .replace(/(\/api\/+auth\/+reset-password\/+)[^/?]+/i, "$1[redacted]")
    .replace(/^(\/+(?:api\/+)?shared\/+)[^/?]+/i, "$1[redacted]")
    .replace(/^(\/+api\/+calendar\/+)[^/?]+/i, "$1[redacted]");
}

/** The auth library's own messages go to our logger as structured lines instead of the console. */
export function authLibraryLogger(logger: Logger) {
  return {
    log: (level: "debug" | "info" | "warn" | "error", message: string, ...args: unknown[]) => {
      // Only errors among the extra arguments are kept: other objects may hold personal data or tokens.
      const err = args.find((a) => a instanceof Error);
      logger[level]({ source: "better-auth", ...(err ? { err } : {}) }, message);
    },
  };
}
