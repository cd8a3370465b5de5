import { createMiddleware } from "hono/factory";
import type { Auth } from "../auth/auth.ts";
import { unauthenticated } from "../errors.ts";
import type { AppEnv, SessionUser } from "./context.ts";

/**
 * The session check of every API request: the auth library reads the cookie's session with its user (one
 * statement, a join) and refuses, renews or deletes it by its own rules, so a signed-out or revoked session
 * is refused on its next request. Requests without a session cookie (health checks, share links, visitors)
 * have no session to look up.
 */
export function sessionMiddleware(auth: Auth) {
  return createMiddleware<AppEnv>(async (c, next) => {
    c.set("user", null);
    if (c.req.header("cookie")?.includes("session_token=")) {
      const found = await auth.api.getSession({ headers: c.req.raw.headers });
      if (found) c.set("user", { id: found.user.id, email: found.user.email, name: found.user.name });
    }
    await next();
  });
}

/** The signed-in user, or the given "you must be logged in" message as a 401. */
export function requireUser(user: SessionUser | null, message?: string): SessionUser {
  if (!user) throw unauthenticated(message);
  return user;
}

/** Middleware: without a session, answer 401 with the operation's own "you must be logged in" message. */
export function signedIn(message?: string) {
  return createMiddleware<AppEnv>(async (c, next) => {
    requireUser(c.get("user"), message);
    await next();
  });
}
