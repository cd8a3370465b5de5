import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { userSettings } from "./db/schema.ts";
import { captureLogs } from "./testing/log-capture.ts";
import { anonymous, createTestApp, describeEachDatabase, signUp, type TestApp } from "./testing/test-app.ts";

/**
 * The request log and the page-not-found warning: one JSON line per request with its id, and never a secret
 * carried in a path. Read back from a real pino stream; the web app is a one-file stand-in.
 */
describeEachDatabase("request log", (kind) => {
  let t: TestApp;
  const logs = captureLogs();
  beforeAll(async () => {
    const webDir = mkdtempSync(path.join(os.tmpdir(), "velolog-web-"));
    writeFileSync(
      path.join(webDir, "index.html"),
      '<!doctype html><html><head><title>Velolog</title></head><body><div id="root"></div></body></html>',
    );
    t = await createTestApp(kind, { logger: logs.logger, webDir });
  });
  afterAll(() => t.close());

  it("logs each request once with its id, which the response also carries", async () => {
    const response = await anonymous(t.app).request("GET", "/api/health");
    const id = response.headers.get("x-request-id");
    expect(id).toBeTruthy();
    const lines = logs.lines().filter((l) => l.msg === "request" && l.requestId === id);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ method: "GET", path: "/api/health", status: 200 });
  });

  it("keeps a share link's token out of the log, for the API and for the page", async () => {
    const rider = await signUp(t.app);
    const bicycle = (await (await rider.request("POST", "/api/bicycles", { name: "Shared" })).json()) as {
      bicycle: { id: string };
    };
    const { link } = (await (
      await rider.request("POST", `/api/bicycles/${bicycle.bicycle.id}/share`, {})
    ).json()) as {
      link: { token: string };
    };
    expect((await anonymous(t.app).request("GET", `/api/shared/${link.token}`)).status).toBe(200);
    await anonymous(t.app).request("GET", `/shared/${link.token}`);
    expect(logs.text()).not.toContain(link.token);
    const paths = logs.lines().map((l) => l.path);
    expect(paths).toContain("/api/shared/[redacted]");
    expect(paths).toContain("/shared/[redacted]");
  });

  it("keeps a share link's token out of the page-not-found warning (a path under the link that is no page)", async () => {
    const rider = await signUp(t.app);
    const { bicycle } = (await (await rider.request("POST", "/api/bicycles", { name: "Extra" })).json()) as {
      bicycle: { id: string };
    };
    const { link } = (await (
      await rider.request("POST", `/api/bicycles/${bicycle.id}/share`, {})
    ).json()) as {
      link: { token: string };
    };
    const response = await anonymous(t.app).request("GET", `/shared/${link.token}/extra`);
    expect(response.status).toBe(404);
    const warning = logs
      .lines()
      .filter((l) => l.event === "page_not_found")
      .at(-1);
    expect(warning).toMatchObject({ level: 40, path: "/shared/[redacted]/extra" });
    await anonymous(t.app).request("GET", `/SHARED//${link.token}/x`);
    expect(logs.text()).not.toContain(link.token);
  });

  it("keeps the calendar feed's token out of the log on every poll", async () => {
    const rider = await signUp(t.app);
    const { calendarUrl } = (await (await rider.request("POST", "/api/reminders/calendar-link")).json()) as {
      calendarUrl: string;
    };
    const feedPath = new URL(calendarUrl).pathname;
    const token = feedPath.split("/")[3]!;
    expect(token.length).toBeGreaterThan(30);
    for (let poll = 0; poll < 2; poll++) {
      expect((await anonymous(t.app).request("GET", feedPath)).status).toBe(200);
    }
    expect(logs.text()).not.toContain(token);
    const feedLines = logs
      .lines()
      .filter((l) => l.msg === "request" && l.path === "/api/calendar/[redacted]/velolog.ics");
    expect(feedLines.length).toBeGreaterThanOrEqual(2);

    // A feed that fails (here: a zone this Node does not know, left by an older or newer release) is logged
    // as an error, still without the token.
    await t.db
      .insert(userSettings)
      .values({ userId: rider.userId, timeZone: "Mars/Olympus_Mons" })
      .onConflictDoUpdate({ target: userSettings.userId, set: { timeZone: "Mars/Olympus_Mons" } });
    expect((await anonymous(t.app).request("GET", feedPath)).status).toBe(500);
    expect(logs.lines().some((l) => l.msg === "unhandled error")).toBe(true);
    expect(logs.text()).not.toContain(token);
  });
});
