import { symmetricDecrypt } from "better-auth/crypto";
import { eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rateLimit, twoFactor, user } from "../db/schema.ts";
import {
  cookiesOf,
  createTestApp,
  describeEachDatabase,
  poster,
  signUp,
  type TestApp,
  type TestClient,
  useTestApp,
} from "../testing/test-app.ts";
import { secretOf, sendPreviousStepCode, totpCode, wrongCode } from "../testing/totp.ts";

const PASSWORD = "correct-horse";

describe("the test TOTP helper", () => {
  it("matches RFC 6238's SHA-1 test vectors (last 6 digits)", () => {
    // RFC 6238 appendix B: secret "12345678901234567890", T = 59 s -> 94287082; T = 1111111109 s -> 07081804.
    const secret = "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ";
    expect(totpCode(secret, { at: 59_000 })).toBe("287082");
    expect(totpCode(secret, { at: 1_111_111_109_000 })).toBe("081804");
  });
});

/** Enrols an authenticator app for a signed-in rider: enable (password), then the first code. */
async function enrol(t: TestApp, rider: TestClient) {
  const post = poster(t);
  const enabled = await post("/api/auth/two-factor/enable", { password: PASSWORD }, rider.cookie);
  expect(enabled.status).toBe(200);
  const { totpURI, backupCodes } = (await enabled.json()) as { totpURI: string; backupCodes: string[] };
  const secret = secretOf(totpURI);
  // The previous step's code, so that the current one is left for the test's sign-in.
  const verified = await sendPreviousStepCode(secret, (code) =>
    post("/api/auth/two-factor/verify-totp", { code }, rider.cookie),
  );
  expect(verified.status).toBe(200);
  // Enrolment replaces the session (the user changed); the new cookie is the rider's from now on.
  return { secret, backupCodes, totpURI, cookie: cookiesOf(verified) || rider.cookie };
}

describeEachDatabase("two-factor authentication", (kind) => {
  let t: TestApp;
  let post: ReturnType<typeof poster>;
  beforeAll(async () => {
    t = await createTestApp(kind);
    post = poster(t);
  });
  afterAll(() => t.close());

  const signIn = (email: string, password = PASSWORD) => post("/api/auth/sign-in/email", { email, password });
  const sessionOf = async (cookie: string) =>
    (await (await t.app.request("/api/auth/get-session", { headers: { Cookie: cookie } })).json()) as {
      user: { twoFactorEnabled: boolean };
    } | null;

  it("enrols only with the password, stores the secret encrypted, and turns on after the first code", async () => {
    const rider = await signUp(t.app);
    const refused = await post("/api/auth/two-factor/enable", { password: "wrong-password" }, rider.cookie);
    expect(refused.status).toBe(400);
    expect((await post("/api/auth/two-factor/enable", {}, rider.cookie)).status).toBe(400);
    expect((await post("/api/auth/two-factor/enable", { password: PASSWORD })).status).toBe(401);

    const enabled = await post("/api/auth/two-factor/enable", { password: PASSWORD }, rider.cookie);
    expect(enabled.status).toBe(200);
    const { totpURI, backupCodes } = (await enabled.json()) as { totpURI: string; backupCodes: string[] };
    expect(totpURI).toMatch(/^otpauth:\/\/totp\/Velolog:/);
    expect(new URL(totpURI).searchParams.get("issuer")).toBe("Velolog");
    expect(backupCodes).toHaveLength(10);
    const secret = secretOf(totpURI);

    // Not on until a code proves the app has the secret.
    expect((await sessionOf(rider.cookie))!.user.twoFactorEnabled).toBe(false);
    const [row] = await t.db.select().from(twoFactor).where(eq(twoFactor.userId, rider.userId));
    expect(row!.verified).toBe(false);
    // Encrypted at rest: neither the secret (raw or base32) nor a backup code is in the row.
    expect(row!.secret).not.toContain(secret);
    expect(row!.secret).not.toContain(base32ToText(secret));
    // ... and it is the auth library's authenticated encryption under the auth secret: it decrypts with
    // BETTER_AUTH_SECRET to exactly the secret the app was given.
    expect(await symmetricDecrypt({ key: t.config.authSecret, data: row!.secret })).toBe(
      base32ToText(secret),
    );
    expect(JSON.parse(await symmetricDecrypt({ key: t.config.authSecret, data: row!.backupCodes }))).toEqual(
      backupCodes,
    );
    for (const code of backupCodes) expect(row!.backupCodes).not.toContain(code);

    const wrong = await post("/api/auth/two-factor/verify-totp", { code: wrongCode(secret) }, rider.cookie);
    expect(wrong.status).toBe(401);
    expect(((await wrong.json()) as { code: string }).code).toBe("INVALID_CODE");

    const verified = await post("/api/auth/two-factor/verify-totp", { code: totpCode(secret) }, rider.cookie);
    expect(verified.status).toBe(200);
    const cookie = cookiesOf(verified);
    expect((await sessionOf(cookie))!.user.twoFactorEnabled).toBe(true);
    const [after] = await t.db
      .select({ enabled: user.twoFactorEnabled })
      .from(user)
      .where(eq(user.id, rider.userId));
    expect(after!.enabled).toBe(true);
  });

  it("asks for the code after the password, and gives no session until the right code", async () => {
    const rider = await signUp(t.app);
    const { secret } = await enrol(t, rider);

    const first = await signIn(rider.email);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ twoFactorRedirect: true, twoFactorMethods: ["totp"] });
    const challenge = cookiesOf(first);
    expect(challenge).toMatch(/two_factor=/);
    expect(challenge).not.toMatch(/session_token=/);
    expect(await sessionOf(challenge)).toBeNull();
    expect((await t.app.request("/api/bicycles", { headers: { Cookie: challenge } })).status).toBe(401);

    const wrong = await post("/api/auth/two-factor/verify-totp", { code: wrongCode(secret) }, challenge);
    expect(wrong.status).toBe(401);
    expect(cookiesOf(wrong)).not.toMatch(/session_token=/);
    // Not a number, too short: refused the same way, never a 500.
    for (const code of ["abcdef", "12", ""]) {
      const bad = await post("/api/auth/two-factor/verify-totp", { code }, challenge);
      expect(bad.status).toBe(401);
    }
    const missing = await post("/api/auth/two-factor/verify-totp", {}, challenge);
    expect(missing.status).toBe(400);

    const right = await post("/api/auth/two-factor/verify-totp", { code: totpCode(secret) }, challenge);
    expect(right.status).toBe(200);
    const session = cookiesOf(right);
    expect(session).toMatch(/session_token=/);
    expect((await t.app.request("/api/bicycles", { headers: { Cookie: session } })).status).toBe(200);

    // The challenge is used up: the same cookie cannot open a second session.
    const again = await post("/api/auth/two-factor/verify-totp", { code: totpCode(secret) }, challenge);
    expect(again.status).toBe(401);
  });

  it("accepts an app code once: the same code cannot open a second session", async () => {
    const rider = await signUp(t.app);
    const { secret } = await enrol(t, rider);
    const code = totpCode(secret);
    const first = await post(
      "/api/auth/two-factor/verify-totp",
      { code },
      cookiesOf(await signIn(rider.email)),
    );
    expect(first.status).toBe(200);

    // Someone who has the password and saw the code, within its 90 seconds.
    const replay = await post(
      "/api/auth/two-factor/verify-totp",
      { code },
      cookiesOf(await signIn(rider.email)),
    );
    expect(replay.status).toBe(401);
    expect(await replay.json()).toMatchObject({
      code: "CODE_ALREADY_USED",
      message: "That code was just used. Wait for the next code in your authenticator app.",
    });
    expect(cookiesOf(replay)).not.toMatch(/session_token=/);

    // The next code the app shows works; the enrolment's code was this rider's only, not another's.
    const next = await post(
      "/api/auth/two-factor/verify-totp",
      { code: totpCode(secret, { stepOffset: 1 }) },
      cookiesOf(await signIn(rider.email)),
    );
    expect(next.status).toBe(200);
    const other = await signUp(t.app);
    const otherFactor = await enrol(t, other);
    const otherSignIn = await post(
      "/api/auth/two-factor/verify-totp",
      { code: totpCode(otherFactor.secret) },
      cookiesOf(await signIn(other.email)),
    );
    expect(otherSignIn.status).toBe(200);
  });

  it("lets one of two sign-ins racing with the same code through, and a wrong code leaves the right one usable", async () => {
    const rider = await signUp(t.app);
    const { secret } = await enrol(t, rider);
    const code = totpCode(secret, { stepOffset: 1 });
    const [one, two] = [cookiesOf(await signIn(rider.email)), cookiesOf(await signIn(rider.email))];
    const answers = await Promise.all([
      post("/api/auth/two-factor/verify-totp", { code }, one),
      post("/api/auth/two-factor/verify-totp", { code }, two),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 401]);
    expect(answers.filter((answer) => cookiesOf(answer).includes("session_token=")).length).toBe(1);

    // A mistyped code is not used up by being refused: the rider types it again, right this time.
    const other = await signUp(t.app);
    const otherFactor = await enrol(t, other);
    const challenge = cookiesOf(await signIn(other.email));
    const right = totpCode(otherFactor.secret, { stepOffset: 1 });
    const typo = wrongCode(otherFactor.secret);
    expect((await post("/api/auth/two-factor/verify-totp", { code: typo }, challenge)).status).toBe(401);
    expect((await post("/api/auth/two-factor/verify-totp", { code: right }, challenge)).status).toBe(200);
  });

  it("refuses a code without a sign-in challenge", async () => {
    const response = await post("/api/auth/two-factor/verify-totp", { code: "123456" });
    expect(response.status).toBe(401);
    expect(((await response.json()) as { code: string }).code).toBe("INVALID_TWO_FACTOR_COOKIE");
  });

  it("ends a challenge after 5 wrong codes: the password must be entered again", async () => {
    const rider = await signUp(t.app);
    const { secret } = await enrol(t, rider);
    const challenge = cookiesOf(await signIn(rider.email));
    for (let i = 0; i < 5; i++) {
      const wrong = await post("/api/auth/two-factor/verify-totp", { code: wrongCode(secret) }, challenge);
      expect(wrong.status).toBe(401);
    }
    const blocked = await post("/api/auth/two-factor/verify-totp", { code: totpCode(secret) }, challenge);
    expect(blocked.status).toBe(400);
    expect(((await blocked.json()) as { code: string }).code).toBe("TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE");
    // A fresh sign-in gets a fresh challenge that accepts the right code.
    const fresh = cookiesOf(await signIn(rider.email));
    const right = await post("/api/auth/two-factor/verify-totp", { code: totpCode(secret) }, fresh);
    expect(right.status).toBe(200);
  });

  it("accepts each backup code once, instead of an app code", async () => {
    const rider = await signUp(t.app);
    const { backupCodes } = await enrol(t, rider);
    const code = backupCodes[0]!;

    const challenge = cookiesOf(await signIn(rider.email));
    const wrong = await post("/api/auth/two-factor/verify-backup-code", { code: "AAAAA-BBBBB" }, challenge);
    expect(wrong.status).toBe(401);
    expect(((await wrong.json()) as { code: string }).code).toBe("INVALID_BACKUP_CODE");
    const used = await post("/api/auth/two-factor/verify-backup-code", { code }, challenge);
    expect(used.status).toBe(200);
    expect(cookiesOf(used)).toMatch(/session_token=/);

    const second = cookiesOf(await signIn(rider.email));
    const reused = await post("/api/auth/two-factor/verify-backup-code", { code }, second);
    expect(reused.status).toBe(401);
    const other = await post("/api/auth/two-factor/verify-backup-code", { code: backupCodes[1]! }, second);
    expect(other.status).toBe(200);
  });

  it("regenerates backup codes with the password; the old ones stop working", async () => {
    const rider = await signUp(t.app);
    const { backupCodes, cookie } = await enrol(t, rider);
    const refused = await post(
      "/api/auth/two-factor/generate-backup-codes",
      { password: "wrong-password" },
      cookie,
    );
    expect(refused.status).toBe(400);
    const regenerated = await post(
      "/api/auth/two-factor/generate-backup-codes",
      { password: PASSWORD },
      cookie,
    );
    expect(regenerated.status).toBe(200);
    const fresh = ((await regenerated.json()) as { backupCodes: string[] }).backupCodes;
    expect(fresh).toHaveLength(10);
    expect(fresh).not.toContain(backupCodes[0]);

    const challenge = cookiesOf(await signIn(rider.email));
    const old = await post("/api/auth/two-factor/verify-backup-code", { code: backupCodes[0]! }, challenge);
    expect(old.status).toBe(401);
    const ok = await post("/api/auth/two-factor/verify-backup-code", { code: fresh[0]! }, challenge);
    expect(ok.status).toBe(200);
  });

  it("removes the factor only with the password; sign-in then needs the password alone", async () => {
    const rider = await signUp(t.app);
    const { cookie } = await enrol(t, rider);
    const refused = await post("/api/auth/two-factor/disable", { password: "wrong-password" }, cookie);
    expect(refused.status).toBe(400);
    expect((await post("/api/auth/two-factor/disable", { password: PASSWORD })).status).toBe(401);

    const disabled = await post("/api/auth/two-factor/disable", { password: PASSWORD }, cookie);
    expect(disabled.status).toBe(200);
    expect(await t.db.select().from(twoFactor).where(eq(twoFactor.userId, rider.userId))).toHaveLength(0);

    const plain = await signIn(rider.email);
    expect(plain.status).toBe(200);
    expect(cookiesOf(plain)).toMatch(/session_token=/);
    expect(((await plain.json()) as { twoFactorRedirect?: boolean }).twoFactorRedirect).toBeUndefined();
  });

  it("deletes the factor with the account", async () => {
    const rider = await signUp(t.app);
    const { cookie, secret } = await enrol(t, rider);
    const deleted = await post(
      "/api/auth/delete-user",
      { password: PASSWORD, code: totpCode(secret) },
      cookie,
    );
    expect(deleted.status).toBe(200);
    expect(await t.db.select().from(twoFactor).where(eq(twoFactor.userId, rider.userId))).toHaveLength(0);
  });
});

describeEachDatabase("two-factor rate limit", (kind) => {
  const t = useTestApp(kind, { rateLimit: true });

  it("answers 429 after 5 codes a minute, counted in the database", async () => {
    const post = poster(t);
    const rider = await signUp(t.app);
    const { secret } = await enrol(t, rider);
    const challenge = cookiesOf(
      await post("/api/auth/sign-in/email", { email: rider.email, password: PASSWORD }),
    );
    expect(challenge).toMatch(/two_factor=/);
    // enrol() already sent one code to this endpoint from this address: 4 more are allowed this minute.
    for (let i = 0; i < 4; i++) {
      const wrong = await post("/api/auth/two-factor/verify-totp", { code: wrongCode(secret) }, challenge);
      expect(wrong.status).toBe(401);
    }
    const limited = await post("/api/auth/two-factor/verify-totp", { code: totpCode(secret) }, challenge);
    expect(limited.status).toBe(429);
    expect(cookiesOf(limited)).not.toMatch(/session_token=/);
    // The counter is a database row (it holds across restarts and processes), not process memory.
    const rows = await t.db.select().from(rateLimit).where(like(rateLimit.key, "%/two-factor/verify-totp%"));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.count).toBe(5);
    // Backup codes have their own bucket with the same limit.
    for (let i = 0; i < 5; i++) {
      const wrong = await post("/api/auth/two-factor/verify-backup-code", { code: "AAAAA-BBBBB" }, challenge);
      expect([400, 401]).toContain(wrong.status);
    }
    const limitedBackup = await post(
      "/api/auth/two-factor/verify-backup-code",
      { code: "CCCCC-DDDDD" },
      challenge,
    );
    expect(limitedBackup.status).toBe(429);
  });
});

/** The text a base32 secret encodes (the plug-in's secret is a random 32-character string). */
function base32ToText(secret: string): string {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
  let bits = "";
  for (const char of secret) bits += alphabet.indexOf(char).toString(2).padStart(5, "0");
  const bytes = bits.match(/.{8}/g)!.map((b) => Number.parseInt(b, 2));
  return Buffer.from(bytes).toString("utf8");
}
