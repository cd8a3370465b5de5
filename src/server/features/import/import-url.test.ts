import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, signUp, type TestApp } from "../../testing/test-app.ts";

const fixture = (name: string) =>
  readFileSync(new URL(`../../../../../shared/fixtures/import/${name}`, import.meta.url), "utf8");

interface Found {
  components: { label: string; name: string; type: string; brand: string | null }[];
}

describe("import from a web page", () => {
  let server: Server;
  let base: string;
  let allowed: TestApp;
  let guarded: TestApp;

  beforeAll(async () => {
    server = createServer((req, res) => {
      if (req.url === "/bike.html") {
        res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
        res.end(fixture("001-specialized-carve-expert-29-2013/page.html"));
      } else if (req.url === "/photo.png") {
        res.writeHead(200, { "Content-Type": "image/png" });
        res.end(Buffer.alloc(100));
      } else if (req.url === "/empty.html") {
        res.writeHead(200, { "Content-Type": "text/html" });
        res.end("<html><body><h1>Nothing to see</h1><p>Just prose about riding.</p></body></html>");
      } else {
        res.writeHead(404);
        res.end();
      }
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    allowed = await createTestApp("pglite", { allowLoopbackImports: true });
    guarded = await createTestApp("pglite");
  });
  afterAll(async () => {
    await Promise.all([allowed.close(), guarded.close()]);
    await new Promise((resolve) => server.close(resolve));
  });

  it("fetches the page and finds its components, with types and brands", async () => {
    const rider = await signUp(allowed.app);
    const response = await rider.request("POST", "/api/import/url", { url: `${base}/bike.html` });
    expect(response.status).toBe(200);
    const { components } = (await response.json()) as Found;
    const expected = JSON.parse(fixture("001-specialized-carve-expert-29-2013/expected.json")) as Found;
    expect(components.length).toBe(expected.components.length);
    expect(components.find((c) => c.type === "Fork")).toMatchObject({ brand: "RockShox" });
  });

  it("explains a page that cannot be used, and never answers 500", async () => {
    const rider = await signUp(allowed.app);
    const png = await rider.request("POST", "/api/import/url", { url: `${base}/photo.png` });
    expect(png.status).toBe(400);
    expect(((await png.json()) as { error: { message: string } }).error.message).toMatch(
      /web page|HTML|text/i,
    );
    const missing = await rider.request("POST", "/api/import/url", { url: `${base}/nope` });
    expect(missing.status).toBe(400);
    const empty = await rider.request("POST", "/api/import/url", { url: `${base}/empty.html` });
    expect(((await empty.json()) as Found).components).toEqual([]);
    const blank = await rider.request("POST", "/api/import/url", { url: "  " });
    expect(((await blank.json()) as { error: { message: string } }).error.message).toBe(
      "Please enter a URL to a bicycle specification page",
    );
  });

  it("refuses loopback when the test allowance is off (the default)", async () => {
    const rider = await signUp(guarded.app);
    for (const url of [
      `${base}/bike.html`,
      "http://localhost/",
      "http://169.254.169.254/latest/meta-data/",
      "file:///etc/passwd",
    ]) {
      const response = await rider.request("POST", "/api/import/url", { url });
      expect(response.status, url).toBe(400);
    }
  });

  it("refuses at least 25 SSRF attempts through the API, with no connection made to them", async () => {
    let connections = 0;
    const trap = createServer((_req, res) =>
      res.end("<table><tr><td>Frame</td><td>Stolen</td></tr></table>"),
    );
    trap.on("connection", () => {
      connections++;
    });
    await new Promise<void>((resolve) => trap.listen(0, "127.0.0.1", resolve));
    const port = (trap.address() as AddressInfo).port;
    try {
      const attempts = [
        `http://127.0.0.1:${port}/`,
        "http://127.0.0.1/",
        "http://127.1/",
        "http://2130706433/",
        "http://0x7f000001/",
        "http://0177.0.0.1/",
        "http://[::1]/",
        "http://[::ffff:127.0.0.1]/",
        "http://[::ffff:7f00:1]/",
        "http://[64:ff9b::7f00:1]/",
        "http://localhost/",
        "http://localhost./",
        "http://foo.localhost/",
        "http://0.0.0.0/",
        "http://169.254.169.254/latest/meta-data/",
        "http://metadata.google.internal/",
        "http://[fe80::1]/",
        "http://10.0.0.1/",
        "http://172.16.0.1/",
        "http://192.168.1.1/",
        "http://100.64.0.1/",
        "http://224.0.0.1/",
        "http://[fc00::1]/",
        "http://[2002:7f00:1::]/",
        "http://example.com:8080/",
        "file:///etc/passwd",
        "ftp://example.com/",
        "gopher://127.0.0.1:70/",
        "http://user:pass@example.com/",
        "javascript:alert(1)",
      ];
      let rider = await signUp(guarded.app);
      for (const [i, url] of attempts.entries()) {
        if (i > 0 && i % 9 === 0) rider = await signUp(guarded.app); // stay under the per-user rate limit
        const response = await rider.request("POST", "/api/import/url", { url });
        expect(response.status, url).toBe(400);
        const { error } = (await response.json()) as { error: { message: string } };
        expect(error.message.length, url).toBeGreaterThan(10);
      }
      expect(attempts.length).toBeGreaterThanOrEqual(25);
      expect(connections).toBe(0);
    } finally {
      await new Promise((resolve) => trap.close(resolve));
    }
  });

  it("limits page imports per user, in the database", async () => {
    const rider = await signUp(allowed.app);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++)
      statuses.push((await rider.request("POST", "/api/import/url", { url: `${base}/empty.html` })).status);
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});
