import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Bicycle } from "../../shared/schemas/bicycle.ts";
import { createTestApp, signUp, type TestApp } from "../testing/test-app.ts";

describe("security headers and cross-site writes", () => {
  let t: TestApp;
  beforeAll(async () => {
    const webDir = mkdtempSync(path.join(os.tmpdir(), "velolog-web-"));
    writeFileSync(
      path.join(webDir, "index.html"),
      "<!doctype html><html><head><title>Velolog</title></head><body></body></html>",
    );
    writeFileSync(path.join(webDir, "favicon.svg"), "<svg xmlns='http://www.w3.org/2000/svg'></svg>");
    t = await createTestApp("pglite", { webDir });
  });
  afterAll(() => t.close());

  it("sends the security headers on pages, API answers, files and share pages", async () => {
    const rider = await signUp(t.app);
    const { bicycle } = (await (await rider.request("POST", "/api/bicycles", { name: "Bike" })).json()) as {
      bicycle: Bicycle;
    };
    const share = (await (await rider.request("POST", `/api/bicycles/${bicycle.id}/share`, {})).json()) as {
      link: { token: string };
    };
    for (const url of [
      "/",
      "/bicycles",
      "/no-such-page",
      "/api/health",
      "/api/bicycles",
      "/favicon.svg",
      `/shared/${share.link.token}`,
    ]) {
      const response = await t.app.request(url);
      const csp = response.headers.get("content-security-policy") ?? "";
      expect(csp, url).toContain("script-src 'self'");
      expect(csp, url).not.toMatch(/script-src[^;]*unsafe-(inline|eval)/);
      expect(csp, url).toContain("frame-ancestors 'none'");
      expect(response.headers.get("x-content-type-options"), url).toBe("nosniff");
      expect(response.headers.get("referrer-policy"), url).toBe("strict-origin-when-cross-origin");
      expect(response.headers.get("permissions-policy"), url).toContain("camera=()");
      expect(response.headers.get("strict-transport-security"), url).toBeNull(); // served over http here
    }
  });

  it("refuses every state-changing API route when the request comes from another site", async () => {
    const rider = await signUp(t.app);
    // Exempt: Stripe's webhook uses no cookie and no session; Stripe's signature on the body authenticates
    // it, which a cross-site page cannot forge (features/billing/stripe.test.ts).
    // Strava's webhook uses no cookie either; an event is only a hint to re-read the activity from Strava
    // with the athlete's token, so a forged one stores nothing untrue (features/strava/strava.test.ts).
    // The digest's one-click unsubscribe (RFC 8058) may be posted from a webmail's page; its signed token
    // authenticates it and it only turns mail off (features/reminders/reminders.test.ts).
    const exempt = new Set([
      "/api/billing/webhook",
      "/api/strava/webhook",
      "/api/reminders/unsubscribe/one-click",
    ]);
    const writes = t.app.routes.filter(
      (r) =>
        r.path.startsWith("/api/") &&
        ["POST", "PUT", "PATCH", "DELETE"].includes(r.method) &&
        !exempt.has(r.path),
    );
    expect(writes.length).toBeGreaterThan(15);
    for (const route of writes) {
      const url = route.path
        .replace(/\*$/, "sign-in/email")
        .replace(/:[a-z]+/gi, "00000000-0000-4000-8000-000000000000");
      const crossSite: Record<string, string>[] = [
        { Origin: "https://evil.example" },
        { "Sec-Fetch-Site": "cross-site" },
      ];
      for (const headers of crossSite) {
        const response = await t.app.request(url, {
          method: route.method,
          headers: { "Content-Type": "application/json", ...headers, Cookie: rider.cookie },
          body: JSON.stringify({ name: "Planted" }),
        });
        expect(response.status, `${route.method} ${url}`).toBe(403);
      }
    }
    const list = (await (await rider.request("GET", "/api/bicycles")).json()) as { bicycles: Bicycle[] };
    expect(list.bicycles).toEqual([]);
  });
});
