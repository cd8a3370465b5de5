import { createHmac, timingSafeEqual } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { getCookie } from "hono/cookie";
import { createMiddleware } from "hono/factory";
import type { Auth } from "../auth/auth.ts";
import {
  SESSION_ABSOLUTE_LIFETIME,
  SESSION_EXPIRES_IN,
  SESSION_UPDATE_AGE,
} from "../auth/session-lifetime.ts";
import type { SessionUser } from "../auth/session-user.ts";
import type { Database } from "../db/index.ts";
import { session, user } from "../db/schema.ts";
import { unauthenticated } from "../errors.ts";
import type { AppEnv } from "./context.ts";

/**
 * The session check of every API request, in one place. A correctly signed cookie is looked up with one
 * prepared statement (the session joined to its user) on every request, so sign-out and revocation count at
 * once. A session the auth library would accept as it stands (not expired, inside its 30 days, no daily
 * renewal due) is accepted here; every other case (renewal, expiry, "don't remember me", a signature we
 * cannot verify) goes to the library, which renews, refuses or deletes by its own rules. Requests without a
 * session cookie (health checks, share links, visitors) look nothing up.
 */
export function sessionMiddleware(auth: Auth, db: Database) {
  const lookup = db
    .select({
      expiresAt: session.expiresAt,
      createdAt: session.createdAt,
      id: user.id,
      email: user.email,
      name: user.name,
    })
    .from(session)
    .innerJoin(user, eq(user.id, session.userId))
    .where(eq(session.token, sql.placeholder("token")))
    .prepare("session_lookup");
  const cookies = auth.$context.then((context) => ({
    session: context.authCookies.sessionToken.name,
    dontRemember: context.authCookies.dontRememberToken.name,
    secret: context.secret,
  }));

  async function sessionUser(headers: Headers, token: string | undefined): Promise<SessionUser | null> {
    const [row] = token ? await lookup.execute({ token }) : [];
    if (row && acceptedAsItStands(row.expiresAt.getTime(), row.createdAt.getTime(), Date.now()))
      return { id: row.id, email: row.email, name: row.name };
    const found = await auth.api.getSession({ headers });
    return found && { id: found.user.id, email: found.user.email, name: found.user.name };
  }

  return createMiddleware<AppEnv>(async (c, next) => {
    c.set("user", null);
    if (c.req.header("cookie")?.includes("session_token=")) {
      const names = await cookies;
      const token = getCookie(c, names.dontRemember)
        ? undefined
        : signedValue(getCookie(c, names.session), names.secret);
      c.set("user", await sessionUser(c.req.raw.headers, token));
    }
    await next();
  });
}

/** The library's rule for a session it accepts without writing: live, inside 30 days, no renewal due today. */
function acceptedAsItStands(expiresAt: number, createdAt: number, now: number): boolean {
  const renewalDue = expiresAt - (SESSION_EXPIRES_IN - SESSION_UPDATE_AGE) * 1000 <= now;
  return expiresAt > now && createdAt + SESSION_ABSOLUTE_LIFETIME * 1000 > now && !renewalDue;
}

// The auth library signs cookie values `value.signature` with HMAC-SHA-256, the signature in base64.
const SIGNATURE = /^[A-Za-z0-9+/]{43}=$/;

/** The value of a signed cookie when the signature is the secret's; undefined otherwise. */
function signedValue(cookie: string | undefined, secret: string): string | undefined {
  const dot = cookie?.lastIndexOf(".") ?? -1;
  if (!cookie || dot < 1 || !SIGNATURE.test(cookie.slice(dot + 1))) return undefined;
  const value = cookie.slice(0, dot);
  const signature = Buffer.from(cookie.slice(dot + 1), "base64");
  const expected = createHmac("sha256", secret).update(value).digest();
  return timingSafeEqual(signature, expected) ? value : undefined;
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
