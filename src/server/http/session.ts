import { createHmac, timingSafeEqual } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { createMiddleware } from "hono/factory";
import type { Auth } from "../auth/auth.ts";
import {
  SESSION_ABSOLUTE_LIFETIME,
  SESSION_EXPIRES_IN,
  SESSION_UPDATE_AGE,
} from "../auth/session-lifetime.ts";
import type { Database } from "../db/index.ts";
import { session, user } from "../db/schema.ts";
import { unauthenticated } from "../errors.ts";
import type { AppEnv, SessionUser } from "./context.ts";

/**
 * The session check of every API request (decision 0018). The common case, a correctly signed cookie for a
 * live session that needs no renewal today and is inside its absolute lifetime, is answered here with one
 * prepared statement. Every other case (no such session, expired, due for its daily renewal, past the 30-day
 * limit, "don't remember me", a cookie we cannot verify) goes to the auth library, which refuses, deletes or
 * renews exactly as before. Only sessions the library would accept unchanged are accepted here, and the row
 * is read on every request, so signing a session out still takes effect at once.
 */
export function sessionMiddleware(auth: Auth, db: Database) {
  const fastCheck = fastSessionCheck(auth, db);
  return createMiddleware<AppEnv>(async (c, next) => {
    const cookieHeader = c.req.header("cookie");
    // Without a session cookie there is no session: health checks, share links and visitors skip it all.
    if (!cookieHeader?.includes("session_token=")) {
      c.set("user", null);
      return next();
    }
    const found = (await fastCheck(cookieHeader)) ?? (await librarySessionCheck(auth, c.req.raw.headers));
    c.set("user", found);
    await next();
  });
}

// The auth library signs cookie values with HMAC-SHA-256 and writes the signature in base64 (44 characters).
const SIGNATURE = /^[A-Za-z0-9+/]{43}=$/;

async function librarySessionCheck(auth: Auth, headers: Headers): Promise<SessionUser | null> {
  const found = await auth.api.getSession({ headers });
  return found ? { id: found.user.id, email: found.user.email, name: found.user.name } : null;
}

/** The signed-in user, or undefined when the auth library must decide. */
function fastSessionCheck(auth: Auth, db: Database) {
  const settings = auth.$context.then((context) => ({
    cookieName: context.authCookies.sessionToken.name,
    dontRememberName: context.authCookies.dontRememberToken.name,
    secret: context.secret,
  }));
  const findSession = db
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
    .prepare("session_check");

  return async (cookieHeader: string): Promise<SessionUser | undefined> => {
    const { cookieName, dontRememberName, secret } = await settings;
    const cookies = parseCookieHeader(cookieHeader);
    if (cookies.has(dontRememberName)) return undefined;
    const token = verifiedToken(cookies.get(cookieName), secret);
    if (!token) return undefined;
    const [row] = await findSession.execute({ token });
    if (!row) return undefined;
    const now = Date.now();
    const expiresAt = row.expiresAt.getTime();
    const deadline = row.createdAt.getTime() + SESSION_ABSOLUTE_LIFETIME * 1000;
    // In a session's last days its expiry is already the 30-day deadline: a renewal would slide it and the
    // cap would set it straight back (two writes for nothing), so it is not due then.
    const renewalDue =
      expiresAt - SESSION_EXPIRES_IN * 1000 + SESSION_UPDATE_AGE * 1000 <= now && expiresAt < deadline - 1000;
    if (expiresAt <= now || renewalDue || deadline <= now) return undefined;
    return { id: row.id, email: row.email, name: row.name };
  };
}

/** The token of a cookie value `token.signature`, if the signature is the auth secret's. */
function verifiedToken(value: string | undefined, secret: string): string | undefined {
  if (!value) return undefined;
  const dot = value.lastIndexOf(".");
  if (dot < 1) return undefined;
  const token = value.slice(0, dot);
  const encoded = value.slice(dot + 1);
  // Exactly what the library accepts (Node's base64 decoder would skip stray characters).
  if (!SIGNATURE.test(encoded)) return undefined;
  const signature = Buffer.from(encoded, "base64");
  const expected = createHmac("sha256", secret).update(token).digest();
  return signature.length === expected.length && timingSafeEqual(signature, expected) ? token : undefined;
}

/** Cookie names to values (URI-decoded); a name sent twice is left out, and the library decides. */
function parseCookieHeader(header: string): Map<string, string> {
  const cookies = new Map<string, string>();
  const repeated = new Set<string>();
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq < 0) continue;
    const name = part.slice(0, eq).trim();
    if (cookies.has(name)) repeated.add(name);
    let value = part.slice(eq + 1).trim();
    if (value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
    try {
      cookies.set(name, decodeURIComponent(value));
    } catch {
      repeated.add(name);
    }
  }
  for (const name of repeated) cookies.delete(name);
  return cookies;
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
