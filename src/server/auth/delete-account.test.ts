import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { bicycles, session, user } from "../db/schema.ts";
import { followOAuthFlow, googleTestEnv } from "../testing/oauth-flow.ts";
import { startOidcServer } from "../testing/oidc-server.ts";
import {
  cookiesOf,
  createTestApp,
  describeEachDatabase,
  signUp,
  TEST_ORIGIN,
  type TestApp,
  type TestClient,
} from "../testing/test-app.ts";
import { secretOf, sendPreviousStepCode, totpCode, wrongCode } from "../testing/totp.ts";

/** POST /api/auth/delete-user needs more than the session cookie (docs/security.md). */
describeEachDatabase("deleting an account", (kind) => {
  let t: TestApp;
  let oidc: Awaited<ReturnType<typeof startOidcServer>>;
  beforeAll(async () => {
    oidc = await startOidcServer();
    t = await createTestApp(kind, { env: googleTestEnv(oidc.issuerUrl) });
  });
  afterAll(async () => {
    await t.close();
    await oidc.close();
  });

  const post = (path: string, body: unknown, cookie: string) =>
    t.app.request(path, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: TEST_ORIGIN, Cookie: cookie },
      body: JSON.stringify(body),
    });
  const deleteUser = (cookie: string, body: unknown) => post("/api/auth/delete-user", body, cookie);
  const exists = async (userId: string) => {
    const [row] = await t.db.select({ n: count() }).from(user).where(eq(user.id, userId));
    return row!.n === 1;
  };
  const codeOf = async (response: Response) => ((await response.json()) as { code?: string }).code;

  it("is refused with the session cookie alone, and done with the password", async () => {
    const rider = await signUp(t.app);
    await rider.request("POST", "/api/bicycles", { name: "Mine" });

    const cookieOnly = await deleteUser(rider.cookie, {});
    expect(cookieOnly.status).toBe(400);
    expect(await codeOf(cookieOnly)).toBe("PASSWORD_REQUIRED");
    const wrong = await deleteUser(rider.cookie, { password: "not-my-password" });
    expect(wrong.status).toBe(400);
    expect(await codeOf(wrong)).toBe("INVALID_PASSWORD");
    expect(await exists(rider.userId)).toBe(true);

    expect((await deleteUser(rider.cookie, { password: "correct-horse" })).status).toBe(200);
    expect(await exists(rider.userId)).toBe(false);
    const [bikes] = await t.db.select({ n: count() }).from(bicycles).where(eq(bicycles.userId, rider.userId));
    expect(bikes!.n).toBe(0);
  });

  it("needs a two-factor code as well when two-factor authentication is on", async () => {
    const rider = await signUp(t.app);
    const { secret, cookie } = await enrol(rider);

    const passwordOnly = await deleteUser(cookie, { password: "correct-horse" });
    expect(passwordOnly.status).toBe(400);
    expect(await codeOf(passwordOnly)).toBe("TWO_FACTOR_CODE_REQUIRED");
    const wrong = await deleteUser(cookie, { password: "correct-horse", code: wrongCode(secret) });
    expect(wrong.status).toBe(400);
    expect(await codeOf(wrong)).toBe("INVALID_TWO_FACTOR_CODE");
    const codeWithoutPassword = await deleteUser(cookie, { code: totpCode(secret) });
    expect(codeWithoutPassword.status).toBe(400);
    expect(await codeOf(codeWithoutPassword)).toBe("PASSWORD_REQUIRED");
    const wrongBackup = await deleteUser(cookie, { password: "correct-horse", code: "not-a-backup-code" });
    expect(await codeOf(wrongBackup)).toBe("INVALID_TWO_FACTOR_CODE");
    expect(await exists(rider.userId)).toBe(true);

    expect((await deleteUser(cookie, { password: "correct-horse", code: totpCode(secret) })).status).toBe(
      200,
    );
    expect(await exists(rider.userId)).toBe(false);
  });

  it("takes a backup code in place of the authenticator's code", async () => {
    const rider = await signUp(t.app);
    const { backupCodes, cookie } = await enrol(rider);
    expect((await deleteUser(cookie, { password: "correct-horse", code: backupCodes[0] })).status).toBe(200);
    expect(await exists(rider.userId)).toBe(false);
  });

  it("for an account that signs in only with Google, needs a sign-in within the last 10 minutes", async () => {
    oidc.signInAs({
      sub: "google-delete-1",
      email: "only.google@gmail.test",
      email_verified: true,
      name: "G",
    });
    const flow = await followOAuthFlow(t.app, oidc.issuerUrl, "/api/auth/sign-in/social", {
      provider: "google",
      callbackURL: "/auth/callback",
    });
    const [found] = await t.db
      .select({ id: user.id })
      .from(user)
      .where(eq(user.email, "only.google@gmail.test"));
    // The session was made 11 minutes ago.
    await t.db
      .update(session)
      .set({ createdAt: new Date(Date.now() - 11 * 60_000) })
      .where(eq(session.userId, found!.id));
    const stale = await deleteUser(flow.cookie, {});
    expect(stale.status).toBe(403);
    expect(await codeOf(stale)).toBe("SIGN_IN_AGAIN");
    expect(await exists(found!.id)).toBe(true);

    const again = await followOAuthFlow(t.app, oidc.issuerUrl, "/api/auth/sign-in/social", {
      provider: "google",
      callbackURL: "/auth/callback",
    });
    expect((await deleteUser(again.cookie, {})).status).toBe(200);
    expect(await exists(found!.id)).toBe(false);
  });

  /** Turns on two-factor authentication as Account Settings does; the session is replaced on the way. */
  async function enrol(rider: TestClient) {
    const enabled = await post("/api/auth/two-factor/enable", { password: "correct-horse" }, rider.cookie);
    expect(enabled.status).toBe(200);
    const { totpURI, backupCodes } = (await enabled.json()) as { totpURI: string; backupCodes: string[] };
    const secret = secretOf(totpURI);
    // The previous step's code, so that the current one is left for the deletion.
    const verified = await sendPreviousStepCode(secret, (code) =>
      post("/api/auth/two-factor/verify-totp", { code }, rider.cookie),
    );
    expect(verified.status).toBe(200);
    const cookie = cookiesOf(verified);
    return { secret, backupCodes, cookie: cookie || rider.cookie };
  }
});
