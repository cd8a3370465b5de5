import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { session } from "../db/schema.ts";
import { captureLogs } from "../testing/log-capture.ts";
import { followOAuthFlow, googleTestEnv } from "../testing/oauth-flow.ts";
import { startOidcServer } from "../testing/oidc-server.ts";
import {
  cookiesOf,
  createTestApp,
  describeEachDatabase,
  json,
  poster,
  signUp,
  type TestApp,
} from "../testing/test-app.ts";
import { secretOf, sendPreviousStepCode, totpCode, wrongCode } from "../testing/totp.ts";

const PASSWORD = "correct-horse";

/**
 * Google is one factor, like the mailbox (decisions 0012, 0063): a Google sign-in of an account with
 * two-factor authentication on ends at the code step, not with a session. Our API against a real OpenID
 * Connect server standing in for Google, the redirects followed as a browser does.
 */
describeEachDatabase("Google sign-in with two-factor authentication on", (kind) => {
  let t: TestApp;
  let post: ReturnType<typeof poster>;
  let oidc: Awaited<ReturnType<typeof startOidcServer>>;
  const logs = captureLogs();
  beforeAll(async () => {
    oidc = await startOidcServer();
    t = await createTestApp(kind, { env: googleTestEnv(oidc.issuerUrl), logger: logs.logger });
    post = poster(t);
  });
  afterAll(async () => {
    await t.close();
    await oidc.close();
  });

  const sessionOf = (cookie: string) =>
    json<{ user: { id: string } } | null>(
      t.app.request("/api/auth/get-session", { headers: { Cookie: cookie } }),
    );

  /** A password account with an authenticator app enrolled; returns its TOTP secret and current cookie. */
  async function riderWithTwoFactor(email: string) {
    const rider = await signUp(t.app, email);
    const enabled = await post("/api/auth/two-factor/enable", { password: PASSWORD }, rider.cookie);
    const secret = secretOf(((await enabled.json()) as { totpURI: string }).totpURI);
    // The previous step's code, so that the current one is left for the test's sign-in.
    const verified = await sendPreviousStepCode(secret, (code) =>
      post("/api/auth/two-factor/verify-totp", { code }, rider.cookie),
    );
    expect(verified.status).toBe(200);
    return { ...rider, secret, cookie: cookiesOf(verified) || rider.cookie };
  }

  const signInWithGoogle = (next?: string) =>
    followOAuthFlow(t.app, oidc.issuerUrl, "/api/auth/sign-in/social", {
      provider: "google",
      callbackURL: next ? `/auth/callback?${new URLSearchParams({ next })}` : "/auth/callback",
      errorCallbackURL: "/auth/callback?provider=google",
    });

  it("gives no session but the code step, which the authenticator code finishes", async () => {
    const rider = await riderWithTwoFactor("two.factor.google@example.com");
    const sessionsBefore = await t.db.select().from(session).where(eq(session.userId, rider.userId));
    oidc.signInAs({ sub: "google-2fa-1", email: rider.email, email_verified: true, name: "Rider" });

    const flow = await signInWithGoogle("/bicycles");
    expect(flow.status).toBe(200);
    expect(flow.landedAt).toBe("/auth?step=two-factor&next=%2Fbicycles");
    expect(await sessionOf(flow.cookie)).toBeNull();
    // The session the callback made is gone from the database too, not only from the browser.
    expect(await t.db.select().from(session).where(eq(session.userId, rider.userId))).toHaveLength(
      sessionsBefore.length,
    );
    expect(
      logs
        .lines()
        .filter((l) => l.msg === "auth event")
        .at(-1),
    ).toMatchObject({ event: "sign_in_two_factor_required", method: "google", userId: rider.userId });

    // A wrong code is refused, then the right one signs in (the same step as after a password).
    const wrong = await post(
      "/api/auth/two-factor/verify-totp",
      { code: wrongCode(rider.secret) },
      flow.cookie,
    );
    expect(wrong.status).toBe(401);
    const right = await post(
      "/api/auth/two-factor/verify-totp",
      { code: totpCode(rider.secret) },
      flow.cookie,
    );
    expect(right.status).toBe(200);
    expect((await sessionOf(cookiesOf(right)))?.user.id).toBe(rider.userId);
  });

  it("with no code there is nothing to use: the challenge cookie alone reads no session or data", async () => {
    const rider = await riderWithTwoFactor("two.factor.nocode@example.com");
    oidc.signInAs({ sub: "google-2fa-2", email: rider.email, email_verified: true, name: "Rider" });
    const flow = await signInWithGoogle();
    expect(flow.landedAt).toBe("/auth?step=two-factor");
    expect(await sessionOf(flow.cookie)).toBeNull();
    expect((await t.app.request("/api/bicycles", { headers: { Cookie: flow.cookie } })).status).toBe(401);
  });

  it("still signs in an account without two-factor straight away", async () => {
    const rider = await signUp(t.app, "no.two.factor@example.com");
    oidc.signInAs({ sub: "google-2fa-3", email: rider.email, email_verified: true, name: "Rider" });
    const flow = await signInWithGoogle();
    expect(flow.landedAt).toBe("/auth/callback");
    expect((await sessionOf(flow.cookie))?.user.id).toBe(rider.userId);
  });

  it("still links Google from Account Settings while signed in (a full session already)", async () => {
    const rider = await riderWithTwoFactor("two.factor.link@example.com");
    oidc.signInAs({ sub: "google-2fa-4", email: rider.email, email_verified: true, name: "Rider" });
    const flow = await followOAuthFlow(
      t.app,
      oidc.issuerUrl,
      "/api/auth/link-social",
      { provider: "google", callbackURL: "/account?linked=google", errorCallbackURL: "/account?link=google" },
      rider.cookie,
    );
    expect(flow.landedAt).toBe("/account?linked=google");
    expect((await sessionOf(flow.cookie))?.user.id).toBe(rider.userId);
  });

  it("takes no ID token at sign-in (it would make a session without the callback, so without the code)", async () => {
    const rider = await riderWithTwoFactor("two.factor.idtoken@example.com");
    oidc.signInAs({ sub: "google-2fa-5", email: rider.email, email_verified: true, name: "Rider" });
    const before = await t.db.select().from(session).where(eq(session.userId, rider.userId));
    const token = await oidc.idTokenFor(googleTestEnv(oidc.issuerUrl).GOOGLE_CLIENT_ID!, "a-nonce");
    const response = await post("/api/auth/sign-in/social", {
      provider: "google",
      idToken: { token, nonce: "a-nonce" },
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { code: string }).code).toBe("ID_TOKEN_SIGN_IN_OFF");
    expect(cookiesOf(response)).not.toContain("session_token");
    expect(await t.db.select().from(session).where(eq(session.userId, rider.userId))).toHaveLength(
      before.length,
    );
  });
});
