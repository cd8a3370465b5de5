import { createHmac, timingSafeEqual } from "node:crypto";
import { and, eq, isNull, lt, or, sql } from "drizzle-orm";
import { getCookie } from "hono/cookie";
import { createMiddleware } from "hono/factory";
import { messages } from "../../shared/messages.ts";
import { hashApiTokenSecret } from "../auth/api-token-secret.ts";
import type { Auth } from "../auth/auth.ts";
import {
  SESSION_ABSOLUTE_LIFETIME,
  SESSION_EXPIRES_IN,
  SESSION_UPDATE_AGE,
} from "../auth/session-lifetime.ts";
import type { SessionUser } from "../auth/session-user.ts";
import type { Database } from "../db/index.ts";
import { countRateLimitHit } from "../db/rate-limit.ts";
import { apiTokens, session, user } from "../db/schema.ts";
import { AppError, unauthenticated } from "../errors.ts";
import type { AppEnv } from "./context.ts";

/**
 * The session check of every API request, in one place. A correctly signed cookie is looked up with one
 * prepared statement (the session joined to its user) on every request, so sign-out and revocation count at
 * once. A session the auth library would accept as it stands (not expired, inside its 30 days, no daily
 * renewal due) is accepted here; every other case (renewal, expiry, "don't remember me", a signature we
 * cannot verify) goes to the library, which renews, refuses or deletes by its own rules. Requests without a
 * session cookie (health checks, share links, visitors) look nothing up.
 *
 * A request with an `Authorization: Bearer` header is a personal API token's (decision 0037), and the token alone
 * decides who it is: its cookies are not read. It is checked here and nowhere else, before the auth
 * library's routes too: refused (403) on the account's own routes (TOKENS_REFUSED), unknown, revoked or
 * expired (401), a read token's write (403), over the token's rate limit (429 with Retry-After).
 * The auth library's routes read their own cookies, so this middleware looks up no session for them.
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

  const tokenLookup = db
    .select({
      tokenId: apiTokens.id,
      scope: apiTokens.scope,
      expiresAt: apiTokens.expiresAt,
      lastUsedAt: apiTokens.lastUsedAt,
      id: user.id,
      email: user.email,
      name: user.name,
    })
    .from(apiTokens)
    .innerJoin(user, eq(user.id, apiTokens.userId))
    .where(eq(apiTokens.secretHash, sql.placeholder("hash")))
    .prepare("api_token_lookup");

  async function tokenUser(method: string, path: string, authorization: string): Promise<SessionUser> {
    if (TOKENS_REFUSED.some((prefix) => path === prefix || path.startsWith(`${prefix}/`))) {
      throw new AppError("FORBIDDEN", messages.apiTokens.notAllowed);
    }
    const secret = /^Bearer +(\S+)$/i.exec(authorization)?.[1];
    const [row] = secret ? await tokenLookup.execute({ hash: hashApiTokenSecret(secret) }) : [];
    const now = Date.now();
    if (!row || (row.expiresAt && row.expiresAt.getTime() <= now)) {
      throw new TokenRefused(messages.apiTokens.invalid);
    }
    if (row.scope !== "write" && !READ_METHODS.has(method)) {
      throw new AppError("FORBIDDEN", messages.apiTokens.readOnly);
    }
    const hit = await countRateLimitHit(
      db,
      `api-token:${row.tokenId}`,
      API_TOKEN_RATE.limit,
      API_TOKEN_RATE.windowMs,
    );
    if (!hit.allowed) throw new TokenRateLimited(hit.retryAfterSeconds);
    if (!row.lastUsedAt || row.lastUsedAt.getTime() <= now - LAST_USED_PRECISION_MS) {
      // At most one write a minute per token; the condition keeps parallel requests from writing twice.
      await db
        .update(apiTokens)
        .set({ lastUsedAt: new Date(now) })
        .where(
          and(
            eq(apiTokens.id, row.tokenId),
            or(
              isNull(apiTokens.lastUsedAt),
              lt(apiTokens.lastUsedAt, new Date(now - LAST_USED_PRECISION_MS)),
            ),
          ),
        );
    }
    return { id: row.id, email: row.email, name: row.name };
  }

  return createMiddleware<AppEnv>(async (c, next) => {
    c.set("user", null);
    // Only the Bearer scheme: a proxy's Basic authentication in front of the app passes through untouched.
    const authorization = c.req.header("authorization");
    if (authorization && /^Bearer\s/i.test(authorization) && c.req.path !== METRICS_PATH) {
      try {
        c.set("user", await tokenUser(c.req.method, c.req.path, authorization));
      } catch (error) {
        if (error instanceof TokenRefused) c.header("WWW-Authenticate", 'Bearer realm="velolog"');
        if (error instanceof TokenRateLimited) c.header("Retry-After", String(error.retryAfterSeconds));
        throw error;
      }
    } else if (!c.req.path.startsWith("/api/auth/") && c.req.header("cookie")?.includes("session_token=")) {
      const names = await cookies;
      const token = getCookie(c, names.dontRemember)
        ? undefined
        : signedValue(getCookie(c, names.session), names.secret);
      c.set("user", await sessionUser(c.req.raw.headers, token));
    }
    await next();
  });
}

/**
 * Where a token is never accepted: the auth library's routes (sign-in, account deletion, ...), token
 * management, billing and the Strava connection (decision 0041). A stolen token cannot take over the
 * account, mint tokens, spend money or connect or disconnect another service.
 */
const TOKENS_REFUSED = ["/api/auth", "/api/api-tokens", "/api/billing", "/api/strava"];
const READ_METHODS = new Set(["GET", "HEAD"]);
/** Its bearer token is METRICS_TOKEN, checked by its own route (http/metrics.ts), not a personal token. */
const METRICS_PATH = "/api/metrics";
/** Requests per token and minute, counted in the database like every rate limit. */
export const API_TOKEN_RATE = { limit: 120, windowMs: 60_000 };
/** How stale a token's "last used" time may be: it is written at most once a minute. */
const LAST_USED_PRECISION_MS = 60_000;

class TokenRefused extends AppError {
  constructor(message: string) {
    super("UNAUTHENTICATED", message);
  }
}

class TokenRateLimited extends AppError {
  readonly retryAfterSeconds: number;

  constructor(retryAfterSeconds: number) {
    super("RATE_LIMITED", messages.apiTokens.rateLimited);
    this.retryAfterSeconds = retryAfterSeconds;
  }
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
