import { count, eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { readOutbox } from "../adapters/mail.ts";
import { session, user } from "../db/schema.ts";
import {
  cookiesOf,
  describeEachDatabase,
  poster,
  signUp,
  TEST_ORIGIN,
  useTestApp,
} from "../testing/test-app.ts";
import { secretOf, sendPreviousStepCode } from "../testing/totp.ts";

describeEachDatabase("changing the email", (kind) => {
  const t = useTestApp(kind);
  const post = poster(t);
  const signIn = (email: string, password = "correct-horse") =>
    post("/api/auth/sign-in/email", { email, password });
  const mailsTo = (email: string) => readOutbox(t.config.dataDir).filter((m) => m.to === email);
  const linkIn = (text: string | undefined) => /https?:\/\/\S+/.exec(text ?? "")?.[0] ?? null;
  const open = (link: string, cookie = "") =>
    t.app.request(link.replace(TEST_ORIGIN, ""), {
      redirect: "manual",
      headers: cookie ? { Cookie: cookie } : {},
    });
  const landing = (response: Response) => new URL(response.headers.get("location")!, TEST_ORIGIN);
  const emailOf = async (userId: string) =>
    (await t.db.select({ email: user.email }).from(user).where(eq(user.id, userId)))[0]!.email;
  const fresh = (name: string) =>
    `${name}-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@example.com`;

  it("is confirmed by the current address, then by the new one; only then does the rider sign in with it", async () => {
    const rider = await signUp(t.app);
    const newEmail = fresh("new");
    const asked = await post("/api/auth/change-email", { newEmail }, rider.cookie);
    expect(asked.status).toBe(200);
    expect(await emailOf(rider.userId)).toBe(rider.email);

    const confirmation = mailsTo(rider.email).at(-1)!;
    expect(confirmation.subject).toBe("Confirm the change of your Velolog email");
    expect(confirmation.text).toContain(newEmail);
    expect(mailsTo(newEmail)).toHaveLength(0);
    const confirmed = await open(linkIn(confirmation.text)!);
    expect(landing(confirmed).pathname + landing(confirmed).search).toBe("/account?email-change=confirmed");
    expect(await emailOf(rider.userId)).toBe(rider.email);

    const verification = mailsTo(newEmail).at(-1)!;
    expect(verification.subject).toBe("Confirm your new email for Velolog");
    const done = await open(linkIn(verification.text)!, rider.cookie);
    expect(landing(done).pathname + landing(done).search).toBe("/account?email-change=done");
    expect(await emailOf(rider.userId)).toBe(newEmail);
    expect((await signIn(newEmail)).status).toBe(200);
    expect((await signIn(rider.email)).status).toBe(401);

    const again = await open(linkIn(verification.text)!, rider.cookie);
    expect(landing(again).searchParams.get("error")).toBe("USER_NOT_FOUND");
    expect(await emailOf(rider.userId)).toBe(newEmail);
  });

  it("lets the rider sign in at once with the new address, even where wrong passwords had locked it before", async () => {
    const rider = await signUp(t.app);
    const newEmail = fresh("locked");
    for (let n = 0; n < 5; n++) expect((await signIn(newEmail, `wrong-guess-${n}`)).status).toBe(401);
    expect((await signIn(newEmail)).status).toBe(429);

    await post("/api/auth/change-email", { newEmail }, rider.cookie);
    await open(linkIn(mailsTo(rider.email).at(-1)!.text)!, rider.cookie);
    await open(linkIn(mailsTo(newEmail).at(-1)!.text)!, rider.cookie);
    expect(await emailOf(rider.userId)).toBe(newEmail);
    expect((await signIn(newEmail)).status).toBe(200);
  });

  it("changes the email from a last link opened where no one is signed in, but signs no one in: two-factor still asks for its code", async () => {
    const rider = await signUp(t.app);
    const enabled = await post("/api/auth/two-factor/enable", { password: "correct-horse" }, rider.cookie);
    const { totpURI } = (await enabled.json()) as { totpURI: string };
    const verified = await sendPreviousStepCode(secretOf(totpURI), (code) =>
      post("/api/auth/two-factor/verify-totp", { code }, rider.cookie),
    );
    expect(verified.status).toBe(200);
    const cookie = cookiesOf(verified) || rider.cookie;
    const sessions = async () =>
      (await t.db.select({ n: count() }).from(session).where(eq(session.userId, rider.userId)))[0]!.n;

    const newEmail = fresh("elsewhere");
    await post("/api/auth/change-email", { newEmail }, cookie);
    await open(linkIn(mailsTo(rider.email).at(-1)!.text)!, cookie);
    const before = await sessions();
    // Another device, say the phone the new mailbox is read on: no session there.
    const opened = await open(linkIn(mailsTo(newEmail).at(-1)!.text)!);
    expect(opened.status).toBe(302);
    expect(landing(opened).pathname + landing(opened).search).toBe("/auth?email-change=done");
    expect(opened.headers.get("set-cookie") ?? "").not.toContain("session_token=");
    expect(await sessions()).toBe(before);
    expect(await emailOf(rider.userId)).toBe(newEmail);

    const signedIn = await signIn(newEmail);
    expect(signedIn.status).toBe(200);
    expect(await signedIn.json()).toMatchObject({ twoFactorRedirect: true });
    expect(cookiesOf(signedIn)).not.toContain("session_token=");
  });

  it("needs a session, and refuses the same address and one too long, changing nothing", async () => {
    const rider = await signUp(t.app);
    expect((await post("/api/auth/change-email", { newEmail: fresh("anon") })).status).toBe(401);
    const same = await post("/api/auth/change-email", { newEmail: rider.email }, rider.cookie);
    expect(same.status).toBe(400);
    const long = await post(
      "/api/auth/change-email",
      { newEmail: `${"a".repeat(250)}@example.com` },
      rider.cookie,
    );
    expect(long.status).toBe(400);
    expect((await long.json()).code).toBe("EMAIL_TOO_LONG");
    const notEmail = await post("/api/auth/change-email", { newEmail: "not an email" }, rider.cookie);
    expect(notEmail.status).toBe(400);
    expect(await emailOf(rider.userId)).toBe(rider.email);
  });

  it("answers a change to another account's address like any other, mails no one there, and changes nothing", async () => {
    const rider = await signUp(t.app);
    const other = await signUp(t.app);
    const before = mailsTo(other.email).length;
    const asked = await post("/api/auth/change-email", { newEmail: other.email }, rider.cookie);
    expect(asked.status).toBe(200);
    expect(mailsTo(other.email)).toHaveLength(before);
    expect(await emailOf(rider.userId)).toBe(rider.email);
  });

  it("leaves the email as it is when the new address became another account's before the last link", async () => {
    const rider = await signUp(t.app);
    const newEmail = fresh("raced");
    await post("/api/auth/change-email", { newEmail }, rider.cookie);
    await open(linkIn(mailsTo(rider.email).at(-1)!.text)!);
    const lastLink = linkIn(mailsTo(newEmail).at(-1)!.text)!;
    await signUp(t.app, newEmail);

    const opened = await open(lastLink);
    expect(opened.status).toBe(302);
    expect(landing(opened).searchParams.get("error")).toBe("EMAIL_TAKEN");
    expect(await emailOf(rider.userId)).toBe(rider.email);
  });

  it("sends a forged link to the library's own refusal, whatever address it names", async () => {
    const rider = await signUp(t.app);
    const claims = Buffer.from(JSON.stringify({ email: "x@example.com", updateTo: rider.email })).toString(
      "base64url",
    );
    const forged = `/api/auth/verify-email?token=eyJhbGciOiJIUzI1NiJ9.${claims}.c2lnbmF0dXJl&callbackURL=%2Faccount%3Femail-change%3Ddone`;
    const opened = await open(forged);
    expect(landing(opened).searchParams.get("error")).toBe("INVALID_TOKEN");
  });
});
