import { createHmac, timingSafeEqual } from "node:crypto";
import { type SQL, type SQLWrapper, sql } from "drizzle-orm";
import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { matchedRoutes } from "hono/route";
import type { Auth } from "../auth/auth.ts";
import {
  SESSION_ABSOLUTE_LIFETIME,
  SESSION_EXPIRES_IN,
  SESSION_UPDATE_AGE,
} from "../auth/session-lifetime.ts";
import type { Database } from "../db/index.ts";
import { session, user } from "../db/schema.ts";
import { BY_SESSION_TOKEN, SESSION_ROW, SESSION_USER, type SessionRow } from "../db/session-row.ts";
import { unauthenticated } from "../errors.ts";
import type { AppEnv, SessionUser } from "./context.ts";

/**
 * The session check of every API request (decision 0018). The common case, a correctly signed cookie for a
 * live session that needs no renewal today and is inside its absolute lifetime, is answered here with one
 * prepared statement. Every other case (no such session, expired, due for its daily renewal, past the 30-day
 * limit, "don't remember me", a cookie we cannot verify) goes to the auth library, which refuses, deletes or
 * renews exactly as before. Only sessions the library would accept unchanged are accepted here, and the row
 * is read on every request, so signing a session out still takes effect at once.
 *
 * The hot reads and the creation of a service entry read the session row in their own statement instead
 * (`foldsSession`, decision 0022): for them the middleware only checks the cookie's signature and leaves the
 * token in `pendingSessionToken`; `withSession` then applies the same rules to the row their statement read,
 * or, for a new service entry without a receipt, the statement applies them itself in SQL
 * (`writeInSessionStatement`, decision 0025).
 */
export function sessionMiddleware(auth: Auth, db: Database) {
  const cookieToken = signedCookieToken(auth);
  const findSession = db
    .select(SESSION_ROW)
    .from(session)
    .innerJoin(user, SESSION_USER)
    .where(BY_SESSION_TOKEN)
    .prepare("session_check");
  return createMiddleware<AppEnv>(async (c, next) => {
    c.set("user", null);
    const cookieHeader = c.req.header("cookie");
    // Without a session cookie there is no session: health checks, share links and visitors skip it all.
    if (!cookieHeader?.includes("session_token=")) return next();
    const token = await cookieToken(cookieHeader);
    if (token && routeFoldsSession(c)) {
      c.set("pendingSessionToken", token);
      return next();
    }
    const [row] = token ? await findSession.execute({ token }) : [];
    const accepted = row && acceptedUser(row);
    const found = accepted
      ? { user: accepted, token: token! }
      : await librarySessionCheck(auth, c.req.raw.headers);
    if (found) {
      c.set("user", found.user);
      c.set("sessionToken", found.token);
    }
    await next();
  });
}

// The auth library signs cookie values with HMAC-SHA-256 and writes the signature in base64 (44 characters).
const SIGNATURE = /^[A-Za-z0-9+/]{43}=$/;

async function librarySessionCheck(
  auth: Auth,
  headers: Headers,
): Promise<{ user: SessionUser; token: string } | null> {
  const found = await auth.api.getSession({ headers });
  if (!found) return null;
  return {
    user: { id: found.user.id, email: found.user.email, name: found.user.name },
    token: found.session.token,
  };
}

/**
 * The user of a session the auth library would accept unchanged: not expired, no renewal due, inside its
 * absolute lifetime. Undefined for every other session, which the library then decides.
 */
export function acceptedUser(row: SessionRow): SessionUser | undefined {
  if (!sessionAcceptedAt(row.expiresAt.getTime(), row.createdAt.getTime(), Date.now())) return undefined;
  return { id: row.userId, email: row.email, name: row.name };
}

/** The rule of `acceptedUser`, on milliseconds since the epoch. `sessionAcceptedSql` is the same rule in SQL. */
export function sessionAcceptedAt(expiresAt: number, createdAt: number, now: number): boolean {
  const deadline = createdAt + SESSION_ABSOLUTE_LIFETIME * 1000;
  // In a session's last days its expiry is already the 30-day deadline: a renewal would slide it and the
  // cap would set it straight back (two writes for nothing), so it is not due then.
  const renewalDue =
    expiresAt - SESSION_EXPIRES_IN * 1000 + SESSION_UPDATE_AGE * 1000 <= now && expiresAt < deadline - 1000;
  return expiresAt > now && deadline > now && !renewalDue;
}

const seconds = (n: number) => sql.raw(`interval '${n} seconds'`);

/**
 * `sessionAcceptedAt` as an SQL condition on a session's columns and a timestamptz `now` sent by the server,
 * for a write that checks the session in its own statement and changes nothing unless it holds
 * (`writeInSessionStatement`, decision 0025). Timestamps are cut to milliseconds, as JavaScript's dates
 * read them, and the lifetimes are plain seconds (no calendar days, so no daylight-saving hour).
 */
export function sessionAcceptedSql(expiresAt: SQLWrapper, createdAt: SQLWrapper, now: SQLWrapper): SQL {
  const expires = sql`date_trunc('milliseconds', ${expiresAt})`;
  // JavaScript's dates cannot hold infinity (the server reads it as an invalid date and refuses the session).
  const finite = sql`isfinite(${expiresAt}) and isfinite(${createdAt})`;
  const deadline = sql`(date_trunc('milliseconds', ${createdAt}) + ${seconds(SESSION_ABSOLUTE_LIFETIME)})`;
  // Not due for renewal: expiresAt - EXPIRES_IN + UPDATE_AGE > now, or the expiry is already at the deadline.
  return sql`(${finite} and ${expires} > ${now} and ${deadline} > ${now} and (${expires} - ${seconds(SESSION_EXPIRES_IN - SESSION_UPDATE_AGE)} > ${now} or ${expires} >= ${deadline} - ${seconds(1)}))`;
}

/** The token of the session cookie when its signature is the server's; undefined when the library must decide. */
function signedCookieToken(auth: Auth) {
  const settings = auth.$context.then((context) => ({
    cookieName: context.authCookies.sessionToken.name,
    dontRememberName: context.authCookies.dontRememberToken.name,
    secret: context.secret,
  }));
  return async (cookieHeader: string): Promise<string | undefined> => {
    const { cookieName, dontRememberName, secret } = await settings;
    const cookies = parseCookieHeader(cookieHeader);
    if (cookies.has(dontRememberName)) return undefined;
    return verifiedToken(cookies.get(cookieName), secret);
  };
}

/**
 * Marks a route whose handler reads the session in its own statement (through `withSession`): put it in the
 * route's chain before the handler. For its requests the middleware checks only the cookie's signature;
 * nothing in the chain may read `c.get("user")` before `withSession` has run (`signedIn` lets them pass).
 * The marked route must be the one that answers its requests: another route matching the same method and path
 * before it would find no user and answer 401 (never more than that).
 */
export const foldsSession = createMiddleware<AppEnv>(async (_c, next) => {
  await next();
});

function routeFoldsSession(c: Context<AppEnv>): boolean {
  return matchedRoutes(c).some((route) => route.handler === foldsSession);
}

/**
 * For a route marked with `foldsSession`: runs its statement, which reads the session row of the token it
 * is given (`SESSION_ROW` joined with `BY_SESSION_TOKEN`) along with the answer, and returns that row once
 * the session is accepted, with the signed-in user set on the context. A session the rules do not accept as
 * it stands goes to the auth library, exactly as in the middleware; when the library accepts it (a renewal)
 * the statement runs again. No session: 401 with the given message.
 */
export async function withSession<Row extends { session: SessionRow }>(
  c: Context<AppEnv>,
  auth: Auth,
  read: (token: string) => Promise<Row | undefined>,
  message?: string,
): Promise<{ user: SessionUser; row: Row }> {
  const pending = c.get("pendingSessionToken");
  if (pending) {
    c.set("pendingSessionToken", undefined);
    const row = await read(pending);
    const accepted = row && acceptedUser(row.session);
    if (accepted) {
      c.set("user", accepted);
      c.set("sessionToken", pending);
      return { user: accepted, row: row! };
    }
    const found = await librarySessionCheck(auth, c.req.raw.headers);
    if (found) {
      c.set("user", found.user);
      c.set("sessionToken", found.token);
    }
  }
  const user = requireUser(c.get("user"), message);
  const row = await read(c.get("sessionToken")!);
  // Signed out between the check and the statement.
  if (!row) throw unauthenticated(message);
  return { user, row };
}

/**
 * For a write whose one statement reads the session of the token it is given, checks it with
 * `sessionAcceptedSql` and changes nothing unless it holds (decision 0025): runs it for the request's pending
 * token, and when it wrote, sets the signed-in user and returns its result. Undefined when it wrote nothing
 * (no pending token, a session the rule does not accept as it stands, nothing of the user's to write to):
 * the route then takes its usual path through `withSession`, which answers 401 or 404 or lets the auth
 * library renew the session, as for any other request.
 */
export async function writeInSessionStatement<Result>(
  c: Context<AppEnv>,
  write: (token: string) => Promise<{ user: SessionUser; result: Result } | undefined>,
): Promise<Result | undefined> {
  const token = c.get("pendingSessionToken");
  if (!token) return undefined;
  const written = await write(token);
  if (!written) return undefined;
  c.set("pendingSessionToken", undefined);
  c.set("user", written.user);
  c.set("sessionToken", token);
  return written.result;
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
    // A route that folds the session into its statement checks it there (`withSession`).
    if (!c.get("pendingSessionToken")) requireUser(c.get("user"), message);
    await next();
  });
}
