import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { messages } from "../../shared/messages.ts";
import { account, user } from "../db/schema.ts";
import { captureLogs } from "../testing/log-capture.ts";
import { followOAuthFlow, googleTestEnv } from "../testing/oauth-flow.ts";
import { startOidcServer } from "../testing/oidc-server.ts";
import {
  createTestApp,
  describeEachDatabase,
  json,
  signUp,
  TEST_ORIGIN,
  type TestApp,
  useTestApp,
} from "../testing/test-app.ts";

/**
 * Google sign-in end to end: our API, a real OpenID Connect provider standing in for Google on 127.0.0.1
 * (GOOGLE_ISSUER_URL), and the redirects between them followed as a browser does, cookies included.
 */
describeEachDatabase("Google sign-in", (kind) => {
  let t: TestApp;
  let oidc: Awaited<ReturnType<typeof startOidcServer>>;
  const logs = captureLogs();
  const lastEvent = (event: string) =>
    logs
      .lines()
      .filter((l) => l.msg === "auth event" && l.event === event)
      .at(-1);
  beforeAll(async () => {
    oidc = await startOidcServer();
    t = await createTestApp(kind, {
      env: googleTestEnv(oidc.issuerUrl),
      logger: logs.logger,
    });
  });
  afterAll(async () => {
    await t.close();
    await oidc.close();
  });

  /** Clicks "Sign in with Google" (google-sign-in.tsx) and follows every redirect. */
  async function signInWithGoogle() {
    const flow = await followOAuthFlow(t.app, oidc.issuerUrl, "/api/auth/sign-in/social", {
      provider: "google",
      callbackURL: "/auth/callback",
      errorCallbackURL: "/auth/callback?provider=google",
    });
    expect(flow.status).toBe(200);
    return flow;
  }

  const sessionOf = (cookie: string) =>
    json<{ user: { id: string; email: string; name: string } } | null>(
      t.app.request("/api/auth/get-session", { headers: { Cookie: cookie } }),
    );

  it("is offered, through /api/auth-options, when configured", async () => {
    expect(await json(t.app.request("/api/auth-options"))).toEqual({ google: true, strava: false });
  });

  it("signs a new person in: a session, a verified user named from the profile, one Google account", async () => {
    oidc.signInAs({
      sub: "google-111",
      email: "new.rider@gmail.test",
      email_verified: true,
      name: "New Rider",
    });
    const { landedAt, cookie } = await signInWithGoogle();
    expect(landedAt).toBe("/auth/callback");
    const session = await sessionOf(cookie);
    expect(session?.user.email).toBe("new.rider@gmail.test");
    expect(session?.user.name).toBe("New Rider");
    const accounts = await t.db.select().from(account).where(eq(account.userId, session!.user.id));
    expect(accounts.map((a) => [a.providerId, a.accountId])).toEqual([["google", "google-111"]]);
    const [row] = await t.db.select().from(user).where(eq(user.id, session!.user.id));
    expect(row!.emailVerified).toBe(true);
    expect(lastEvent("sign_in")).toMatchObject({ method: "google", userId: session!.user.id });

    // Signing in again finds the same user, not a new one.
    const again = await signInWithGoogle();
    expect((await sessionOf(again.cookie))?.user.id).toBe(session!.user.id);
    expect(await t.db.select().from(user).where(eq(user.email, "new.rider@gmail.test"))).toHaveLength(1);
  });

  it("links Google to the password account with the same verified email: one user, two accounts", async () => {
    const rider = await signUp(t.app, "linked.rider@example.com");
    oidc.signInAs({
      sub: "google-222",
      email: "linked.rider@example.com",
      email_verified: true,
      name: "Linked",
    });
    const { landedAt, cookie } = await signInWithGoogle();
    expect(landedAt).toBe("/auth/callback");
    expect((await sessionOf(cookie))?.user.id).toBe(rider.userId);
    expect(await t.db.select().from(user).where(eq(user.email, "linked.rider@example.com"))).toHaveLength(1);
    const accounts = await t.db.select().from(account).where(eq(account.userId, rider.userId));
    expect(accounts.map((a) => a.providerId).sort()).toEqual(["credential", "google"]);
    // The password still works too.
    const password = await t.app.request("/api/auth/sign-in/email", {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: TEST_ORIGIN },
      body: JSON.stringify({ email: "linked.rider@example.com", password: "correct-horse" }),
    });
    expect(password.status).toBe(200);
  });

  it("does not link into a password account whose email was never confirmed (someone else may have made it)", async () => {
    const signUpResponse = await t.app.request("/api/auth/sign-up/email", {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: TEST_ORIGIN },
      body: JSON.stringify({ email: "squatted@example.com", password: "attacker-pass", name: "" }),
    });
    expect(signUpResponse.status).toBe(200);
    oidc.signInAs({ sub: "google-333", email: "squatted@example.com", email_verified: true, name: "Owner" });
    const { landedAt, cookie } = await signInWithGoogle();
    expect(landedAt).toMatch(/^\/auth\/callback\?provider=google&error=/);
    expect(await sessionOf(cookie)).toBeNull();
    const accounts = await t.db
      .select({ providerId: account.providerId })
      .from(account)
      .innerJoin(user, eq(user.id, account.userId))
      .where(eq(user.email, "squatted@example.com"));
    expect(accounts.map((a) => a.providerId)).toEqual(["credential"]);
  });

  it("gives no session for a Google address Google has not verified", async () => {
    oidc.signInAs({ sub: "google-555", email: "unverified@example.com", email_verified: false, name: "U" });
    const { landedAt, cookie } = await signInWithGoogle();
    expect(landedAt).toMatch(/^\/auth\/callback\?provider=google&error=email_not_verified/);
    expect(await sessionOf(cookie)).toBeNull();
  });

  it("comes back to the error path when Google answers with an error, with no session", async () => {
    oidc.signInAs({ sub: "google-444", email: "cancel@example.com", email_verified: true, name: "Cancel" });
    oidc.failNext("access_denied");
    const { landedAt, cookie } = await signInWithGoogle();
    expect(landedAt).toMatch(/^\/auth\/callback\?provider=google&error=access_denied/);
    expect(await sessionOf(cookie)).toBeNull();
    expect(await t.db.select().from(user).where(eq(user.email, "cancel@example.com"))).toHaveLength(0);
    expect(lastEvent("sign_in_failed")).toMatchObject({ method: "google", level: 40 });
    // What the callback page then shows on /auth (SPEC.md section 8, word for word).
    expect(messages.auth.googleError).toBe("Something went wrong with Google sign-in.");
  });
});

describeEachDatabase("Google sign-in, not configured", (kind) => {
  const t = useTestApp(kind);

  it("is not offered, and starting it is refused", async () => {
    expect(await json(t.app.request("/api/auth-options"))).toEqual({ google: false, strava: false });
    const start = await t.app.request("/api/auth/sign-in/social", {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: TEST_ORIGIN },
      body: JSON.stringify({ provider: "google", callbackURL: "/auth/callback" }),
    });
    expect(start.status).toBe(404);
  });
});
