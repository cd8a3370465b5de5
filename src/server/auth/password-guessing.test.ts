import { isNotNull } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { isCommonPassword } from "../../shared/domain/common-passwords.ts";
import { messages } from "../../shared/messages.ts";
import { readOutbox } from "../adapters/mail.ts";
import { signInFailures } from "../db/schema.ts";
import { describeEachDatabase, poster, signUp, TEST_ORIGIN, useTestApp } from "../testing/test-app.ts";
import { lockSeconds } from "./sign-in-lock.ts";

describe("the lock's length", () => {
  it("starts at a minute after 5 failures in a row and doubles up to 15 minutes", () => {
    expect([4, 5, 6, 7, 8, 9, 10, 50].map(lockSeconds)).toEqual([0, 60, 120, 240, 480, 900, 900, 900]);
  });
});

describe("common passwords", () => {
  it("are the most common ones and their usual disguises, not any password with a word in it", () => {
    for (const common of [
      "password",
      "Password1",
      "p@ssw0rd",
      "drowssap",
      "12345678",
      "qwertyuiop",
      "iloveyou",
    ])
      expect(isCommonPassword(common), common).toBe(true);
    for (const fine of ["correct-horse", "new-horse-battery", "velolog-chainring"])
      expect(isCommonPassword(fine), fine).toBe(false);
  });
});

describeEachDatabase("password guessing", (kind) => {
  const t = useTestApp(kind);

  const post = poster(t);
  const signIn = (email: string, password: string) => post("/api/auth/sign-in/email", { email, password });
  const failTimes = async (email: string, times: number) => {
    for (let n = 0; n < times; n++) expect((await signIn(email, `wrong-guess-${n}`)).status).toBe(401);
  };
  /** Instead of waiting: every lock ends now. */
  const endLocks = () =>
    t.db
      .update(signInFailures)
      .set({ lockedUntil: new Date(Date.now() - 1000) })
      .where(isNotNull(signInFailures.lockedUntil));

  it("after 5 wrong passwords refuses even the right one until the lock ends", async () => {
    const rider = await signUp(t.app);
    await failTimes(rider.email, 5);

    const locked = await signIn(rider.email, "correct-horse");
    expect(locked.status).toBe(429);
    expect(await locked.json()).toMatchObject({
      code: "SIGN_IN_LOCKED",
      message: messages.auth.signInLocked(1),
    });
    expect(Number(locked.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(Number(locked.headers.get("retry-after"))).toBeLessThanOrEqual(60);
    expect(locked.headers.getSetCookie()).toEqual([]);

    await endLocks();
    expect((await signIn(rider.email, "correct-horse")).status).toBe(200);
  });

  it("locks for longer after each further failure, and a right password starts the count again", async () => {
    const rider = await signUp(t.app);
    await failTimes(rider.email, 5);
    await endLocks();
    await failTimes(rider.email, 1);
    const longer = await signIn(rider.email, "correct-horse");
    expect(longer.status).toBe(429);
    expect(Number(longer.headers.get("retry-after"))).toBeGreaterThan(60);
    expect(((await longer.json()) as { message: string }).message).toBe(messages.auth.signInLocked(2));

    await endLocks();
    expect((await signIn(rider.email, "correct-horse")).status).toBe(200);
    await failTimes(rider.email, 4);
    expect((await signIn(rider.email, "correct-horse")).status).toBe(200);
  });

  it("answers an unknown email exactly like an account, before and during a lock", async () => {
    const rider = await signUp(t.app);
    const unknown = `nobody-${Date.now()}@example.com`;
    for (let n = 0; n < 5; n++) {
      const [known, nobody] = [await signIn(rider.email, `guess-${n}`), await signIn(unknown, `guess-${n}`)];
      expect(nobody.status).toBe(known.status);
      expect(await nobody.json()).toEqual(await known.json());
    }
    const [known, nobody] = [
      await signIn(rider.email, "correct-horse"),
      await signIn(unknown, "correct-horse"),
    ];
    expect(known.status).toBe(429);
    expect(nobody.status).toBe(429);
    expect(await nobody.json()).toEqual(await known.json());
  });

  it("keeps the reset link working during a lock, and the new password ends the lock", async () => {
    const rider = await signUp(t.app);
    await failTimes(rider.email, 5);
    expect((await signIn(rider.email, "correct-horse")).status).toBe(429);

    expect(
      (await post("/api/auth/request-password-reset", { email: rider.email, redirectTo: "/auth/callback" }))
        .status,
    ).toBe(200);
    const mail = readOutbox(t.config.dataDir)
      .filter((m) => m.to === rider.email)
      .at(-1);
    const link = /https?:\/\/\S+/.exec(mail!.text)![0];
    const opened = await t.app.request(link.replace(TEST_ORIGIN, ""), { redirect: "manual" });
    const token = new URL(opened.headers.get("location")!, TEST_ORIGIN).searchParams.get("token")!;
    expect((await post("/api/auth/reset-password", { token, newPassword: "new-horse-battery" })).status).toBe(
      200,
    );

    expect((await signIn(rider.email, "new-horse-battery")).status).toBe(200);
  });

  it("refuses a password under 8 characters or a common one at sign-up, with the forms' messages", async () => {
    const signUpWith = (password: string) =>
      post("/api/auth/sign-up/email", { email: `weak-${Date.now()}@example.com`, password, name: "" });
    const short = await signUpWith("abc1234");
    expect(short.status).toBe(400);
    expect(await short.json()).toMatchObject({
      code: "PASSWORD_TOO_SHORT",
      message: messages.auth.passwordTooShort,
    });
    for (const common of ["password1", "Password123", "qwerty123"]) {
      const refused = await signUpWith(common);
      expect(refused.status, common).toBe(400);
      expect(await refused.json()).toMatchObject({
        code: "PASSWORD_TOO_COMMON",
        message: messages.auth.passwordTooCommon,
      });
    }
    expect((await signUpWith("velolog-chainring")).status).toBe(200);
  });

  it("refuses a short or common new password at reset, and the link still works for a good one", async () => {
    const rider = await signUp(t.app);
    await post("/api/auth/request-password-reset", { email: rider.email, redirectTo: "/auth/callback" });
    const mail = readOutbox(t.config.dataDir)
      .filter((m) => m.to === rider.email)
      .at(-1);
    const link = /https?:\/\/\S+/.exec(mail!.text)![0];
    const opened = await t.app.request(link.replace(TEST_ORIGIN, ""), { redirect: "manual" });
    const token = new URL(opened.headers.get("location")!, TEST_ORIGIN).searchParams.get("token")!;

    const short = await post("/api/auth/reset-password", { token, newPassword: "short12" });
    expect(short.status).toBe(400);
    expect(((await short.json()) as { code: string }).code).toBe("PASSWORD_TOO_SHORT");
    const common = await post("/api/auth/reset-password", { token, newPassword: "Password123" });
    expect(common.status).toBe(400);
    expect(((await common.json()) as { message: string }).message).toBe(messages.auth.passwordTooCommon);
    expect((await post("/api/auth/reset-password", { token, newPassword: "new-horse-battery" })).status).toBe(
      200,
    );
    expect((await signIn(rider.email, "new-horse-battery")).status).toBe(200);
  });

  it("refuses a short or common new password when changing it", async () => {
    const rider = await signUp(t.app);
    const change = (newPassword: string) =>
      post("/api/auth/change-password", { currentPassword: "correct-horse", newPassword }, rider.cookie);
    const short = await change("short12");
    expect(short.status).toBe(400);
    expect(((await short.json()) as { code: string }).code).toBe("PASSWORD_TOO_SHORT");
    const common = await change("sunshine1");
    expect(common.status).toBe(400);
    expect(await common.json()).toMatchObject({
      code: "PASSWORD_TOO_COMMON",
      message: messages.auth.passwordTooCommon,
    });
    expect((await signIn(rider.email, "sunshine1")).status).toBe(401);
    expect((await change("velolog-chainring")).status).toBe(200);
  });
});
