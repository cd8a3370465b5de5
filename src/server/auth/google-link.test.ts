import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { readOutbox } from "../adapters/mail.ts";
import { account, user } from "../db/schema.ts";
import { captureLogs } from "../testing/log-capture.ts";
import { followOAuthFlow, googleTestEnv } from "../testing/oauth-flow.ts";
import { startOidcServer } from "../testing/oidc-server.ts";
import { lastLinkTo } from "../testing/outbox.ts";
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
 * Account Settings' "Sign-in methods": linking Google to a signed-in account, unlinking it, and resending the
 * verification email. Our API and a real OpenID Connect provider standing in for Google on 127.0.0.1, with
 * the redirects between them followed as a browser does, cookies included.
 */
describeEachDatabase("Linking and unlinking Google", (kind) => {
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

  const startFlow = (path: string, body: unknown, cookie = "") =>
    followOAuthFlow(t.app, oidc.issuerUrl, path, body, cookie);

  /** What the "Link Google account" button sends (sign-in-methods-card.tsx). */
  const linkGoogle = (cookie: string) =>
    startFlow(
      "/api/auth/link-social",
      { provider: "google", callbackURL: "/account?linked=google", errorCallbackURL: "/account?link=google" },
      cookie,
    );
  /** What "Sign in with Google" on /auth sends (google-sign-in.tsx). */
  const signInWithGoogle = () =>
    startFlow("/api/auth/sign-in/social", {
      provider: "google",
      callbackURL: "/auth/callback",
      errorCallbackURL: "/auth/callback?provider=google",
    });

  const sessionOf = (cookie: string) =>
    json<{ user: { id: string; email: string } } | null>(
      t.app.request("/api/auth/get-session", { headers: { Cookie: cookie } }),
    );
  const listAccounts = (cookie: string) =>
    json<{ id: string; providerId: string; accountId: string }[]>(
      t.app.request("/api/auth/list-accounts", { headers: { Cookie: cookie } }),
    );
  const unlink = (cookie: string, accountId: string) =>
    t.app.request("/api/auth/unlink-account", {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: TEST_ORIGIN, Cookie: cookie },
      body: JSON.stringify({ accountId }),
    });
  const providersOf = async (userId: string) =>
    (await t.db.select().from(account).where(eq(account.userId, userId))).map((a) => a.providerId).sort();

  it("links Google to a signed-in password account, which then signs in with Google as the same user", async () => {
    const rider = await signUp(t.app, "link.me@example.com");
    expect((await listAccounts(rider.cookie)).map((a) => a.providerId)).toEqual(["credential"]);

    oidc.signInAs({ sub: "google-link-1", email: "link.me@example.com", email_verified: true, name: "Link" });
    const linked = await linkGoogle(rider.cookie);
    expect(linked.landedAt).toBe("/account?linked=google");
    // Still the same session, now with two sign-in methods; still one user.
    expect((await sessionOf(linked.cookie))?.user.id).toBe(rider.userId);
    const accounts = await listAccounts(rider.cookie);
    expect(accounts.map((a) => [a.providerId, a.accountId]).sort()).toEqual([
      ["credential", rider.userId],
      ["google", "google-link-1"],
    ]);
    expect(await t.db.select().from(user).where(eq(user.email, "link.me@example.com"))).toHaveLength(1);
    // Logged as a link, not as a failed sign-in (it makes no new session).
    expect(lastEvent("account_linked")).toMatchObject({ method: "google", userId: rider.userId, level: 30 });

    // Signing in with that Google account (signed out) reaches this user.
    const google = await signInWithGoogle();
    expect(google.landedAt).toBe("/auth/callback");
    expect((await sessionOf(google.cookie))?.user.id).toBe(rider.userId);
    expect(await providersOf(rider.userId)).toEqual(["credential", "google"]);
  });

  it("refuses a Google account whose email differs from the account's (allowDifferentEmails is off)", async () => {
    const rider = await signUp(t.app, "own.address@example.com");
    oidc.signInAs({
      sub: "google-other",
      email: "other.address@gmail.test",
      email_verified: true,
      name: "O",
    });
    const result = await linkGoogle(rider.cookie);
    expect(result.landedAt).toBe("/account?link=google&error=email_does_not_match");
    expect(await providersOf(rider.userId)).toEqual(["credential"]);
    expect(lastEvent("account_link_failed")).toMatchObject({
      userId: rider.userId,
      reason: "email_does_not_match",
      level: 40,
    });
    // The session is untouched.
    expect((await sessionOf(result.cookie))?.user.id).toBe(rider.userId);
  });

  it("refuses a Google account whose address Google has not verified", async () => {
    const rider = await signUp(t.app, "unconfirmed.at.google@example.com");
    oidc.signInAs({
      sub: "google-unverified-link",
      email: "unconfirmed.at.google@example.com",
      email_verified: false,
      name: "U",
    });
    const result = await linkGoogle(rider.cookie);
    expect(result.landedAt).toBe("/account?link=google&error=unable_to_link_account");
    expect(await providersOf(rider.userId)).toEqual(["credential"]);
  });

  it("refuses a Google account already linked to someone else", async () => {
    const first = await signUp(t.app, "first.owner@example.com");
    oidc.signInAs({
      sub: "google-shared",
      email: "first.owner@example.com",
      email_verified: true,
      name: "F",
    });
    expect((await linkGoogle(first.cookie)).landedAt).toBe("/account?linked=google");
    // The same Google account (its address changed at Google since) offered to a second user.
    const second = await signUp(t.app, "second.owner@example.com");
    oidc.signInAs({
      sub: "google-shared",
      email: "second.owner@example.com",
      email_verified: true,
      name: "S",
    });
    const result = await linkGoogle(second.cookie);
    expect(result.landedAt).toBe("/account?link=google&error=account_already_linked_to_different_user");
    expect(await providersOf(second.userId)).toEqual(["credential"]);
    expect(await providersOf(first.userId)).toEqual(["credential", "google"]);
  });

  it("comes back to /account with the provider's error when the person cancels at Google", async () => {
    const rider = await signUp(t.app);
    oidc.signInAs({ sub: "google-cancel-link", email: rider.email, email_verified: true, name: "C" });
    oidc.failNext("access_denied");
    const result = await linkGoogle(rider.cookie);
    expect(result.landedAt).toBe("/account?link=google&error=access_denied");
    expect(await providersOf(rider.userId)).toEqual(["credential"]);
  });

  it("needs a session to start linking", async () => {
    const result = await startFlow("/api/auth/link-social", { provider: "google", callbackURL: "/account" });
    expect(result.status).toBe(401);
  });

  it("unlinks Google; a later Google sign-in with the same verified address links it again (same user)", async () => {
    const rider = await signUp(t.app, "unlink.me@example.com");
    oidc.signInAs({ sub: "google-unlink", email: "unlink.me@example.com", email_verified: true, name: "U" });
    expect((await linkGoogle(rider.cookie)).landedAt).toBe("/account?linked=google");
    const googleAccount = (await listAccounts(rider.cookie)).find((a) => a.providerId === "google")!;

    const response = await unlink(rider.cookie, googleAccount.id);
    expect(response.status).toBe(200);
    expect(lastEvent("account_unlinked")).toMatchObject({ userId: rider.userId });
    expect((await listAccounts(rider.cookie)).map((a) => a.providerId)).toEqual(["credential"]);

    // Unlinking removes the link, not the rule: Google still vouches for this verified address, so signing
    // in with Google joins this user again (never a second user). docs/security.md says so.
    const google = await signInWithGoogle();
    expect((await sessionOf(google.cookie))?.user.id).toBe(rider.userId);
    expect(await providersOf(rider.userId)).toEqual(["credential", "google"]);
    expect(await t.db.select().from(user).where(eq(user.email, "unlink.me@example.com"))).toHaveLength(1);
  });

  it("will not remove the only way to sign in, for a password user or a Google-only user", async () => {
    const rider = await signUp(t.app);
    const [credential] = await listAccounts(rider.cookie);
    const refused = await unlink(rider.cookie, credential!.id);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({
      code: "FAILED_TO_UNLINK_LAST_ACCOUNT",
      message: "You can't unlink your last account",
    });
    expect(await providersOf(rider.userId)).toEqual(["credential"]);

    oidc.signInAs({ sub: "google-only", email: "google.only@gmail.test", email_verified: true, name: "G" });
    const google = await signInWithGoogle();
    const session = await sessionOf(google.cookie);
    const [only] = await listAccounts(google.cookie);
    expect(only!.providerId).toBe("google");
    const refusedGoogle = await unlink(google.cookie, only!.id);
    expect(refusedGoogle.status).toBe(400);
    expect(await providersOf(session!.user.id)).toEqual(["google"]);
  });

  it("cannot unlink someone else's account, and needs a session", async () => {
    const owner = await signUp(t.app, "victim.owner@example.com");
    oidc.signInAs({
      sub: "google-victim",
      email: "victim.owner@example.com",
      email_verified: true,
      name: "V",
    });
    await linkGoogle(owner.cookie);
    const victimGoogle = (await listAccounts(owner.cookie)).find((a) => a.providerId === "google")!;

    const attacker = await signUp(t.app);
    oidc.signInAs({ sub: "google-attacker", email: attacker.email, email_verified: true, name: "A" });
    await linkGoogle(attacker.cookie);
    const response = await unlink(attacker.cookie, victimGoogle.id);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: "ACCOUNT_NOT_FOUND" });
    expect(await providersOf(owner.userId)).toEqual(["credential", "google"]);

    expect((await unlink("", victimGoogle.id)).status).toBe(401);
    expect((await t.app.request("/api/auth/list-accounts")).status).toBe(401);
  });

  it("signing in with Google never joins an existing account when Google has not verified the address", async () => {
    const rider = await signUp(t.app, "takeover.target@example.com");
    oidc.signInAs({
      sub: "google-impostor",
      email: "takeover.target@example.com",
      email_verified: false,
      name: "Impostor",
    });
    const result = await signInWithGoogle();
    expect(result.landedAt).toMatch(/^\/auth\/callback\?provider=google&error=/);
    expect(await sessionOf(result.cookie)).toBeNull();
    expect(await providersOf(rider.userId)).toEqual(["credential"]);
  });
});

describeEachDatabase("Resending the verification email from Account Settings", (kind) => {
  const t = useTestApp(kind);

  const resend = (cookie: string, email: string) =>
    t.app.request("/api/auth/send-verification-email", {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: TEST_ORIGIN, Cookie: cookie },
      body: JSON.stringify({ email, callbackURL: "/auth/callback" }),
    });

  it("mails a new link to a signed-in user whose address is not confirmed, and the link confirms it", async () => {
    const rider = await signUp(t.app, "needs.confirming@example.com");
    // An address can stop being confirmed while a session lives (e.g. set so by an operator).
    await t.db.update(user).set({ emailVerified: false }).where(eq(user.id, rider.userId));
    const before = readOutbox(t.config.dataDir).length;

    const response = await resend(rider.cookie, rider.email);
    expect(response.status).toBe(200);
    expect(readOutbox(t.config.dataDir)).toHaveLength(before + 1);
    const link = lastLinkTo(t.config.dataDir, rider.email, "/api/auth/verify-email")!;
    expect(link).toContain("callbackURL=%2Fauth%2Fcallback");
    await t.app.request(link.replace(TEST_ORIGIN, ""), { redirect: "manual" });
    const [row] = await t.db.select().from(user).where(eq(user.id, rider.userId));
    expect(row!.emailVerified).toBe(true);
  });

  it("refuses, with a reason, for an address that is already confirmed or is not the user's", async () => {
    const rider = await signUp(t.app);
    const already = await resend(rider.cookie, rider.email);
    expect(already.status).toBe(400);
    expect(await already.json()).toMatchObject({ code: "EMAIL_ALREADY_VERIFIED" });
    const someoneElse = await resend(rider.cookie, "someone.else@example.com");
    expect(someoneElse.status).toBe(400);
    expect(await someoneElse.json()).toMatchObject({ code: "EMAIL_MISMATCH" });
  });
});
