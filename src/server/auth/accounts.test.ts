import { count, eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { messages } from "../../shared/messages.ts";
import { readOutbox } from "../adapters/mail.ts";
import { bicycles, user } from "../db/schema.ts";
import { describeEachDatabase, poster, signUp, TEST_ORIGIN, useTestApp } from "../testing/test-app.ts";

describeEachDatabase("accounts", (kind) => {
  const t = useTestApp(kind);

  const post = poster(t);
  const signIn = (email: string, password: string) => post("/api/auth/sign-in/email", { email, password });
  const cookieOf = (response: Response) => response.headers.getSetCookie()[0]!.split(";")[0]!;
  const lastLinkTo = (email: string) => {
    const mail = readOutbox(t.config.dataDir)
      .filter((m) => m.to === email)
      .at(-1);
    return /https?:\/\/\S+/.exec(mail?.text ?? "")?.[0] ?? null;
  };

  it("mails a verification link on sign-up that confirms the address", async () => {
    const rider = await signUp(t.app);
    const link = lastLinkTo(rider.email);
    expect(link).toContain("/api/auth/verify-email?token=");
    const verify = await t.app.request(link!.replace(TEST_ORIGIN, ""));
    expect([200, 302]).toContain(verify.status);
    const [row] = await t.db
      .select({ verified: user.emailVerified })
      .from(user)
      .where(eq(user.id, rider.userId));
    expect(row!.verified).toBe(true);
  });

  it("resets a forgotten password through the emailed link, once, and ends the old sessions", async () => {
    const rider = await signUp(t.app);
    const oldSession = cookieOf(await signIn(rider.email, "correct-horse"));
    const request = await post("/api/auth/request-password-reset", {
      email: rider.email,
      redirectTo: "/auth/callback?type=recovery",
    });
    expect(request.status).toBe(200);
    const link = lastLinkTo(rider.email)!;
    expect(link).toContain("/api/auth/reset-password/");

    const opened = await t.app.request(link.replace(TEST_ORIGIN, ""), { redirect: "manual" });
    expect(opened.status).toBe(302);
    const location = new URL(opened.headers.get("location")!, TEST_ORIGIN);
    expect(location.pathname).toBe("/auth/callback");
    const token = location.searchParams.get("token")!;
    expect(token).toBeTruthy();

    expect((await post("/api/auth/reset-password", { token, newPassword: "new-horse-battery" })).status).toBe(
      200,
    );
    expect((await signIn(rider.email, "correct-horse")).status).toBe(401);
    expect((await signIn(rider.email, "new-horse-battery")).status).toBe(200);
    const stale = await t.app.request("/api/bicycles", { headers: { Cookie: oldSession } });
    expect(stale.status).toBe(401);

    expect((await post("/api/auth/reset-password", { token, newPassword: "another-one-1" })).status).toBe(
      400,
    );
    const reused = await t.app.request(link.replace(TEST_ORIGIN, ""), { redirect: "manual" });
    expect(new URL(reused.headers.get("location")!, TEST_ORIGIN).searchParams.get("error")).toBe(
      "INVALID_TOKEN",
    );
  });

  it("answers a sign-up for a registered email exactly like a new one, and tells the owner", async () => {
    const rider = await signUp(t.app);
    const fresh = `fresh-${Date.now()}@example.com`;
    const signUpAs = (email: string) =>
      post("/api/auth/sign-up/email", { email, password: "another-pass", name: "" });
    const [known, unknown] = [await signUpAs(rider.email), await signUpAs(fresh)];
    expect(known.status).toBe(unknown.status);
    const shape = (body: { token: unknown; user: Record<string, unknown> }) => ({
      token: body.token,
      keys: Object.keys(body.user).sort(),
    });
    expect(shape(await known.json())).toEqual(shape(await unknown.json()));
    expect(known.headers.getSetCookie()).toEqual([]);
    const mails = readOutbox(t.config.dataDir).filter((m) => m.to === rider.email);
    expect(mails.at(-1)!.subject).toBe("Someone tried to create a Velolog account with your email");
    // A plain link to the sign-in page: it does not claim to work once, for an hour, like a reset link.
    expect(mails.at(-1)!.text).toContain(`Forgot password?`);
    expect(mails.at(-1)!.text).toContain(`Open this link:\n${t.config.publicUrl}/auth\n`);
    expect(mails.at(-1)!.text).not.toMatch(/works once|one hour/);
    expect((await signIn(rider.email, "another-pass")).status).toBe(401);
  });

  it("refuses to sign in before the email is confirmed, and sends a new link", async () => {
    const email = `unconfirmed-${Date.now()}@example.com`;
    expect(
      (await post("/api/auth/sign-up/email", { email, password: "correct-horse", name: "" })).status,
    ).toBe(200);
    const before = readOutbox(t.config.dataDir).filter((m) => m.to === email).length;
    const early = await signIn(email, "correct-horse");
    expect(early.status).toBe(403);
    expect(((await early.json()) as { code: string }).code).toBe("EMAIL_NOT_VERIFIED");
    expect(readOutbox(t.config.dataDir).filter((m) => m.to === email).length).toBe(before + 1);
  });

  it("lands every confirmation link on /auth/callback?type=signup, the sign-in form's included, errors too", async () => {
    const email = `unconfirmed-${Date.now()}@example.com`;
    await post("/api/auth/sign-up/email", { email, password: "correct-horse", name: "" });
    const landing = async (link: string) => {
      const opened = await t.app.request(link.replace(TEST_ORIGIN, ""), { redirect: "manual" });
      expect(opened.status).toBe(302);
      return new URL(opened.headers.get("location")!, TEST_ORIGIN);
    };
    // The sign-in form names no callbackURL (one would also redirect a successful sign-in).
    expect((await signIn(email, "correct-horse")).status).toBe(403);
    const link = lastLinkTo(email)!;
    expect(new URL(link).searchParams.get("callbackURL")).toBe("/auth/callback?type=signup");

    // Altered (or expired): back to the callback with the error, still marked as a confirmation link.
    const broken = new URL(link);
    broken.searchParams.set("token", `${broken.searchParams.get("token")}x`);
    const failed = await landing(broken.toString());
    expect(failed.pathname).toBe("/auth/callback");
    expect(failed.searchParams.get("type")).toBe("signup");
    expect(failed.searchParams.get("error")).toBe("INVALID_TOKEN");

    // The first use confirms and signs in; a second one comes back without a session or an error.
    const first = await t.app.request(link.replace(TEST_ORIGIN, ""), { redirect: "manual" });
    expect(first.headers.getSetCookie().join(";")).toContain("session_token=");
    expect(new URL(first.headers.get("location")!, TEST_ORIGIN).search).toBe("?type=signup");
    const again = await t.app.request(link.replace(TEST_ORIGIN, ""), { redirect: "manual" });
    expect(again.headers.getSetCookie()).toEqual([]);
    expect(again.headers.get("location")).toBe("/auth/callback?type=signup");
    expect((await signIn(email, "correct-horse")).status).toBe(200);
  });

  it("answers a reset request for an unknown email exactly like a known one", async () => {
    const rider = await signUp(t.app);
    const known = await post("/api/auth/request-password-reset", {
      email: rider.email,
      redirectTo: "/auth/callback",
    });
    const unknown = await post("/api/auth/request-password-reset", {
      email: "nobody-here@example.com",
      redirectTo: "/auth/callback",
    });
    expect(unknown.status).toBe(known.status);
    expect(await unknown.json()).toEqual(await known.json());
    expect(lastLinkTo("nobody-here@example.com")).toBeNull();
  });

  it("answers a sign-in for an unknown email exactly like a wrong password, with no cookie", async () => {
    const rider = await signUp(t.app);
    const wrongPassword = await signIn(rider.email, "not-the-password");
    const unknownEmail = await signIn("nobody-at-all@example.com", "not-the-password");
    expect(unknownEmail.status).toBe(401);
    expect(unknownEmail.status).toBe(wrongPassword.status);
    expect(await unknownEmail.json()).toEqual(await wrongPassword.json());
    expect(unknownEmail.headers.getSetCookie()).toEqual([]);
    expect(wrongPassword.headers.getSetCookie()).toEqual([]);
  });

  it("changes the password only with the current one", async () => {
    const rider = await signUp(t.app);
    const cookie = cookieOf(await signIn(rider.email, "correct-horse"));
    const wrong = await post(
      "/api/auth/change-password",
      { currentPassword: "nope-nope", newPassword: "fresh-password" },
      cookie,
    );
    expect(wrong.status).toBe(400);
    const right = await post(
      "/api/auth/change-password",
      { currentPassword: "correct-horse", newPassword: "fresh-password" },
      cookie,
    );
    expect(right.status).toBe(200);
    expect((await signIn(rider.email, "fresh-password")).status).toBe(200);
  });

  it("lists sessions and signs out the others", async () => {
    const rider = await signUp(t.app);
    const a = cookieOf(await signIn(rider.email, "correct-horse"));
    const b = cookieOf(await signIn(rider.email, "correct-horse"));
    const list = await t.app.request("/api/auth/list-sessions", { headers: { Cookie: a } });
    expect(((await list.json()) as unknown[]).length).toBeGreaterThanOrEqual(2);
    expect((await post("/api/auth/revoke-other-sessions", {}, a)).status).toBe(200);
    expect((await t.app.request("/api/bicycles", { headers: { Cookie: b } })).status).toBe(401);
    expect((await t.app.request("/api/bicycles", { headers: { Cookie: a } })).status).toBe(200);
  });

  it("signs out one session by its token, only the user's own: another user's token is a 404 and stays signed in", async () => {
    const rider = await signUp(t.app);
    const other = await signUp(t.app);
    const a = cookieOf(await signIn(rider.email, "correct-horse"));
    const b = cookieOf(await signIn(rider.email, "correct-horse"));
    const stranger = cookieOf(await signIn(other.email, "correct-horse"));
    const tokenOf = async (cookie: string) =>
      (
        (await (await t.app.request("/api/auth/get-session", { headers: { Cookie: cookie } })).json()) as {
          session: { token: string };
        }
      ).session.token;

    const refused = await post("/api/auth/revoke-session", { token: await tokenOf(b) }, stranger);
    expect(refused.status).toBe(404);
    expect(await refused.json()).toMatchObject({
      code: "SESSION_NOT_FOUND",
      message: messages.auth.sessionNotFound,
    });
    expect((await t.app.request("/api/bicycles", { headers: { Cookie: b } })).status).toBe(200);
    expect((await post("/api/auth/revoke-session", { token: "no-such-token" }, a)).status).toBe(404);

    expect((await post("/api/auth/revoke-session", { token: await tokenOf(b) }, a)).status).toBe(200);
    expect((await t.app.request("/api/bicycles", { headers: { Cookie: b } })).status).toBe(401);
    expect((await t.app.request("/api/bicycles", { headers: { Cookie: a } })).status).toBe(200);
    expect((await t.app.request("/api/bicycles", { headers: { Cookie: stranger } })).status).toBe(200);
  });

  it("deletes the account and all its data, only with the password", async () => {
    const rider = await signUp(t.app);
    await rider.request("POST", "/api/bicycles", { name: "Mine" });
    const cookie = cookieOf(await signIn(rider.email, "correct-horse"));
    expect((await post("/api/auth/delete-user", { password: "wrong-password" }, cookie)).status).toBe(400);
    expect((await post("/api/auth/delete-user", { password: "correct-horse" }, cookie)).status).toBe(200);
    const [users] = await t.db.select({ n: count() }).from(user).where(eq(user.id, rider.userId));
    const [bikes] = await t.db.select({ n: count() }).from(bicycles).where(eq(bicycles.userId, rider.userId));
    expect(users!.n).toBe(0);
    expect(bikes!.n).toBe(0);
    expect((await signIn(rider.email, "correct-horse")).status).toBe(401);
  });

  it("refuses a name over 100 characters at sign-up and update-user, a long email, and any profile picture, naming the field", async () => {
    const error = async (response: Response) => (await response.json()) as { code: string; message: string };
    const longName = "n".repeat(900_000);

    const signUpLong = await post("/api/auth/sign-up/email", {
      email: "long-name@example.com",
      password: "correct-horse",
      name: longName,
    });
    expect(signUpLong.status).toBe(400);
    expect(await error(signUpLong)).toEqual({ code: "NAME_TOO_LONG", message: messages.auth.nameTooLong });
    expect(messages.auth.nameTooLong).toContain("Name");
    expect(await t.db.select().from(user).where(eq(user.email, "long-name@example.com"))).toEqual([]);

    const longEmail = `${"e".repeat(250)}@example.com`;
    const signUpLongEmail = await post("/api/auth/sign-up/email", {
      email: longEmail,
      password: "correct-horse",
      name: "",
    });
    expect(signUpLongEmail.status).toBe(400);
    expect((await error(signUpLongEmail)).code).toBe("EMAIL_TOO_LONG");
    expect(await t.db.select().from(user).where(eq(user.email, longEmail))).toEqual([]);

    const signUpImage = await post("/api/auth/sign-up/email", {
      email: "with-image@example.com",
      password: "correct-horse",
      name: "",
      image: "javascript:alert(1)",
    });
    expect(signUpImage.status).toBe(400);
    expect((await error(signUpImage)).code).toBe("IMAGE_NOT_ALLOWED");

    const rider = await signUp(t.app);
    const stored = async () =>
      (
        await t.db.select({ name: user.name, image: user.image }).from(user).where(eq(user.id, rider.userId))
      )[0];
    const update = (body: unknown) => post("/api/auth/update-user", body, rider.cookie);

    const tooLong = await update({ name: "x".repeat(100_000) });
    expect(tooLong.status).toBe(400);
    expect(await error(tooLong)).toEqual({ code: "NAME_TOO_LONG", message: messages.auth.nameTooLong });
    // 101 characters is one too many; 100 (an emoji counts as one) is fine.
    expect((await update({ name: "y".repeat(101) })).status).toBe(400);
    expect((await update({ name: `${"z".repeat(99)}🚲` })).status).toBe(200);
    expect((await stored())!.name).toBe(`${"z".repeat(99)}🚲`);

    for (const image of ["javascript:alert(1)", "https://example.com/me.png", "data:image/png;base64,AAAA"]) {
      const refused = await update({ image });
      expect(refused.status, image).toBe(400);
      expect(await error(refused)).toEqual({
        code: "IMAGE_NOT_ALLOWED",
        message: messages.auth.imageNotAllowed,
      });
    }
    expect((await stored())!.image).toBeNull();
    expect((await update({ name: "Rider", image: null })).status).toBe(200);
    expect(await stored()).toEqual({ name: "Rider", image: null });
  });
  it("refuses text holding a NUL character with a 400 naming the field, and the session stays", async () => {
    const rider = await signUp(t.app);
    for (const [path, body, field] of [
      ["/api/auth/revoke-session", { token: "a\u0000b" }, "token"],
      ["/api/auth/reset-password", { token: "a\u0000b", newPassword: "new-horse-battery" }, "token"],
      ["/api/auth/two-factor/verify-totp", { code: "12\u00003456" }, "code"],
    ] as const) {
      const refused = await post(path, body, rider.cookie);
      expect(refused.status, path).toBe(400);
      expect(await refused.json()).toMatchObject({ message: messages.request.nulCharacter(field) });
    }
    expect((await rider.request("GET", "/api/bicycles")).status).toBe(200);
  });
});
