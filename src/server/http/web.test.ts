import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  PRERENDER_SUPPORT_EMAIL,
  PRERENDER_YEAR,
  PRERENDERED_SIGNED_IN_FRAME,
} from "../../shared/domain/pages.ts";
import { createTestApp, signUp, type TestApp } from "../testing/test-app.ts";

describe("the served pages", () => {
  let t: TestApp;
  beforeAll(async () => {
    const webDir = mkdtempSync(path.join(os.tmpdir(), "velolog-web-"));
    writeFileSync(
      path.join(webDir, "index.html"),
      '<!doctype html><html><head><meta name="description" content="Velolog" /><title>Velolog</title></head><body><div id="root"></div></body></html>',
    );
    writeFileSync(
      path.join(webDir, "page-preloads.json"),
      JSON.stringify([
        { path: "/dashboard", files: ["/assets/dashboard-1.js", "/assets/query-1.js"] },
        { path: "/bicycles/:bicycleId", files: ["/assets/bicycle-detail-1.js"] },
      ]),
    );
    t = await createTestApp("pglite", { webDir });
  });
  afterAll(() => t.close());

  it("lists the chunks of the page's route as modulepreload links, signed in or not", async () => {
    const links = (html: string) =>
      [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)"/g)].map((m) => m[1]);
    expect(links(await (await t.app.request("/dashboard")).text())).toEqual([
      "/assets/dashboard-1.js",
      "/assets/query-1.js",
    ]);
    const withSession = { headers: { Cookie: "better-auth.session_token=x.y" } };
    expect(links(await (await t.app.request("/bicycles/3f2a", withSession)).text())).toEqual([
      "/assets/bicycle-detail-1.js",
    ]);
    expect(links(await (await t.app.request("/bicycles/3f2a/components/9")).text())).toEqual([]);
    expect(links(await (await t.app.request("/no-such-page")).text())).toEqual([]);
  });

  it("has a visitor's demo pages fetch the demo's data alongside the scripts", async () => {
    const demoPreload = '<link rel="preload" href="/demo-data.json" as="fetch" crossorigin />';
    for (const page of ["/dashboard", "/bicycles", "/bicycles/demo-1", "/bicycles/demo-1/components/c1"])
      expect(await (await t.app.request(page)).text(), page).toContain(demoPreload);
    const withSession = { headers: { Cookie: "better-auth.session_token=x.y" } };
    expect(await (await t.app.request("/dashboard", withSession)).text()).not.toContain(demoPreload);
    expect(await (await t.app.request("/about")).text()).not.toContain(demoPreload);
  });

  it("gives each public page its own title and description", async () => {
    const titles = new Set<string>();
    for (const page of [
      "/",
      "/about",
      "/pricing",
      "/faq",
      "/contact",
      "/privacy-policy",
      "/security-policy",
      "/sitemap",
    ]) {
      const html = await (await t.app.request(page)).text();
      const title = /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? "";
      titles.add(title);
      expect(html.match(/<meta name="description"/g), page).toHaveLength(1);
      expect(html, page).toContain(`<meta property="og:url" content="http://localhost:3000${page}" />`);
    }
    expect(titles.size).toBe(8);
    expect(await (await t.app.request("/pricing")).text()).toContain(
      '<meta name="description" content="Free for 1 bicycle. Premium tracks up to 10 bicycles for $2 per month." />',
    );
  });

  it("answers a missing page with 404 and the app's page", async () => {
    const response = await t.app.request("/no/such/page");
    expect(response.status).toBe(404);
    expect(await response.text()).toContain('<div id="root">');
  });
});

describe("the prerendered pages (scripts/prerender.ts)", () => {
  let t: TestApp;
  beforeAll(async () => {
    const webDir = mkdtempSync(path.join(os.tmpdir(), "velolog-web-"));
    writeFileSync(
      path.join(webDir, "index.html"),
      '<!doctype html><html><head><meta name="description" content="Velolog" /><title>Velolog</title></head><body><div id="root"></div></body></html>',
    );
    writeFileSync(
      path.join(webDir, "prerendered.json"),
      JSON.stringify({
        "/pricing": `<main><h1>Pricing</h1><p>$2 per month $& $1</p><a href="mailto:${PRERENDER_SUPPORT_EMAIL}">Contact</a><p>© ${PRERENDER_YEAR} Velolog</p></main>`,
        [PRERENDERED_SIGNED_IN_FRAME]: `<div data-pending-frame=""><header>Dashboard</header><footer>© ${PRERENDER_YEAR} Velolog</footer></div>`,
      }),
    );
    t = await createTestApp("pglite", { webDir });
  });
  afterAll(() => t.close());

  it("serves a visitor without a session the page's markup, with the operator's email and this year", async () => {
    const response = await t.app.request("/pricing");
    expect(response.headers.get("vary")).toContain("Cookie");
    const html = await response.text();
    expect(html).toContain('<div id="root"><main><h1>Pricing</h1><p>$2 per month $& $1</p>');
    expect(html).toContain(`href="mailto:${t.config.supportEmail}"`);
    expect(html).toContain(`© ${new Date().getFullYear()} Velolog`);
    expect(html).not.toContain("%%VELOLOG");
    expect(html).toContain('<meta name="velolog-signed-out" content="1" />');
    expect(await (await t.app.request("/pricing/")).text()).toContain("<h1>Pricing</h1>");
  });

  it("serves a browser with a session cookie the app's empty page (the app routes it, e.g. / to /dashboard)", async () => {
    for (const cookie of ["better-auth.session_token=abc", "a=1; __Secure-better-auth.session_token=abc"]) {
      const html = await (await t.app.request("/pricing", { headers: { cookie } })).text();
      expect(html, cookie).toContain('<div id="root"></div>');
      expect(html, cookie).not.toContain("velolog-signed-out");
    }
  });

  it("serves a valid session the signed-in frame on the pages drawn in it, and nothing else", async () => {
    const rider = await signUp(t.app);
    const page = async (path: string, cookie = rider.cookie) =>
      (await t.app.request(path, { headers: { cookie } })).text();
    const frame = `<div id="root"><div data-pending-frame=""><header>Dashboard</header><footer>© ${new Date().getFullYear()} Velolog</footer></div></div>`;
    for (const path of ["/dashboard", "/bicycles/3f2a", "/account", "/rides", "/pricing", "/"])
      expect(await page(path), path).toContain(frame);
    // Drawn without the frame (signing in, a share link's view), or not a page at all.
    for (const path of ["/auth", "/shared/abc", "/no-such-page"])
      expect(await page(path), path).toContain('<div id="root"></div>');
    // A cookie that is no session (signed out elsewhere, expired) may be sent to the sign-in page.
    expect(await page("/dashboard", "better-auth.session_token=abc")).toContain('<div id="root"></div>');
  });

  it("serves pages that were not prerendered with the empty page", async () => {
    const html = await (await t.app.request("/dashboard")).text();
    expect(html).toContain('<div id="root"></div>');
    expect(html).toContain('<meta name="velolog-signed-out" content="1" />');
  });
});

describe("the pages with BILLING_MODE=off", () => {
  let t: TestApp;
  beforeAll(async () => {
    const webDir = mkdtempSync(path.join(os.tmpdir(), "velolog-web-"));
    writeFileSync(
      path.join(webDir, "index.html"),
      '<!doctype html><html><head><title>Velolog</title></head><body><div id="root"></div></body></html>',
    );
    writeFileSync(
      path.join(webDir, "prerendered.json"),
      JSON.stringify({
        "/pricing": "<main><h1>Pricing</h1><p>$2 per month</p></main>",
        "/about": "<h1>About</h1>",
      }),
    );
    t = await createTestApp("pglite", { webDir, env: { BILLING_MODE: "off" } });
  });
  afterAll(() => t.close());

  it("tells the app billing is off, and leaves the plans' pages (prerendered with prices) to the browser", async () => {
    const pricing = await (await t.app.request("/pricing")).text();
    expect(pricing).toContain('<meta name="velolog-billing-mode" content="off" />');
    expect(pricing).toContain('<div id="root"></div>');
    expect(pricing).not.toContain("per month");
    expect(pricing).toContain("charges no one");
    expect(await (await t.app.request("/about")).text()).toContain('<div id="root"><h1>About</h1>');
  });
});
