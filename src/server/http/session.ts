import { createMiddleware } from "hono/factory";
import type { Auth } from "../auth/auth.ts";
import { unauthenticated } from "../errors.ts";
import type { AppEnv, SessionUser } from "./context.ts";

export function sessionMiddleware(auth: Auth) {
  return createMiddleware<AppEnv>(async (c, next) => {
    // Without a session cookie there is no session: skip the auth library (health checks, share links and
    // visitors are most of the anonymous traffic, and building its request context is not free).
    if (!c.req.header("cookie")?.includes("session_token=")) {
      c.set("user", null);
      return next();
    }
    const found = await auth.api.getSession({ headers: c.req.raw.headers });
    c.set("user", found ? { id: found.user.id, email: found.user.email, name: found.user.name } : null);
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
