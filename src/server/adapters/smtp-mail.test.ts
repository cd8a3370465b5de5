import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../config.ts";
import { createLogger } from "../logger.ts";
import { captureLogs } from "../testing/log-capture.ts";
import { startSmtpServer } from "../testing/smtp-server.ts";
import { createTestApp, TEST_ORIGIN, type TestApp } from "../testing/test-app.ts";
import { createSmtpMailer, readOutbox } from "./mail.ts";

const LINK = /https?:\/\/\S+/;

describe("SMTP mail", () => {
  it("sends through a server that needs a user and password (SMTP_HOST, _PORT, _USER, _PASSWORD)", async () => {
    const smtp = await startSmtpServer({ user: "velolog", password: "s3cret pass" });
    try {
      const config = loadConfig({
        DATA_DIR: "/tmp/velolog-unused",
        BETTER_AUTH_SECRET: "x".repeat(32),
        SMTP_HOST: "127.0.0.1",
        SMTP_PORT: String(smtp.port),
        SMTP_SECURE: "false",
        SMTP_USER: "velolog",
        SMTP_PASSWORD: "s3cret pass",
        MAIL_FROM: "Velolog <no-reply@velolog.test>",
      });
      const mailer = createSmtpMailer(config.smtp!, createLogger("silent"));
      expect(mailer.kind).toBe("smtp");
      await mailer.send({ to: "rider@example.com", subject: "Hello", text: "Plain text, ünïcode too.\n" });
      expect(smtp.received).toHaveLength(1);
      const [mail] = smtp.received;
      expect(mail!.from).toBe("no-reply@velolog.test");
      expect(mail!.to).toEqual(["rider@example.com"]);
      expect(mail!.subject).toBe("Hello");
      expect(mail!.text).toContain("Plain text, ünïcode too.");
    } finally {
      await smtp.close();
    }
  });

  it("throws when the server refuses the credentials", async () => {
    const smtp = await startSmtpServer({ user: "velolog", password: "right" });
    try {
      const mailer = createSmtpMailer(
        { url: `smtp://velolog:wrong@127.0.0.1:${smtp.port}`, from: "no-reply@velolog.test" },
        createLogger("silent"),
      );
      await expect(mailer.send({ to: "a@example.com", subject: "x", text: "x" })).rejects.toThrow();
      expect(smtp.received).toHaveLength(0);
    } finally {
      await smtp.close();
    }
  });
});

describe("the app with SMTP configured", () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  const logs = captureLogs();
  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp("pglite", {
      env: { SMTP_URL: smtp.url, MAIL_FROM: "Velolog <no-reply@velolog.test>" },
      logger: logs.logger,
    });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const post = (path: string, body: unknown) =>
    t.app.request(path, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: TEST_ORIGIN },
      body: JSON.stringify(body),
    });

  it("mails the verification link, with the product name, through the SMTP server; the link signs in", async () => {
    const email = "smtp-rider@example.com";
    const response = await post("/api/auth/sign-up/email", { email, password: "correct-horse", name: "" });
    expect(response.status).toBe(200);
    // The answer does not wait for the mail server (timing must not tell emails apart); the mail follows.
    await t.mailer.settled();
    const mail = smtp.received.find((m) => m.to.includes(email));
    expect(mail).toBeDefined();
    expect(mail!.from).toBe("no-reply@velolog.test");
    expect(mail!.subject).toBe("Confirm your email for Velolog");
    expect(mail!.text).toContain("Welcome to Velolog!");
    const link = LINK.exec(mail!.text)?.[0];
    expect(link).toMatch(/^http:\/\/localhost:3000\/api\/auth\/verify-email\?token=/);
    // Nothing went to the outbox, and the link (a secret) is not in the log when real mail is sent.
    expect(readOutbox(t.config.dataDir)).toHaveLength(0);
    expect(logs.text()).not.toContain(link!);
    expect(logs.text()).not.toContain(email);
    const verified = await t.app.request(link!.replace(TEST_ORIGIN, ""), { redirect: "manual" });
    expect(verified.status).toBe(302);
    expect(verified.headers.getSetCookie().join(";")).toContain("session_token=");
  });

  it("answers without waiting for a slow mail server (timing must not tell a known email from a new one)", async () => {
    const known = await signUpThroughSmtp("slow-server-known@example.com");
    smtp.hold();
    const before = smtp.received.length;
    // With the mail server answering nothing, every answer still comes: none waits for its mail.
    const answers = await Promise.all([
      post("/api/auth/sign-up/email", { email: "slow-new@example.com", password: "correct-horse", name: "" }),
      post("/api/auth/sign-up/email", { email: known, password: "correct-horse", name: "" }),
      post("/api/auth/request-password-reset", { email: known, redirectTo: "/auth/callback" }),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(smtp.received.length).toBe(before);
    smtp.release();
    await t.mailer.settled();
    const subjects = smtp.received.slice(before).map((m) => m.subject);
    expect(subjects).toEqual(
      expect.arrayContaining(["Confirm your email for Velolog", "Reset your Velolog password"]),
    );
  });

  it("logs a failing mail server and still answers like always: no 500, nothing that tells emails apart", async () => {
    const known = await signUpThroughSmtp("known-rider@example.com");
    smtp.refuse();
    const before = smtp.received.length;

    const signUpNew = await post("/api/auth/sign-up/email", {
      email: "new-rider@example.com",
      password: "correct-horse",
      name: "",
    });
    const signUpKnown = await post("/api/auth/sign-up/email", {
      email: known,
      password: "correct-horse",
      name: "",
    });
    expect(signUpNew.status).toBe(200);
    expect(signUpKnown.status).toBe(200);
    const resetKnown = await post("/api/auth/request-password-reset", {
      email: known,
      redirectTo: "/auth/callback",
    });
    const resetUnknown = await post("/api/auth/request-password-reset", {
      email: "nobody@example.com",
      redirectTo: "/auth/callback",
    });
    expect(resetKnown.status).toBe(200);
    expect(resetUnknown.status).toBe(200);
    expect(await resetKnown.json()).toEqual(await resetUnknown.json());

    await t.mailer.settled();
    expect(smtp.received.length).toBe(before);
    const failures = logs.lines().filter((l) => l.event === "mail_failed");
    expect(failures.map((l) => l.kind)).toEqual(expect.arrayContaining(["verify", "existing", "reset"]));
    for (const failure of failures) {
      expect(failure.level).toBe(50);
      expect(failure.to).toMatch(/^[a-z]\*\*\*@example\.com$/);
    }
  });

  async function signUpThroughSmtp(email: string) {
    await post("/api/auth/sign-up/email", { email, password: "correct-horse", name: "" });
    await t.mailer.settled();
    const mail = smtp.received.filter((m) => m.to.includes(email)).at(-1)!;
    await t.app.request(LINK.exec(mail.text)![0].replace(TEST_ORIGIN, ""), { redirect: "manual" });
    return email;
  }
});

describe("feedback with a failing mail server", () => {
  it("is stored and answered 201; the failure is logged", async () => {
    const smtp = await startSmtpServer();
    const logs = captureLogs();
    const t = await createTestApp("pglite", {
      env: { SMTP_URL: smtp.url, MAIL_FROM: "no-reply@velolog.test" },
      logger: logs.logger,
    });
    try {
      // signUp reads the link from the outbox, which SMTP bypasses: verify through the received mail instead.
      const email = "feedback-rider@example.com";
      await t.app.request("/api/auth/sign-up/email", {
        method: "POST",
        headers: { "Content-Type": "application/json", Origin: TEST_ORIGIN },
        body: JSON.stringify({ email, password: "correct-horse", name: "" }),
      });
      await t.mailer.settled();
      const link = LINK.exec(smtp.received.at(-1)!.text)![0];
      const verified = await t.app.request(link.replace(TEST_ORIGIN, ""), { redirect: "manual" });
      const cookie = verified.headers
        .getSetCookie()
        .map((c) => c.split(";")[0])
        .join("; ");
      smtp.refuse();
      const response = await t.app.request("/api/feedback", {
        method: "POST",
        headers: { "Content-Type": "application/json", Origin: TEST_ORIGIN, Cookie: cookie },
        body: JSON.stringify({ title: "Hi", feedback: "Nice" }),
      });
      expect(response.status).toBe(201);
      expect(logs.lines().some((l) => l.event === "mail_failed" && l.kind === "feedback")).toBe(true);
    } finally {
      await t.close();
      await smtp.close();
    }
  });
});

describe("SMTP settings", () => {
  const base = { DATA_DIR: "/tmp/velolog-unused", BETTER_AUTH_SECRET: "x".repeat(32) };
  it("are off by default: mail goes to the outbox", () => {
    expect(loadConfig(base).smtp).toBeNull();
  });
  it("refuse incomplete or contradictory settings, naming the variable", () => {
    expect(() => loadConfig({ ...base, SMTP_HOST: "mail.example.com" })).toThrow(/MAIL_FROM: is required/);
    expect(() => loadConfig({ ...base, SMTP_URL: "http://x", MAIL_FROM: "a@b.c" })).toThrow(
      /SMTP_URL: must be/,
    );
    expect(() => loadConfig({ ...base, SMTP_PORT: "25", MAIL_FROM: "a@b.c" })).toThrow(
      /SMTP_HOST: is required/,
    );
    expect(() => loadConfig({ ...base, SMTP_HOST: "h", SMTP_USER: "u", MAIL_FROM: "a@b.c" })).toThrow(
      /SMTP_PASSWORD: SMTP_USER and SMTP_PASSWORD go together/,
    );
    expect(() =>
      loadConfig({ ...base, SMTP_URL: "smtp://h:25", SMTP_HOST: "h", MAIL_FROM: "a@b.c" }),
    ).toThrow(/SMTP_URL: give either/);
    expect(() => loadConfig({ ...base, SMTP_HOST: "h", SMTP_SECURE: "yes", MAIL_FROM: "a@b.c" })).toThrow(
      /SMTP_SECURE: must be true or false/,
    );
  });
  it("default the port to 587, or 465 with SMTP_SECURE=true", () => {
    expect(loadConfig({ ...base, SMTP_HOST: "h", MAIL_FROM: "a@b.c" }).smtp).toMatchObject({
      port: 587,
      secure: false,
    });
    expect(
      loadConfig({ ...base, SMTP_HOST: "h", SMTP_SECURE: "true", MAIL_FROM: "a@b.c" }).smtp,
    ).toMatchObject({
      port: 465,
      secure: true,
    });
  });
});
