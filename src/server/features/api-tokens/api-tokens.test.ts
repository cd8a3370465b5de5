import { eq, sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { messages } from "../../../shared/messages.ts";
import { API_TOKEN_LIMIT, type ApiToken, type CreatedApiToken } from "../../../shared/schemas/api-token.ts";
import type { Bicycle } from "../../../shared/schemas/bicycle.ts";
import { readOutbox } from "../../adapters/mail.ts";
import { apiTokens, user } from "../../db/schema.ts";
import { API_TOKEN_RATE } from "../../http/session.ts";
import {
  answered,
  describeEachDatabase,
  json,
  poster,
  signUp,
  TEST_ORIGIN,
  type TestClient,
  tokenClient,
  useTestApp,
} from "../../testing/test-app.ts";

type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };

describeEachDatabase("personal API tokens", (kind) => {
  const t = useTestApp(kind);

  async function createToken(
    owner: TestClient,
    scope: "read" | "write",
    expiresInDays: number | null = null,
  ) {
    const response = await owner.request("POST", "/api/api-tokens", {
      name: `${scope} script`,
      scope,
      expiresInDays,
    });
    expect(response.status).toBe(201);
    return json<CreatedApiToken>(response);
  }

  const listed = (owner: TestClient) =>
    answered<ApiToken[]>(owner.request("GET", "/api/api-tokens"), "tokens");

  it("creates a token through the API, shows its secret once, and reads the owner's bicycles with it", async () => {
    const owner = await signUp(t.app);
    const bicycle = await answered<Bicycle>(
      owner.request("POST", "/api/bicycles", { name: "Commuter" }),
      "bicycle",
    );
    const created = await createToken(owner, "read", 30);
    expect(created.secret).toMatch(/^vlg_[A-Za-z0-9_-]{43}$/);
    expect(created.token).toMatchObject({ name: "read script", scope: "read", lastUsedAt: null });
    expect(created.secret.startsWith(created.token.start)).toBe(true);
    const days = (Date.parse(created.token.expiresAt!) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);

    // The list never holds the secret, and the database holds only its hash.
    expect(JSON.stringify(await listed(owner))).not.toContain(created.secret);
    const stored = await t.db.select().from(apiTokens).where(eq(apiTokens.id, created.token.id));
    expect(JSON.stringify(stored)).not.toContain(created.secret.slice(4));

    // A script: no cookie, no Origin.
    const script = tokenClient(t.app, created.secret);
    const read = await script.request("GET", "/api/bicycles");
    expect(read.status).toBe(200);
    expect(((await read.json()) as { bicycles: Bicycle[] }).bicycles.map((b) => b.id)).toEqual([bicycle.id]);
    expect((await script.request("HEAD", "/api/bicycles")).status).toBe(200);
    const [afterUse] = await listed(owner);
    expect(afterUse!.lastUsedAt).not.toBeNull();
  });

  it("refuses a read token's writes with 403 and changes nothing; a write token writes without Origin", async () => {
    const owner = await signUp(t.app);
    const reader = tokenClient(t.app, (await createToken(owner, "read")).secret);
    for (const [method, path, body] of [
      ["POST", "/api/bicycles", { name: "Sneaky" }],
      ["PUT", "/api/settings", { distanceUnit: "mi" }],
      ["DELETE", "/api/bicycles/00000000-0000-4000-8000-000000000000", undefined],
    ] as const) {
      const refused = await reader.request(method, path, body);
      expect(refused.status, `${method} ${path}`).toBe(403);
      expect((await json<ErrorBody>(refused)).error).toEqual({
        code: "FORBIDDEN",
        message: "This API token can only read. Create a token with read and write access to make changes.",
      });
    }
    expect(await answered(owner.request("GET", "/api/bicycles"), "bicycles")).toEqual([]);
    expect(await json(owner.request("GET", "/api/settings"))).toEqual({
      distanceUnit: "km",
      dueSoonPercent: 90,
      timeZone: "UTC",
    });

    const writer = tokenClient(t.app, (await createToken(owner, "write")).secret);
    expect((await writer.request("POST", "/api/bicycles", { name: "Scripted" })).status).toBe(201);
    expect(
      (await answered<Bicycle[]>(owner.request("GET", "/api/bicycles"), "bicycles")).map((b) => b.name),
    ).toEqual(["Scripted"]);
    // A cookie write from another site is still refused.
    const crossSite = await t.app.request("/api/bicycles", {
      method: "POST",
      headers: { Origin: "https://evil.example", Cookie: owner.cookie, "Content-Type": "application/json" },
      body: JSON.stringify({ name: "Forged" }),
    });
    expect(crossSite.status).toBe(403);
  });

  it("never accepts a token on sign-in routes, account deletion, token management or billing", async () => {
    const owner = await signUp(t.app);
    const writer = tokenClient(t.app, (await createToken(owner, "write")).secret);
    for (const [method, path, body] of [
      ["GET", "/api/auth/get-session", undefined],
      ["GET", "/api/auth/list-sessions", undefined],
      ["POST", "/api/auth/delete-user", { password: "correct-horse" }],
      [
        "POST",
        "/api/auth/change-password",
        { currentPassword: "correct-horse", newPassword: "another-horse-1" },
      ],
      ["GET", "/api/api-tokens", undefined],
      ["POST", "/api/api-tokens", { name: "Minted", scope: "write" }],
      ["POST", "/api/billing/checkout", undefined],
      ["POST", "/api/billing/portal", undefined],
      // Spelled otherwise, the same routes.
      ["POST", "/api/%62illing/portal", undefined],
      ["GET", "/api/api-tokens/", undefined],
      ["POST", "/api/auth/%64elete-user", { password: "correct-horse" }],
    ] as const) {
      const refused = await writer.request(method, path, body);
      expect(refused.status, `${method} ${path}`).toBe(403);
      expect((await json<ErrorBody>(refused)).error.message).toBe(
        "API tokens cannot be used here. Sign in to the app instead.",
      );
    }
    expect(await t.db.select({ id: user.id }).from(user).where(eq(user.id, owner.userId))).toHaveLength(1);
    expect(await listed(owner)).toHaveLength(1);
  });

  it("refuses a revoked token on its next request (401); only the owner can revoke", async () => {
    const owner = await signUp(t.app);
    const other = await signUp(t.app);
    const created = await createToken(owner, "write");
    const script = tokenClient(t.app, created.secret);
    expect((await script.request("GET", "/api/bicycles")).status).toBe(200);

    expect((await other.request("DELETE", `/api/api-tokens/${created.token.id}`)).status).toBe(404);
    expect((await other.request("DELETE", "/api/api-tokens/not-an-id")).status).toBe(404);
    expect((await script.request("GET", "/api/bicycles")).status).toBe(200);

    expect((await owner.request("DELETE", `/api/api-tokens/${created.token.id}`)).status).toBe(204);
    const refused = await script.request("GET", "/api/bicycles");
    expect(refused.status).toBe(401);
    expect(refused.headers.get("WWW-Authenticate")).toBe('Bearer realm="velolog"');
    expect((await json<ErrorBody>(refused)).error.code).toBe("UNAUTHENTICATED");
    expect(await listed(owner)).toEqual([]);
    expect((await owner.request("DELETE", `/api/api-tokens/${created.token.id}`)).status).toBe(404);
  });

  it("refuses an expired token, an unknown one and a malformed header with 401; Basic authentication is ignored", async () => {
    const owner = await signUp(t.app);
    const created = await createToken(owner, "read", 7);
    const script = tokenClient(t.app, created.secret);
    expect((await script.request("GET", "/api/dashboard")).status).toBe(200);
    await t.db
      .update(apiTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(apiTokens.id, created.token.id));
    expect((await script.request("GET", "/api/dashboard")).status).toBe(401);

    expect(
      (await tokenClient(t.app, `${created.secret.slice(0, -1)}x`).request("GET", "/api/bicycles")).status,
    ).toBe(401);
    const malformed = await t.app.request("/api/bicycles", { headers: { Authorization: "Bearer " } });
    expect(malformed.status).toBe(401);
    // A reverse proxy's Basic authentication passes through: the session cookie still signs the user in.
    const basic = await t.app.request("/api/bicycles", {
      headers: { Authorization: "Basic dXNlcjpwYXNz", Cookie: owner.cookie },
    });
    expect(basic.status).toBe(200);
  });

  it(`limits each token to ${API_TOKEN_RATE.limit} requests a minute: then 429 with Retry-After`, async () => {
    const owner = await signUp(t.app);
    const busy = tokenClient(t.app, (await createToken(owner, "read")).secret);
    const calm = tokenClient(t.app, (await createToken(owner, "read")).secret);
    for (let i = 0; i < API_TOKEN_RATE.limit; i++) {
      const response = await busy.request("GET", "/api/settings");
      expect(response.status, `request ${i + 1}`).toBe(200);
    }
    const limited = await busy.request("GET", "/api/settings");
    expect(limited.status).toBe(429);
    const retryAfter = Number(limited.headers.get("Retry-After"));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect((await json<ErrorBody>(limited)).error.code).toBe("RATE_LIMITED");
    // Another token of the same owner, and the owner's own browser session, are not held back.
    expect((await calm.request("GET", "/api/settings")).status).toBe(200);
    expect((await owner.request("GET", "/api/settings")).status).toBe(200);
  });

  it("writes the last-used time at most once a minute", async () => {
    const owner = await signUp(t.app);
    const created = await createToken(owner, "read");
    const script = tokenClient(t.app, created.secret);
    await script.request("GET", "/api/bicycles");
    const first = (await listed(owner))[0]!.lastUsedAt!;
    await script.request("GET", "/api/bicycles");
    expect((await listed(owner))[0]!.lastUsedAt).toBe(first);

    const twoMinutesAgo = new Date(Date.now() - 120_000);
    await t.db.update(apiTokens).set({ lastUsedAt: twoMinutesAgo }).where(eq(apiTokens.id, created.token.id));
    await script.request("GET", "/api/bicycles");
    const later = (await listed(owner))[0]!.lastUsedAt!;
    expect(Date.parse(later)).toBeGreaterThan(Date.now() - 10_000);
  });

  it("refuses bad input naming the field, and creates nothing", async () => {
    const owner = await signUp(t.app);
    for (const [body, field, message] of [
      [{ name: " ", scope: "read" }, "name", "Please enter a name for the token"],
      [{ name: "x".repeat(101), scope: "read" }, "name", "Name must be at most 100 characters"],
      [{ name: "Script", scope: "admin" }, "scope", "Scope must be read or write"],
      [
        { name: "Script", scope: "read", expiresInDays: 3 },
        "expiresInDays",
        "Expiry must be 7, 30, 90 or 365 days, or none",
      ],
    ] as const) {
      const response = await owner.request("POST", "/api/api-tokens", body);
      expect(response.status).toBe(400);
      expect((await json<ErrorBody>(response)).error.fields).toEqual({ [field]: message });
    }
    expect(await listed(owner)).toEqual([]);
  });

  it("lets the client choose none of the secret, owner, times or hash", async () => {
    const owner = await signUp(t.app);
    const other = await signUp(t.app);
    const chosen = "vlg_chosen-by-the-client-chosen-by-the-client-000";
    const created = await json<CreatedApiToken>(
      owner.request("POST", "/api/api-tokens", {
        name: "Script",
        scope: "read",
        secret: chosen,
        secretHash: "0".repeat(64),
        userId: other.userId,
        createdAt: "2001-01-01T00:00:00.000Z",
        lastUsedAt: "2001-01-01T00:00:00.000Z",
        expiresAt: "2001-01-01T00:00:00.000Z",
      }),
    );
    expect(created.secret).not.toBe(chosen);
    expect(created.token).toMatchObject({ lastUsedAt: null, expiresAt: null });
    expect(Date.parse(created.token.createdAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(await listed(other)).toEqual([]);
    expect((await tokenClient(t.app, created.secret).request("GET", "/api/bicycles")).status).toBe(200);
  });

  it("lists the owner's tokens newest first and none of another user's", async () => {
    const owner = await signUp(t.app);
    const other = await signUp(t.app);
    await createToken(other, "write");
    const first = await createToken(owner, "read");
    const second = await createToken(owner, "write");
    expect((await listed(owner)).map((token) => token.id)).toEqual([second.token.id, first.token.id]);
  });

  it(`refuses a token past ${API_TOKEN_LIMIT} per user with 409, naming the limit; revoking one makes room`, async () => {
    const owner = await signUp(t.app);
    const made: CreatedApiToken[] = [];
    for (let i = 0; i < API_TOKEN_LIMIT; i++) made.push(await createToken(owner, "read"));
    const refused = await owner.request("POST", "/api/api-tokens", { name: "one more", scope: "read" });
    expect(refused.status).toBe(409);
    const body = await json<ErrorBody>(refused);
    expect(body.error.code).toBe("LIMIT_REACHED");
    expect(body.error.message).toBe(messages.apiTokens.limitReached(API_TOKEN_LIMIT));
    expect(body.error.message).toContain(String(API_TOKEN_LIMIT));
    expect(await listed(owner)).toHaveLength(API_TOKEN_LIMIT);
    // Another user's count is their own.
    await createToken(await signUp(t.app), "read");
    expect((await owner.request("DELETE", `/api/api-tokens/${made[0]!.token.id}`)).status).toBe(204);
    await createToken(owner, "read");
  });

  /** As the "Forgot password?" mail is used: request, open the link, choose a new password. */
  async function resetPassword(owner: TestClient, newPassword: string) {
    const post = poster(t);
    const asked = await post("/api/auth/request-password-reset", {
      email: owner.email,
      redirectTo: "/auth/callback",
    });
    expect(asked.status).toBe(200);
    const mail = readOutbox(t.config.dataDir)
      .filter((m) => m.to === owner.email)
      .at(-1);
    const link = /https?:\/\/\S+/.exec(mail!.text)![0];
    const opened = await t.app.request(link.replace(TEST_ORIGIN, ""), { redirect: "manual" });
    const token = new URL(opened.headers.get("location")!, TEST_ORIGIN).searchParams.get("token")!;
    expect((await post("/api/auth/reset-password", { token, newPassword })).status).toBe(200);
  }

  it("ends every token of the owner at a password reset, as it ends their sessions; others' tokens stay", async () => {
    const owner = await signUp(t.app);
    const other = await signUp(t.app);
    const write = await createToken(owner, "write");
    const read = await createToken(owner, "read");
    const othersToken = await createToken(other, "write");
    const script = tokenClient(t.app, write.secret);
    expect((await script.request("GET", "/api/bicycles")).status).toBe(200);

    await resetPassword(owner, "a-brand-new-password");

    expect((await script.request("GET", "/api/bicycles")).status).toBe(401);
    expect((await script.request("POST", "/api/bicycles", { name: "Not mine" })).status).toBe(401);
    expect((await tokenClient(t.app, read.secret).request("GET", "/api/bicycles")).status).toBe(401);
    expect(await t.db.select().from(apiTokens).where(eq(apiTokens.userId, owner.userId))).toEqual([]);
    expect((await tokenClient(t.app, othersToken.secret).request("GET", "/api/bicycles")).status).toBe(200);
  });

  it("ends the tokens at a password change that signs out other sessions, and keeps them at a plain change", async () => {
    const owner = await signUp(t.app);
    const kept = await createToken(owner, "write");
    const plain = await owner.request("POST", "/api/auth/change-password", {
      currentPassword: "correct-horse",
      newPassword: "second-password-1",
    });
    expect(plain.status).toBe(200);
    expect((await tokenClient(t.app, kept.secret).request("GET", "/api/bicycles")).status).toBe(200);

    // A wrong current password changes nothing, tokens included.
    const wrong = await owner.request("POST", "/api/auth/change-password", {
      currentPassword: "not-the-password",
      newPassword: "third-password-1",
      revokeOtherSessions: true,
    });
    expect(wrong.status).toBe(400);
    expect((await tokenClient(t.app, kept.secret).request("GET", "/api/bicycles")).status).toBe(200);

    const signOutOthers = await owner.request("POST", "/api/auth/change-password", {
      currentPassword: "second-password-1",
      newPassword: "third-password-1",
      revokeOtherSessions: true,
    });
    expect(signOutOthers.status).toBe(200);
    expect((await tokenClient(t.app, kept.secret).request("GET", "/api/bicycles")).status).toBe(401);
    expect(await t.db.select().from(apiTokens).where(eq(apiTokens.userId, owner.userId))).toEqual([]);
  });
});
