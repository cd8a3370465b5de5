import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import ICAL from "ical.js";
import pg from "pg";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { formatDate } from "../../../shared/format.ts";
import { messages } from "../../../shared/messages.ts";
import { dayInZone, startOfDayInZone } from "../../../shared/time-zone.ts";
import { createSmtpMailer, readOutbox } from "../../adapters/mail.ts";
import { loadConfig } from "../../config.ts";
import { createLogger } from "../../logger.ts";
import { buildServer } from "../../server.ts";
import { lastLinkTo } from "../../testing/outbox.ts";
import { startSmtpServer } from "../../testing/smtp-server.ts";
import { exited, freshServerBundle, killAll, startServer } from "../../testing/spawn-server.ts";
import {
  anonymous,
  createPostgresTestDatabase,
  describeEachDatabase,
  signUp,
  TEST_ORIGIN,
  type TestClient,
  useTestApp,
} from "../../testing/test-app.ts";
import { sendReminderDigests } from "./digest.ts";
import { unsubscribeToken } from "./tokens.ts";

const DAY = 86_400_000;
const HOUR = 3_600_000;
/** Midday UTC of the day `ms` falls in: daytime for a rider in UTC (the default zone), when digests go out. */
const middayUtc = (ms: number) => Math.floor(ms / DAY) * DAY + DAY / 2;

async function json<T>(response: Promise<Response>): Promise<T> {
  const done = await response;
  if (done.status >= 300) throw new Error(`${done.status} ${await done.text()}`);
  return (await done.json()) as T;
}

/** A bicycle with one component, through the API as the web app does it. */
async function bikeWithComponent(
  rider: TestClient,
  component: { name: string; type: string; installedAt?: string },
) {
  const { bicycle } = await json<{ bicycle: { id: string } }>(
    rider.request("POST", "/api/bicycles", { name: "Road bike" }),
  );
  const created = await json<{ component: { id: string } }>(
    rider.request("POST", "/api/components", { bicycleId: bicycle.id, ...component }),
  );
  return { bicycleId: bicycle.id, componentId: created.component.id };
}

/** An interval on a component, through the intervals API. */
async function addInterval(
  rider: TestClient,
  componentId: string,
  interval: { label: string; everyKm?: number; everyHours?: number; everyMonths?: number },
) {
  const { interval: created } = await json<{ interval: { id: string } }>(
    rider.request("POST", `/api/components/${componentId}/intervals`, interval),
  );
  return created.id;
}

describeEachDatabase("reminders", (kind) => {
  const t = useTestApp(kind);
  const digestDeps = () => ({
    db: t.db,
    mailer: t.mailer,
    logger: createLogger("silent"),
    publicUrl: t.config.publicUrl,
    authSecret: t.config.authSecret,
  });
  const digestsTo = (email: string) =>
    readOutbox(t.config.dataDir).filter(
      (mail) => mail.to === email && mail.subject.startsWith("Service reminder"),
    );

  it("keeps the digest switch (on by default) and refuses a value that is not on or off", async () => {
    const rider = await signUp(t.app);
    expect(await json(rider.request("GET", "/api/reminders"))).toEqual({
      emailDigest: true,
      calendarUrl: null,
    });
    expect(await json(rider.request("PUT", "/api/reminders", { emailDigest: false }))).toEqual({
      emailDigest: false,
      calendarUrl: null,
    });
    const refused = await rider.request("PUT", "/api/reminders", { emailDigest: "sometimes" });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toBe(
      "Email reminders must be on or off",
    );
    expect(await json(rider.request("GET", "/api/reminders"))).toMatchObject({ emailDigest: false });
    expect((await anonymous(t.app).request("GET", "/api/reminders")).status).toBe(401);
  });

  it("mails one digest a day with what became due, not again after a restart, and nothing once unsubscribed", async () => {
    const rider = await signUp(t.app);
    const { bicycleId, componentId } = await bikeWithComponent(rider, { name: "Brakes", type: "Brakes" });
    await addInterval(rider, componentId, { label: "Brake fluid", everyMonths: 2 });
    const start = middayUtc(Date.now());
    const at = (days: number, hours = 0) => new Date(start + days * DAY + hours * HOUR);

    // Nothing due yet: no mail.
    await sendReminderDigests(digestDeps(), at(1));
    expect(digestsTo(rider.email)).toHaveLength(0);

    // Due soon (over 90% of two months): one digest, listing it with its component's link.
    await sendReminderDigests(digestDeps(), at(57));
    const [first, ...others] = digestsTo(rider.email);
    expect(others).toHaveLength(0);
    expect(first!.subject).toBe("Service reminder: 1 due soon");
    expect(first!.text).toContain("Due soon\n- Brake fluid: Brakes on Road bike");
    // A months limit is told by its day, as on the component page, not as "57 of 61 days".
    expect(first!.text).toMatch(/\n {2}Due [A-Z][a-z]{2} \d{1,2}, \d{4}\n/);
    expect(first!.text).not.toMatch(/ days\b/);
    expect(first!.text).toContain(`${t.config.publicUrl}/bicycles/${bicycleId}/components/${componentId}`);
    // Opened signed out, the dashboard link asks to sign in and goes on to the rider's dashboard (not the demo).
    expect(first!.text).toContain(`Everything that is due: ${t.config.publicUrl}/auth?next=%2Fdashboard\n`);
    const unsubscribeUrl = /(\S+\/unsubscribe\?token=\S+)/.exec(first!.text)?.[1];
    expect(unsubscribeUrl).toBeDefined();

    // Later the same day, and after a restart (the state is in the database): nothing again.
    await sendReminderDigests(digestDeps(), at(57, 1));
    await sendReminderDigests(digestDeps(), at(57, 2));
    // The next day, nothing has changed: nothing to tell.
    await sendReminderDigests(digestDeps(), at(58));
    expect(digestsTo(rider.email)).toHaveLength(1);

    // Overdue: that is news.
    await sendReminderDigests(digestDeps(), at(63));
    const digests = digestsTo(rider.email);
    expect(digests).toHaveLength(2);
    expect(digests[1]!.subject).toBe("Service reminder: 1 overdue");
    expect(digests[1]!.text).toContain("Overdue\n- Brake fluid: Brakes on Road bike");
    expect(digests[1]!.text).toMatch(/\n {2}Was due [A-Z][a-z]{2} \d{1,2}, \d{4}\n/);

    // The mail's link, opened without a session, turns reminders off; a new interval coming due says nothing.
    const token = new URL(unsubscribeUrl!).searchParams.get("token")!;
    const unsubscribed = await anonymous(t.app).request("POST", "/api/reminders/unsubscribe", { token });
    expect(unsubscribed.status).toBe(200);
    expect(((await unsubscribed.json()) as { message: string }).message).toBe(
      "You will no longer receive reminder emails. You can turn them on again in Account Settings.",
    );
    expect(await json(rider.request("GET", "/api/reminders"))).toMatchObject({ emailDigest: false });
    await addInterval(rider, componentId, { label: "Pads", everyMonths: 1 });
    await sendReminderDigests(digestDeps(), at(70));
    expect(digestsTo(rider.email)).toHaveLength(2);
  });

  it("says when a distance interval is expected due at the rider's recent pace, as the component page does", async () => {
    const rider = await signUp(t.app);
    const { bicycleId, componentId } = await bikeWithComponent(rider, { name: "Chain", type: "Drivetrain" });
    await addInterval(rider, componentId, { label: "Replace chain", everyKm: 1000 });
    // 950 km today: due soon, at 950 km in 90 days the 50 km left take 5 days more.
    await json(
      rider.request("POST", `/api/bicycles/${bicycleId}/rides`, {
        name: "Tour",
        startedAt: new Date().toISOString(),
        distanceKm: 950,
        movingSeconds: 36_000,
      }),
    );
    await sendReminderDigests(digestDeps(), new Date(middayUtc(Date.now()) + DAY));
    const [digest] = digestsTo(rider.email);
    expect(digest!.text).toContain("Due soon\n- Replace chain: Chain on Road bike");
    expect(digest!.text).toMatch(
      /\n {2}950 km of 1,000 km · 50 km left · Expected due [A-Z][a-z]{2} \d{1,2}, \d{4} at your last 90 days' pace\n/,
    );
  });

  it("tells a serviced interval again the next time it comes due, and leaves other users' mail alone", async () => {
    const rider = await signUp(t.app);
    const bystander = await signUp(t.app);
    // Fitted 130 days ago, so that the service below is dated in the past, as a service entry must be.
    const start = middayUtc(Date.now() - 130 * DAY);
    const { componentId } = await bikeWithComponent(rider, {
      name: "Brakes",
      type: "Brakes",
      installedAt: new Date(start).toISOString().slice(0, 10),
    });
    await addInterval(rider, componentId, { label: "Brake fluid", everyMonths: 2 });
    await sendReminderDigests(digestDeps(), new Date(start + 63 * DAY));
    expect(digestsTo(rider.email)).toHaveLength(1);
    expect(digestsTo(bystander.email)).toHaveLength(0);

    // Serviced (the entry resets its only interval), then due again two months later.
    const serviceDay = new Date(start + 64 * DAY).toISOString().slice(0, 10);
    await json(
      rider.request("POST", `/api/components/${componentId}/services`, {
        date: serviceDay,
        description: "Bled",
        cost: 25,
      }),
    );
    await sendReminderDigests(digestDeps(), new Date(start + 65 * DAY));
    expect(digestsTo(rider.email)).toHaveLength(1);
    await sendReminderDigests(digestDeps(), new Date(start + 130 * DAY));
    expect(digestsTo(rider.email).map((mail) => mail.subject)).toEqual([
      "Service reminder: 1 overdue",
      "Service reminder: 1 overdue",
    ]);
  });

  it("tells an interval serviced and due again while reminders were off, once they are on again", async () => {
    const rider = await signUp(t.app);
    const start = middayUtc(Date.now() - 130 * DAY);
    const { componentId } = await bikeWithComponent(rider, {
      name: "Brakes",
      type: "Brakes",
      installedAt: new Date(start).toISOString().slice(0, 10),
    });
    await addInterval(rider, componentId, { label: "Brake fluid", everyMonths: 2 });
    await sendReminderDigests(digestDeps(), new Date(start + 63 * DAY));
    expect(digestsTo(rider.email)).toHaveLength(1);

    // Off; serviced the next day; overdue again two months later; then on again.
    await json(rider.request("PUT", "/api/reminders", { emailDigest: false }));
    await json(
      rider.request("POST", `/api/components/${componentId}/services`, {
        date: new Date(start + 64 * DAY).toISOString().slice(0, 10),
        description: "Bled",
        cost: 25,
      }),
    );
    await sendReminderDigests(digestDeps(), new Date(start + 65 * DAY));
    await sendReminderDigests(digestDeps(), new Date(start + 129 * DAY));
    await json(rider.request("PUT", "/api/reminders", { emailDigest: true }));
    // Saying "on" when it is on already changes nothing.
    await json(rider.request("PUT", "/api/reminders", { emailDigest: true }));
    await sendReminderDigests(digestDeps(), new Date(start + 130 * DAY));
    await sendReminderDigests(digestDeps(), new Date(start + 131 * DAY));
    expect(digestsTo(rider.email).map((mail) => mail.subject)).toEqual([
      "Service reminder: 1 overdue",
      "Service reminder: 1 overdue",
    ]);
  });

  it("tells an interval serviced and due again while reminders were off, once an imported export turns them on", async () => {
    const rider = await signUp(t.app);
    const start = middayUtc(Date.now() - 130 * DAY);
    const { componentId } = await bikeWithComponent(rider, {
      name: "Brakes",
      type: "Brakes",
      installedAt: new Date(start).toISOString().slice(0, 10),
    });
    await addInterval(rider, componentId, { label: "Brake fluid", everyMonths: 2 });
    await sendReminderDigests(digestDeps(), new Date(start + 63 * DAY));
    expect(digestsTo(rider.email)).toHaveLength(1);

    await json(rider.request("PUT", "/api/reminders", { emailDigest: false }));
    await json(
      rider.request("POST", `/api/components/${componentId}/services`, {
        date: new Date(start + 64 * DAY).toISOString().slice(0, 10),
        description: "Bled",
        cost: 25,
      }),
    );
    await sendReminderDigests(digestDeps(), new Date(start + 129 * DAY));
    // Another account's export (its reminders on) imported: they are on here too, as with the switch.
    const source = await signUp(t.app);
    const archive = new Uint8Array(await (await source.request("GET", "/api/export")).arrayBuffer());
    const imported = await t.app.request("/api/import/archive", {
      method: "POST",
      headers: { Origin: TEST_ORIGIN, Cookie: rider.cookie, "Content-Type": "application/zip" },
      body: archive,
    });
    expect(imported.status).toBe(200);
    expect(await json(rider.request("GET", "/api/reminders"))).toMatchObject({ emailDigest: true });
    await sendReminderDigests(digestDeps(), new Date(start + 130 * DAY));
    expect(digestsTo(rider.email).map((mail) => mail.subject)).toEqual([
      "Service reminder: 1 overdue",
      "Service reminder: 1 overdue",
    ]);
  });

  it("tells a rider with 200 intervals due in one mail that lists 10 and counts the rest", async () => {
    const rider = await signUp(t.app);
    const { bicycle } = await json<{ bicycle: { id: string } }>(
      rider.request("POST", "/api/bicycles", { name: "Road bike" }),
    );
    for (let part = 0; part < 20; part++) {
      const { component } = await json<{ component: { id: string } }>(
        rider.request("POST", "/api/components", {
          bicycleId: bicycle.id,
          name: `Part ${part}`,
          type: "Drivetrain",
          mileage: 3500,
        }),
      );
      // Half of them overdue (3,500 of 3,000 km), half due soon (3,500 of 3,800 km).
      for (let check = 0; check < 10; check++) {
        await addInterval(rider, component.id, {
          label: `Check ${check}`,
          everyKm: check % 2 ? 3800 : 3000,
        });
      }
    }
    await sendReminderDigests(digestDeps(), new Date(middayUtc(Date.now()) + DAY));
    await sendReminderDigests(digestDeps(), new Date(middayUtc(Date.now()) + DAY + HOUR));
    const [digest, ...more] = digestsTo(rider.email);
    expect(more).toHaveLength(0);
    expect(digest!.subject).toBe("Service reminder: 100 overdue, 100 due soon");
    expect(digest!.text.match(/^- .+ on Road bike$/gm)).toHaveLength(10);
    expect(digest!.text).toContain("- and 90 more\n");
    expect(digest!.text).toContain("Due soon\n- and 100 more\n");
    expect(digest!.text.split("\n").length).toBeLessThan(60);
  }, 60_000);

  /** A rider in a time zone with a brake fluid interval of two months, made today. */
  async function riderIn(timeZone: string) {
    const rider = await signUp(t.app);
    await json(rider.request("PUT", "/api/settings", { timeZone }));
    const { bicycleId, componentId } = await bikeWithComponent(rider, { name: "Brakes", type: "Brakes" });
    await addInterval(rider, componentId, { label: "Brake fluid", everyMonths: 2 });
    // The moment it is `time` ("07:30") on the rider's own day `days` from today.
    const local = (days: number, time: string) => {
      const [hours, minutes] = time.split(":").map(Number);
      const day = dayInZone(new Date(Date.now() + days * DAY), timeZone);
      return new Date(startOfDayInZone(day, timeZone).getTime() + hours! * HOUR + minutes! * 60_000);
    };
    return { rider, bicycleId, local };
  }

  for (const timeZone of ["America/Los_Angeles", "Pacific/Auckland"]) {
    it(`mails a rider in ${timeZone} in their morning, not in their night`, async () => {
      const { rider, local } = await riderIn(timeZone);
      // Due soon since the rider's midnight (57 of about 60 days): at 02:00 their time, nothing yet.
      await sendReminderDigests(digestDeps(), local(57, "02:00"));
      await sendReminderDigests(digestDeps(), local(57, "06:59"));
      expect(digestsTo(rider.email)).toHaveLength(0);
      await sendReminderDigests(digestDeps(), local(57, "07:00"));
      expect(digestsTo(rider.email).map((mail) => mail.subject)).toEqual(["Service reminder: 1 due soon"]);
    });
  }

  it("mails at most one digest on the rider's own day, also when a UTC day begins in the middle of it", async () => {
    const { rider, bicycleId, local } = await riderIn("America/Los_Angeles");
    const { component: chain } = await json<{ component: { id: string } }>(
      rider.request("POST", "/api/components", { bicycleId, name: "Chain", type: "Drivetrain" }),
    );
    await addInterval(rider, chain.id, { label: "Replace chain", everyKm: 100 });
    await sendReminderDigests(digestDeps(), local(57, "07:30"));
    expect(digestsTo(rider.email)).toHaveLength(1);

    // A long ride that afternoon puts the chain at 95 of its 100 km: news, but the rider was mailed today.
    await json(
      rider.request("POST", `/api/bicycles/${bicycleId}/rides`, {
        name: "Long ride",
        startedAt: new Date().toISOString(),
        distanceKm: 95,
        movingSeconds: 14_400,
      }),
    );
    // 18:00 in Los Angeles is past midnight UTC: a new UTC day, the same day for the rider.
    await sendReminderDigests(digestDeps(), local(57, "18:00"));
    await sendReminderDigests(digestDeps(), local(57, "21:30"));
    expect(digestsTo(rider.email)).toHaveLength(1);

    // The next morning: the chain, and not the brake fluid again.
    await sendReminderDigests(digestDeps(), local(58, "07:30"));
    const digests = digestsTo(rider.email);
    expect(digests).toHaveLength(2);
    expect(digests[1]!.text).toContain("Replace chain: Chain on Road bike");
    expect(digests[1]!.text).not.toContain("Brake fluid");
  });

  describe("with a mail server", () => {
    let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
    beforeEach(async () => {
      smtp = await startSmtpServer();
    });
    afterEach(() => smtp.close());
    const smtpDeps = () => ({
      ...digestDeps(),
      mailer: createSmtpMailer({ url: smtp.url, from: "no-reply@velolog.test" }, createLogger("silent")),
    });
    const received = (email: string) => smtp.received.filter((mail) => mail.to.includes(email));

    it("answers the rider while a slow mail server takes the digest", async () => {
      const rider = await signUp(t.app);
      const { componentId } = await bikeWithComponent(rider, { name: "Brakes", type: "Brakes" });
      await addInterval(rider, componentId, { label: "Brake fluid", everyMonths: 2 });
      smtp.hold();
      const run = sendReminderDigests(smtpDeps(), new Date(middayUtc(Date.now()) + 63 * DAY));
      try {
        for (let tries = 0; smtp.waiting() === 0; tries++) {
          if (tries > 200) throw new Error("the digest never reached the mail server");
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        // The mail server keeps the digest waiting; the rider turning reminders off is answered meanwhile.
        const answer = await Promise.race([
          rider.request("PUT", "/api/reminders", { emailDigest: false }),
          new Promise<"no answer">((resolve) => setTimeout(() => resolve("no answer"), 5_000)),
        ]);
        expect(answer === "no answer" ? answer : answer.status).toBe(200);
      } finally {
        smtp.release();
        await run;
      }
      expect(received(rider.email).map((mail) => mail.subject)).toEqual(["Service reminder: 1 overdue"]);
    });

    it("tries a refused digest again on the next run, the same day", async () => {
      const rider = await signUp(t.app);
      const { componentId } = await bikeWithComponent(rider, { name: "Brakes", type: "Brakes" });
      await addInterval(rider, componentId, { label: "Brake fluid", everyMonths: 2 });
      const day = middayUtc(Date.now()) + 63 * DAY;
      smtp.refuse();
      expect(await sendReminderDigests(smtpDeps(), new Date(day))).toBe(0);
      smtp.accept();
      await sendReminderDigests(smtpDeps(), new Date(day + HOUR));
      await sendReminderDigests(smtpDeps(), new Date(day + 2 * HOUR));
      expect(received(rider.email).map((mail) => mail.subject)).toEqual(["Service reminder: 1 overdue"]);
    });
  });

  it("answers a calendar or unsubscribe link's token too long for one with the link's own message", async () => {
    const visitor = anonymous(t.app);
    for (const [path, message] of [
      [`/api/calendar/${"x".repeat(201)}/velolog.ics`, messages.reminders.calendarNotFound],
      [
        `/api/reminders/unsubscribe/one-click?token=${"x".repeat(501)}`,
        messages.reminders.unsubscribeInvalid,
      ],
    ] as const) {
      const response = await visitor.request("GET", path);
      expect(response.status, path).toBe(400);
      expect(await response.json()).toEqual({
        error: { code: "VALIDATION", message, fields: { token: message } },
      });
    }
  });

  it("offers mail programs one-click unsubscribe (RFC 8058), which works without a session", async () => {
    const rider = await signUp(t.app);
    const { componentId } = await bikeWithComponent(rider, { name: "Brakes", type: "Brakes" });
    await addInterval(rider, componentId, { label: "Brake fluid", everyMonths: 2 });
    await sendReminderDigests(digestDeps(), new Date(middayUtc(Date.now()) + 63 * DAY));
    const [digest] = digestsTo(rider.email);
    expect(digest!.headers?.["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    const address = /^<(https?:\/\/\S+)>$/.exec(digest!.headers?.["List-Unsubscribe"] ?? "")?.[1];
    expect(address).toBeDefined();
    const oneClick = new URL(address!);
    expect(oneClick.origin).toBe(new URL(t.config.publicUrl).origin);

    // As a mail provider posts it: a form body, no cookie, no Origin.
    const post = (search: string) =>
      t.app.request(`${oneClick.pathname}${search}`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: "List-Unsubscribe=One-Click",
      });
    const forged = await post(`?token=${oneClick.searchParams.get("token")!.slice(0, -2)}xx`);
    expect(forged.status).toBe(404);
    expect(await json(rider.request("GET", "/api/reminders"))).toMatchObject({ emailDigest: true });
    expect((await post("")).status).toBe(400);

    // A mail program without RFC 8058 (or a link scanner) opens it like a link: the page that asks, no change.
    const opened = await t.app.request(`${oneClick.pathname}${oneClick.search}`);
    expect(opened.status).toBe(302);
    expect(opened.headers.get("Location")).toBe(`/unsubscribe${oneClick.search}`);
    expect(await json(rider.request("GET", "/api/reminders"))).toMatchObject({ emailDigest: true });

    // Posted from a webmail's own page, as a cross-site form: the token is what counts.
    const done = await t.app.request(`${oneClick.pathname}${oneClick.search}`, {
      method: "POST",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        Origin: "https://webmail.example",
        "Sec-Fetch-Site": "cross-site",
      },
      body: "List-Unsubscribe=One-Click",
    });
    expect(done.status).toBe(200);
    expect(await json(rider.request("GET", "/api/reminders"))).toMatchObject({ emailDigest: false });
  });

  it("refuses a forged, altered or foreign unsubscribe token and changes nothing", async () => {
    const rider = await signUp(t.app);
    const visitor = anonymous(t.app);
    const genuine = unsubscribeToken(t.config.authSecret, rider.userId);
    for (const token of [
      `${genuine.slice(0, -2)}xx`,
      unsubscribeToken("another-instance's-secret", rider.userId),
      "not-a-token",
    ]) {
      const refused = await visitor.request("POST", "/api/reminders/unsubscribe", { token });
      expect(refused.status).toBe(404);
      expect(((await refused.json()) as { error: { message: string } }).error.message).toBe(
        "This unsubscribe link is not valid. Turn reminders off in Account Settings instead.",
      );
    }
    expect((await visitor.request("POST", "/api/reminders/unsubscribe", {})).status).toBe(400);
    expect(await json(rider.request("GET", "/api/reminders"))).toMatchObject({ emailDigest: true });
  });

  it("serves a private calendar feed of due dates that calendar apps can read; a new link revokes the old", async () => {
    const rider = await signUp(t.app);
    const { componentId, bicycleId } = await bikeWithComponent(rider, { name: "Brakes", type: "Brakes" });
    const { component: chain } = await json<{ component: { id: string } }>(
      rider.request("POST", "/api/components", { bicycleId, name: "Chain", type: "Drivetrain" }),
    );
    const chainId = chain.id;
    await addInterval(rider, componentId, { label: "Brake fluid", everyMonths: 12 });
    await addInterval(rider, chainId, { label: "Replace chain", everyKm: 3000 });
    // 900 km in the last 90 days: 10 km a day, so 2,100 km more take 210 days.
    for (const distanceKm of [300, 300, 300]) {
      await json(
        rider.request("POST", `/api/bicycles/${bicycleId}/rides`, {
          name: "Ride",
          startedAt: new Date().toISOString(),
          distanceKm,
          movingSeconds: 36_000,
        }),
      );
    }

    const { calendarUrl } = await json<{ calendarUrl: string }>(
      rider.request("POST", "/api/reminders/calendar-link"),
    );
    expect(calendarUrl).toMatch(/^http:\/\/localhost:3000\/api\/calendar\/[\w-]{43}\/velolog\.ics$/);
    // Shown again in Settings: the same address.
    expect(await json(rider.request("GET", "/api/reminders"))).toMatchObject({ calendarUrl });

    const path = new URL(calendarUrl).pathname;
    const feed = await anonymous(t.app).request("GET", path);
    expect(feed.status).toBe(200);
    expect(feed.headers.get("Content-Type")).toBe("text/calendar; charset=utf-8");
    const calendar = new ICAL.Component(ICAL.parse(await feed.text()));
    const events = calendar.getAllSubcomponents("vevent").map((vevent) => new ICAL.Event(vevent));
    const byTitle = Object.fromEntries(events.map((event) => [event.summary, event.startDate.toString()]));
    const inDays = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10);
    const inMonths = (months: number) => {
      const date = new Date();
      date.setUTCMonth(date.getUTCMonth() + months);
      return date.toISOString().slice(0, 10);
    };
    expect(byTitle).toEqual({
      "Due: Brake fluid: Brakes on Road bike": inMonths(12),
      "Expected due: Replace chain: Chain on Road bike": inDays(210),
    });
    for (const event of events) expect(event.startDate.isDate).toBe(true);
    const fluid = events.find((event) => event.summary.includes("Brake fluid"))!;
    expect(fluid.description).toContain(`Due ${formatDate(inMonths(12))}.`);
    expect(fluid.description).not.toContain("Used so far");

    // A calendar app polling again gets "not modified" until something in the feed changes.
    const tag = feed.headers.get("ETag")!;
    expect(tag).toBeTruthy();
    const poll = () => t.app.request(path, { headers: { "If-None-Match": tag } });
    expect((await poll()).status).toBe(304);
    await addInterval(rider, chainId, { label: "Check chain wear", everyMonths: 1 });
    const changed = await poll();
    expect(changed.status).toBe(200);
    expect(await changed.text()).toContain("Check chain wear");

    // Another user's link and a made-up one show nothing.
    const other = await signUp(t.app);
    const { calendarUrl: otherUrl } = await json<{ calendarUrl: string }>(
      other.request("POST", "/api/reminders/calendar-link"),
    );
    expect(await (await anonymous(t.app).request("GET", new URL(otherUrl).pathname)).text()).not.toContain(
      "Brake",
    );
    expect((await anonymous(t.app).request("GET", "/api/calendar/made-up/velolog.ics")).status).toBe(404);

    // A new link: the old address stops working at once.
    const { calendarUrl: renewed } = await json<{ calendarUrl: string }>(
      rider.request("POST", "/api/reminders/calendar-link"),
    );
    expect(renewed).not.toBe(calendarUrl);
    const old = await anonymous(t.app).request("GET", path);
    expect(old.status).toBe(404);
    expect(((await old.json()) as { error: { message: string } }).error.message).toBe(
      "This calendar link is not valid. It may have been replaced by a new link.",
    );
    expect((await anonymous(t.app).request("GET", new URL(renewed).pathname)).status).toBe(200);

    // Turned off: no address in Settings, and the last one answers as a made-up one does.
    expect(await json(rider.request("DELETE", "/api/reminders/calendar-link"))).toEqual({
      emailDigest: true,
      calendarUrl: null,
    });
    const stopped = await anonymous(t.app).request("GET", new URL(renewed).pathname);
    expect(stopped.status).toBe(404);
    expect(((await stopped.json()) as { error: { message: string } }).error.message).toBe(
      "This calendar link is not valid. It may have been replaced by a new link.",
    );
    expect((await anonymous(t.app).request("DELETE", "/api/reminders/calendar-link")).status).toBe(401);
  });

  it("puts an interval already overdue or due soon in the calendar feed today, even with no pace or months to date it", async () => {
    const rider = await signUp(t.app);
    const { bicycle } = await json<{ bicycle: { id: string } }>(
      rider.request("POST", "/api/bicycles", { name: "Road bike" }),
    );
    const part = async (name: string, type: string, mileage: number) => {
      const { component } = await json<{ component: { id: string } }>(
        rider.request("POST", "/api/components", { bicycleId: bicycle.id, name, type, mileage }),
      );
      return component.id;
    };
    // Not ridden lately (no pace) and no months rule: nothing tells a day, yet they are due.
    await addInterval(rider, await part("Chain", "Drivetrain", 3500), {
      label: "Replace chain",
      everyKm: 3000,
    });
    await addInterval(rider, await part("Tyres", "Tires", 3900), { label: "Replace tyres", everyKm: 4000 });
    // Overdue by distance, with a months limit months away: overdue today, not "Due" then.
    await addInterval(rider, await part("Pads", "Brakes", 2000), {
      label: "Check brake pads",
      everyKm: 1500,
      everyMonths: 12,
    });
    // Still fine and undated: nothing to put in a calendar.
    await addInterval(rider, await part("Cassette", "Drivetrain", 100), {
      label: "Replace cassette",
      everyKm: 9000,
    });

    const { calendarUrl } = await json<{ calendarUrl: string }>(
      rider.request("POST", "/api/reminders/calendar-link"),
    );
    const feed = await anonymous(t.app).request("GET", new URL(calendarUrl).pathname);
    const calendar = new ICAL.Component(ICAL.parse(await feed.text()));
    const events = calendar.getAllSubcomponents("vevent").map((vevent) => new ICAL.Event(vevent));
    const today = new Date().toISOString().slice(0, 10);
    expect(Object.fromEntries(events.map((event) => [event.summary, event.startDate.toString()]))).toEqual({
      "Overdue: Replace chain: Chain on Road bike": today,
      "Due soon: Replace tyres: Tyres on Road bike": today,
      "Overdue: Check brake pads: Pads on Road bike": today,
    });
    const chain = events.find((event) => event.summary.includes("Replace chain"))!;
    expect(chain.description).toContain("Used so far: 3,500 km of 3,000 km.");
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  "reminder digests, two app processes on one PostgreSQL",
  () => {
    afterEach(killAll);

    it("sends one digest, not two, and none again after both restart", async () => {
      const created = await createPostgresTestDatabase();
      const admin = new pg.Client({ connectionString: created.url });
      try {
        const shared = { DATABASE_URL: created.url, BETTER_AUTH_SECRET: randomBytes(32).toString("hex") };
        const dir = () => mkdtempSync(path.join(os.tmpdir(), "velolog-reminders-"));
        const [setupDir, dirB, dirC] = [dir(), dir(), dir()];

        // A rider whose chain is at 95 of its 100 km, set up through the app in this process, then closed.
        const setup = await buildServer(
          loadConfig({ ...shared, DATA_DIR: setupDir, PUBLIC_URL: TEST_ORIGIN, LOG_LEVEL: "silent" }),
          { webDir: null },
        );
        const request = (route: string, body: unknown, cookie = "") =>
          setup.app.request(route, {
            method: "POST",
            headers: { "Content-Type": "application/json", Origin: TEST_ORIGIN, Cookie: cookie },
            body: JSON.stringify(body),
          });
        const email = "due@example.com";
        await request("/api/auth/sign-up/email", { email, password: "correct-horse", name: "" });
        const verified = await setup.app.request(
          lastLinkTo(setupDir, email, "/api/auth/verify-email")!.replace(TEST_ORIGIN, ""),
        );
        const cookie = verified.headers.getSetCookie()[0]!.split(";")[0]!;
        const post = async (route: string, body: unknown) =>
          ((await (await request(route, body, cookie)).json()) as Record<string, { id: string }>)[
            route.endsWith("rides") ? "ride" : route.endsWith("bicycles") ? "bicycle" : "component"
          ]!.id;
        // The servers run the job now: a zone where it is midday now, when digests go out (Etc/GMT+N is UTC−N).
        const offset = 12 - new Date().getUTCHours();
        await setup.app.request("/api/settings", {
          method: "PUT",
          headers: { "Content-Type": "application/json", Origin: TEST_ORIGIN, Cookie: cookie },
          body: JSON.stringify({
            timeZone: offset === 0 ? "UTC" : `Etc/GMT${offset > 0 ? "-" : "+"}${Math.abs(offset)}`,
          }),
        });
        const bicycle = await post("/api/bicycles", { name: "Commuter" });
        const chain = await post("/api/components", {
          bicycleId: bicycle,
          name: "Chain",
          type: "Drivetrain",
        });
        await admin.connect();
        await request(`/api/components/${chain}/intervals`, { label: "Replace chain", everyKm: 100 }, cookie);
        await post(`/api/bicycles/${bicycle}/rides`, {
          name: "Long ride",
          startedAt: new Date().toISOString(),
          distanceKm: 95,
          movingSeconds: 14_400,
        });
        await setup.database.close();

        // As if the last run were long ago: each process starting now finds the job due.
        const makeDue = () => admin.query("UPDATE jobs SET last_completed_at = NULL");
        const ranSinceMadeDue = async () => {
          for (let tries = 0; tries < 150; tries++) {
            const { rows } = await admin.query(
              "SELECT 1 FROM jobs WHERE name = 'reminder-digests' AND last_completed_at IS NOT NULL",
            );
            if (rows.length > 0) return;
            await new Promise((resolve) => setTimeout(resolve, 100));
          }
          throw new Error("the reminder job did not run");
        };
        const digests = () =>
          [...readOutbox(dirB), ...readOutbox(dirC)].filter((mail) =>
            mail.subject.startsWith("Service reminder"),
          );

        for (const round of ["first start", "restart"]) {
          await makeDue();
          const servers = await Promise.all(
            // The bundle starts in a fraction of the sources' time (decision 0031), which matters on a busy machine.
            [dirB, dirC].map((DATA_DIR) => startServer({ ...shared, DATA_DIR }, freshServerBundle())),
          );
          for (const server of servers) expect(server.exitCode, server.output()).toBeNull();
          await ranSinceMadeDue();
          expect(
            digests().map((mail) => [mail.to, mail.subject]),
            round,
          ).toEqual([["due@example.com", "Service reminder: 1 due soon"]]);
          for (const server of servers) {
            server.child.kill("SIGTERM");
            await exited(server.child);
          }
        }
      } finally {
        await admin.end().catch(() => {});
        await created.drop();
      }
    }, 120_000);
  },
);
