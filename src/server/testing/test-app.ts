import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject } from "vitest";
import { createMailer } from "../adapters/mail.ts";
import { createPageFetcher } from "../adapters/page-fetcher.ts";
import { createDiskStorage } from "../adapters/storage.ts";
import { createApp } from "../app.ts";
import { createAuth } from "../auth/auth.ts";
import { loadConfig } from "../config.ts";
import { type DatabaseOptions, type DatabaseTarget, type OpenDatabase, openDatabase } from "../db/index.ts";
import { cancelBillingOf } from "../features/billing/account-deletion.ts";
import { deleteAllFilesOf } from "../features/files/service.ts";
import { disconnectStravaOf } from "../features/strava/service.ts";
import { createLogger, type Logger } from "../logger.ts";
import { lastLinkTo } from "./outbox.ts";
import { pgliteImage } from "./pglite-image.ts";

export type DatabaseKind = "pglite" | "postgres";

const postgresUrl = process.env.TEST_DATABASE_URL;
if (!postgresUrl && process.env.CI) {
  throw new Error("CI must run the database tests on PostgreSQL too: TEST_DATABASE_URL is not set.");
}

/**
 * Declares the same tests once per database: always on PGlite, and on PostgreSQL when TEST_DATABASE_URL
 * names a server (skipped, and reported as skipped, when it does not).
 */
export function describeEachDatabase(title: string, body: (kind: DatabaseKind) => void) {
  describe(`${title} [pglite]`, () => body("pglite"));
  describe.skipIf(!postgresUrl)(
    `${title} [postgres${postgresUrl ? "" : ": skipped, TEST_DATABASE_URL not set"}]`,
    () => body("postgres"),
  );
}

/** A fresh, migrated, empty database: in-memory PGlite, or a new database on the test PostgreSQL server. */
export async function openTestDatabase(
  kind: DatabaseKind,
  options: DatabaseOptions = {},
): Promise<OpenDatabase> {
  if (kind === "pglite") {
    // From the migrated image the test run made once (testing/pglite-image.ts); benchmarks make their own.
    const image = process.env.VITEST ? inject("pgliteImage") : undefined;
    return openDatabase(
      { kind: "pglite-memory", loadDataDir: image ? pgliteImage(image) : undefined },
      options,
    );
  }
  const created = await createPostgresTestDatabase();
  const database = await openDatabase({ kind: "postgres", url: created.url }, options);
  return {
    ...database,
    close: async () => {
      await database.close();
      await created.drop();
    },
  };
}

/** A new, empty database on the test PostgreSQL server (TEST_DATABASE_URL): its URL, and how to drop it. */
export async function createPostgresTestDatabase(): Promise<{
  name: string;
  url: string;
  drop: () => Promise<void>;
}> {
  const name = `velolog_test_${randomBytes(6).toString("hex")}`;
  await asPostgresAdmin((admin) => admin.query(`CREATE DATABASE ${name}`));
  const url = new URL(postgresUrl!);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: () => asPostgresAdmin((admin) => admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)),
  };
}

async function asPostgresAdmin(work: (admin: pg.Client) => Promise<unknown>): Promise<void> {
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  try {
    await work(admin);
  } finally {
    await admin.end();
  }
}

export const TEST_ORIGIN = "http://localhost:3000";

export interface TestAppOptions {
  webDir?: string;
  allowLoopbackImports?: boolean;
  rateLimit?: boolean;
  /** More settings, e.g. SMTP_URL or GOOGLE_CLIENT_ID pointing at a stand-in server the test started. */
  env?: Record<string, string>;
  /** A logger whose output the test reads (default: silent). */
  logger?: Logger;
  /** A database that already holds data (e.g. an older release's, testing/older-release.ts), migrated on opening. */
  database?: DatabaseTarget;
}

/**
 * The test app of the enclosing `describe`: made before its tests and closed after them. Read its fields
 * inside tests and hooks (they exist from the first test on).
 */
export function useTestApp(kind: DatabaseKind, options: TestAppOptions = {}): TestApp {
  let made: TestApp | undefined;
  beforeAll(async () => {
    made = await createTestApp(kind, options);
  });
  afterAll(() => made?.close());
  return new Proxy({} as TestApp, {
    get(_, field) {
      if (!made) throw new Error("the test app is made before the first test");
      return Reflect.get(made, field);
    },
  });
}

export async function createTestApp(kind: DatabaseKind, options: TestAppOptions = {}) {
  const config = loadConfig({
    NODE_ENV: "test",
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "velolog-test-")),
    PUBLIC_URL: TEST_ORIGIN,
    BETTER_AUTH_SECRET: "test-secret-that-is-long-enough-for-better-auth",
    LOG_LEVEL: "silent",
    DANGEROUSLY_ALLOW_LOOPBACK_IMPORTS_FOR_TESTS: options.allowLoopbackImports ? "1" : "0",
    ...options.env,
  });
  // Counts the SQL statements sent, so tests can check that a route's query count stays constant. Not
  // begin and commit: PGlite's transactions send them past Drizzle's logger, so only PostgreSQL would count them.
  const queries = { count: 0 };
  const databaseOptions: DatabaseOptions = {
    onQuery: (sql) => {
      if (!/^(begin|commit|rollback)\b/i.test(sql.trim())) queries.count++;
    },
  };
  const database = options.database
    ? await openDatabase(options.database, databaseOptions)
    : await openTestDatabase(kind, databaseOptions);
  const logger = options.logger ?? createLogger("silent");
  const mailer = createMailer(config, logger);
  // Loaded only when asked for: the S3 client takes most of a second to import.
  const storage = config.s3
    ? (await import("../adapters/s3-storage.ts")).createS3Storage(config.s3)
    : createDiskStorage(config.dataDir);
  const auth = createAuth(database.db, config, {
    rateLimit: options.rateLimit ?? false,
    mailer,
    logger,
    beforeDeleteUser: async (userId) => {
      await cancelBillingOf(database.db, config, userId);
      await disconnectStravaOf(database.db, config, userId);
      await deleteAllFilesOf(database.db, storage, userId);
    },
  });
  const app = createApp({
    db: database.db,
    config,
    auth,
    logger,
    mailer,
    storage,
    fetchPage: createPageFetcher({ dangerouslyAllowLoopbackForTests: config.allowLoopbackImportsForTests }),
    ...(options.webDir ? { webDir: options.webDir } : {}),
  });
  dataDirs.set(app, config.dataDir);
  return { app, db: database.db, config, queries, mailer, storage, logger, close: database.close };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** A signed-in client of the test app: each request carries the user's session cookie. */
export interface TestClient {
  userId: string;
  email: string;
  /** The session cookie, for requests built by hand. */
  cookie: string;
  request: (method: string, urlPath: string, body?: unknown) => Promise<Response>;
}

let userCounter = 0;
/** Each test app's DATA_DIR (where its mail outbox is), so signUp can read the verification mail. */
const dataDirs = new WeakMap<object, string>();

export async function signUp(
  app: TestApp["app"],
  email = `rider${++userCounter}-${randomBytes(3).toString("hex")}@example.com`,
) {
  const response = await app.request("/api/auth/sign-up/email", {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: TEST_ORIGIN },
    body: JSON.stringify({ email, password: "correct-horse", name: "" }),
  });
  if (response.status !== 200) throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
  const { user } = (await response.json()) as { user: { id: string } };
  // As a user does: open the emailed verification link, which signs in.
  const link = lastLinkTo(dataDirs.get(app)!, email, "/api/auth/verify-email");
  if (!link) throw new Error(`no verification mail for ${email}`);
  const verified = await app.request(link.replace(TEST_ORIGIN, ""), { redirect: "manual" });
  const cookie = verified.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  if (!cookie) throw new Error(`verification gave no session: ${verified.status}`);
  return clientFor(app, cookie, user.id, email);
}

export function anonymous(app: TestApp["app"]): TestClient {
  return clientFor(app, "", "", "");
}

function clientFor(app: TestApp["app"], cookie: string, userId: string, email: string): TestClient {
  return {
    userId,
    email,
    cookie,
    request: async (method, urlPath, body) =>
      app.request(urlPath, {
        method,
        headers: {
          Origin: TEST_ORIGIN,
          ...(cookie ? { Cookie: cookie } : {}),
          ...(body === undefined ? {} : { "Content-Type": "application/json" }),
        },
        body: body === undefined ? null : typeof body === "string" ? body : JSON.stringify(body),
      }),
  };
}

/** The JSON body of a test request, typed. */
export async function json<T>(response: Response | Promise<Response>): Promise<T> {
  return (await (await response).json()) as T;
}

/** The value under `key` of a successful (2xx) answer; fails with the answer's status and body otherwise. */
export async function answered<T>(response: Response | Promise<Response>, key: string): Promise<T> {
  const answer = await response;
  expect(answer.status, await answer.clone().text()).toBeLessThan(300);
  return ((await answer.json()) as Record<string, T>)[key]!;
}

/** The cookies a response sets that still hold a value (name=value pairs, joined for a Cookie header). */
export function cookiesOf(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!)
    .filter((pair) => !pair.endsWith("="))
    .join("; ");
}

/** Requests as a browser sends them: JSON, our Origin, and the cookies it holds. */
export function poster(t: TestApp) {
  return (path: string, body: unknown, cookie = "") =>
    t.app.request(path, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        Origin: TEST_ORIGIN,
        ...(cookie ? { Cookie: cookie } : {}),
      },
      body: JSON.stringify(body),
    });
}

/** A script calling the API with a personal API token: `Authorization: Bearer`, no cookie, no Origin. */
export function tokenClient(app: TestApp["app"], secret: string) {
  return {
    request: (method: string, urlPath: string, body?: unknown) =>
      app.request(urlPath, {
        method,
        headers: {
          Authorization: `Bearer ${secret}`,
          ...(body === undefined ? {} : { "Content-Type": "application/json" }),
        },
        body: body === undefined ? null : JSON.stringify(body),
      }),
  };
}
