import { afterAll, beforeAll, expect, it } from "vitest";
import { readOutbox } from "../adapters/mail.ts";
import { captureLogs } from "../testing/log-capture.ts";
import {
  createTestApp,
  describeEachDatabase,
  signUp,
  TEST_ORIGIN,
  type TestApp,
} from "../testing/test-app.ts";

/** Each authentication event is one structured log line, read back from a real pino stream. */
describeEachDatabase("auth event log", (kind) => {
  let t: TestApp;
  const logs = captureLogs();
  beforeAll(async () => {
    t = await createTestApp(kind, { logger: logs.logger });
  });
  afterAll(() => t.close());

  let requests = 0;
  const post = (path: string, body: unknown, cookie = "") =>
    t.app.request(
      path,
      {
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          Origin: TEST_ORIGIN,
          // The request id our request log uses (taken from the caller when given, as behind a proxy).
          "X-Request-Id": `test-request-${++requests}`,
          ...(cookie ? { Cookie: cookie } : {}),
        },
        body: JSON.stringify(body),
        // As @hono/node-server hands a request over: the connection it came on (the client's address).
      },
      { incoming: { socket: { remoteAddress: "203.0.113.7", remotePort: 50_000, remoteFamily: "IPv4" } } },
    );
  const events = () => logs.lines().filter((l) => l.msg === "auth event");
  const last = (event: string) =>
    events()
      .filter((l) => l.event === event)
      .at(-1);

  it("logs sign-up, verification, sign-in and its failure, reset, password change, two-factor, sign-out and deletion without secrets", async () => {
    const rider = await signUp(t.app, "events.rider@example.com");
    expect(last("sign_up")).toMatchObject({ email: "e***@example.com", level: 30 });
    expect(last("sign_up")!.emailHash).toMatch(/^[0-9a-f]{16}$/);
    expect(last("email_verified")).toMatchObject({ userId: rider.userId });

    const wrong = await post("/api/auth/sign-in/email", { email: rider.email, password: "not-the-password" });
    expect(wrong.status).toBe(401);
    const failed = last("sign_in_failed")!;
    expect(failed).toMatchObject({
      level: 40,
      reason: "INVALID_EMAIL_OR_PASSWORD",
      email: "e***@example.com",
    });
    expect(failed.emailHash).toBe(last("sign_up")!.emailHash);
    expect(failed.requestId).toBe(`test-request-${requests}`);
    expect(failed.ip).toBe("203.0.113.7");

    const right = await post("/api/auth/sign-in/email", { email: rider.email, password: "correct-horse" });
    expect(right.status).toBe(200);
    expect(last("sign_in")).toMatchObject({ userId: rider.userId, requestId: `test-request-${requests}` });
    const cookie = right.headers.getSetCookie()[0]!.split(";")[0]!;

    expect(
      (await post("/api/auth/request-password-reset", { email: rider.email, redirectTo: "/auth/callback" }))
        .status,
    ).toBe(200);
    expect(last("password_reset_requested")).toMatchObject({ email: "e***@example.com" });
    const resetLink = readOutbox(t.config.dataDir)
      .filter((m) => m.to === rider.email)
      .at(-1)!
      .text.match(/https?:\/\/\S+/)![0];
    const resetToken = /reset-password\/([^?]+)/.exec(resetLink)![1]!;
    // The emailed link, opened as the browser does (its token is in the path: the request log must not keep it).
    expect((await t.app.request(resetLink.replace(TEST_ORIGIN, ""), { redirect: "manual" })).status).toBe(
      302,
    );
    expect(
      (await post("/api/auth/reset-password", { token: resetToken, newPassword: "new-password-1" })).status,
    ).toBe(200);
    expect(last("password_reset_completed")).toBeDefined();
    expect(
      (await post("/api/auth/reset-password", { token: resetToken, newPassword: "again-password" })).status,
    ).toBe(400);
    expect(last("password_reset_completed_failed")).toMatchObject({ reason: "INVALID_TOKEN" });

    const signedIn = await post("/api/auth/sign-in/email", {
      email: rider.email,
      password: "new-password-1",
    });
    const session = signedIn.headers.getSetCookie()[0]!.split(";")[0]!;
    const changed = await post(
      "/api/auth/change-password",
      { currentPassword: "new-password-1", newPassword: "changed-password-2" },
      session,
    );
    expect(changed.status).toBe(200);
    expect(last("password_changed")).toMatchObject({ userId: rider.userId });
    const session2 =
      changed.headers
        .getSetCookie()
        .find((c) => c.includes("session_token"))
        ?.split(";")[0] ?? session;

    const enable = await post("/api/auth/two-factor/enable", { password: "changed-password-2" }, session2);
    expect(enable.status).toBe(200);
    const { totpURI } = (await enable.json()) as { totpURI: string };
    const totpSecret = new URL(totpURI).searchParams.get("secret")!;
    expect(last("two_factor_enable")).toMatchObject({ userId: rider.userId });
    expect(
      (await post("/api/auth/two-factor/verify-totp", { code: "000000" }, session2)).status,
    ).toBeGreaterThanOrEqual(400);
    expect(last("two_factor_verify_totp_failed")).toMatchObject({ userId: rider.userId });
    const disable = await post("/api/auth/two-factor/disable", { password: "changed-password-2" }, session2);
    expect(disable.status).toBe(200);
    // Changing the factor replaces the session: carry on with the new cookie.
    const session4 =
      disable.headers
        .getSetCookie()
        .find((c) => c.includes("session_token"))
        ?.split(";")[0] ?? session2;
    expect(last("two_factor_disable")).toMatchObject({ userId: rider.userId });

    expect((await post("/api/auth/sign-out", {}, session4)).status).toBe(200);
    expect(last("sign_out")).toMatchObject({ userId: rider.userId });
    // An old session was ended by the reset; the unchanged cookie no longer signs anything out.
    expect(cookie).not.toBe(session2);

    const again = await post("/api/auth/sign-in/email", {
      email: rider.email,
      password: "changed-password-2",
    });
    const session3 = again.headers.getSetCookie()[0]!.split(";")[0]!;
    expect((await post("/api/auth/delete-user", { password: "changed-password-2" }, session3)).status).toBe(
      200,
    );
    expect(last("account_deleted")).toMatchObject({ userId: rider.userId });

    // Nothing secret in any line: passwords, the reset token, session tokens, the factor's secret, the address.
    // (Except by design without SMTP: the outbox line that prints a mailed link for the operator, auth_mail.)
    const lines = logs.lines().filter((l) => l.event !== "auth_mail");
    for (const secret of [
      "correct-horse",
      "not-the-password",
      "new-password-1",
      "changed-password-2",
      resetToken,
      totpSecret,
      "events.rider@example.com",
      cookie.split("=")[1]!.split(".")[0]!,
      session3.split("=")[1]!.split(".")[0]!,
    ]) {
      expect(lines.filter((l) => JSON.stringify(l).includes(secret))).toEqual([]);
    }
  });
});
