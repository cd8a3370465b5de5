import http from "node:http";
import https from "node:https";
import type { AddressInfo } from "node:net";
import net from "node:net";
import { gzipSync } from "node:zlib";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import {
  createPageFetcher,
  type PageFetchError,
  type PageFetchFailure,
  pageFetchMessages,
} from "./page-fetcher.ts";

interface TestServer {
  port: number;
  origin: string;
  connections: () => number;
  requests: http.IncomingMessage[];
  close: () => Promise<void>;
}

const openServers: TestServer[] = [];

async function startServer(handler: http.RequestListener): Promise<TestServer> {
  const server = http.createServer(handler);
  let connections = 0;
  const requests: http.IncomingMessage[] = [];
  server.on("connection", () => {
    connections++;
  });
  server.on("request", (req) => requests.push(req));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const testServer: TestServer = {
    port,
    origin: `http://127.0.0.1:${port}`,
    connections: () => connections,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  openServers.push(testServer);
  return testServer;
}

afterAll(async () => {
  await Promise.all(openServers.map((s) => s.close()));
});

/** Runs a fetch that must fail and returns the PageFetchError. */
async function failure(promise: Promise<unknown>): Promise<PageFetchError> {
  const error = await promise.then(
    () => {
      throw new Error("expected the fetch to fail");
    },
    (e: unknown) => e,
  );
  expect(error).toMatchObject({ name: "PageFetchError" });
  return error as PageFetchError;
}

async function expectFailure(promise: Promise<unknown>, reason: PageFetchFailure): Promise<PageFetchError> {
  const error = await failure(promise);
  expect(error.reason).toBe(reason);
  // A user-facing sentence, never internals.
  expect(error.message).toMatch(/^[A-Z].*\.$/);
  expect(error.message).not.toMatch(/ECONN|ENOTFOUND|EAI_|Error:|\n\s+at |\/work\//);
  return error;
}

/**
 * TEST-ONLY self-signed certificate for "shop.test" (not trusted by anything, never used outside this file).
 * Generated with: openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days 36500
 *   -subj "/CN=shop.test" -addext "subjectAltName=DNS:shop.test"
 */
const testTlsKey = `-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgooNgbYUT5FCQKxoU
F2yI1JWtILVvbegCAakaIzIaXpKhRANCAAQcftcriuZD4Cul9gZ+ggvIWqIN4Mle
t0R18NClT2jqFZD7N3hgwJNb7TWhgXBXvTRPGTldGpq9sNlcLdeHKAEm
-----END PRIVATE KEY-----`;
const testTlsCert = `-----BEGIN CERTIFICATE-----
MIIBlTCCATugAwIBAgIUGWV54WO06ngB9i0l1wKk468YCtAwCgYIKoZIzj0EAwIw
FDESMBAGA1UEAwwJc2hvcC50ZXN0MCAXDTI2MTEyMTA1NTY0NFoYDzIxMjYxMDI4
MDU1NjQ0WjAUMRIwEAYDVQQDDAlzaG9wLnRlc3QwWTATBgcqhkjOPQIBBggqhkjO
PQMBBwNCAAQcftcriuZD4Cul9gZ+ggvIWqIN4Mlet0R18NClT2jqFZD7N3hgwJNb
7TWhgXBXvTRPGTldGpq9sNlcLdeHKAEmo2kwZzAdBgNVHQ4EFgQUYPGcmiVs6sJY
TSdQWwxyhTbLmrkwHwYDVR0jBBgwFoAUYPGcmiVs6sJYTSdQWwxyhTbLmrkwDwYD
VR0TAQH/BAUwAwEB/zAUBgNVHREEDTALgglzaG9wLnRlc3QwCgYIKoZIzj0EAwID
SAAwRQIgZF+1wGY+23oXKbz5w/byVNqNXkOFFRuRalL26tSDyeECIQC04qPSf40t
BigRTkVweevH2+OI5UzM0VsJonxRbDJDfQ==
-----END CERTIFICATE-----`;

const html = "<!doctype html><html><head><title>Chain</title></head><body><h1>KMC X11</h1></body></html>";

describe("page fetcher with the loopback test allowance", () => {
  let site: TestServer;
  const fetchPage = createPageFetcher({ dangerouslyAllowLoopbackForTests: true, timeoutMs: 3000 });

  beforeAll(async () => {
    site = await startServer((req, res) => {
      const url = new URL(req.url ?? "/", "http://x");
      const hop = /^\/hops\/(\d+)$/.exec(url.pathname);
      if (hop) {
        const left = Number(hop[1]);
        if (left === 0) {
          res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(html);
        } else {
          res.writeHead(302, { location: `/hops/${left - 1}` }).end();
        }
        return;
      }
      switch (url.pathname) {
        case "/page":
          res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(html);
          return;
        case "/redirect":
          res.writeHead(301, { location: "page?from=redirect" }).end();
          return;
        case "/redirect-303":
          res.writeHead(303, { location: `${url.searchParams.get("to")}` }).end();
          return;
        case "/redirect-no-location":
          res.writeHead(302).end();
          return;
        case "/host":
          res.writeHead(200, { "content-type": "text/plain" }).end(`host=${req.headers.host}`);
          return;
        case "/xhtml":
          res.writeHead(200, { "content-type": "application/xhtml+xml" }).end("<html/>");
          return;
        case "/png":
          res.writeHead(200, { "content-type": "image/png" }).end(Buffer.from([0x89, 0x50, 0x4e, 0x47]));
          return;
        case "/json":
          res.writeHead(200, { "content-type": "application/json" }).end("{}");
          return;
        case "/no-type":
          res.writeHead(200).end(html);
          return;
        case "/missing":
          res.writeHead(404, { "content-type": "text/html" }).end("<h1>Not found</h1>");
          return;
        case "/broken":
          res.writeHead(500, { "content-type": "text/html" }).end("<h1>Oops</h1>");
          return;
        case "/big-streamed":
          res.writeHead(200, { "content-type": "text/html" });
          res.write("a".repeat(2048));
          // never ends: the cap must stop the read, not the deadline
          return;
        case "/big-declared":
          res.writeHead(200, { "content-type": "text/html", "content-length": "2000" });
          res.end("b".repeat(2000));
          return;
        case "/latin1":
          res
            .writeHead(200, { "content-type": "text/html; charset=ISO-8859-1" })
            .end(Buffer.from([0x63, 0x61, 0x66, 0xe9]));
          return;
        case "/latin1-meta":
          // An older shop's page: no charset in the header, only in the page's own <meta>.
          res
            .writeHead(200, { "content-type": "text/html" })
            .end(
              Buffer.from(
                '<html><head><meta charset="iso-8859-1"></head><body>Sattelst\xfctze: Alu</body>',
                "latin1",
              ),
            );
          return;
        case "/cp1252-http-equiv":
          res
            .writeHead(200, { "content-type": "text/html" })
            .end(
              Buffer.concat([
                Buffer.from('<meta http-equiv="Content-Type" content="text/html; charset=windows-1252"><p>'),
                Buffer.from([0x80, 0x20, 0x34, 0x39, 0x2c, 0x39, 0x35, 0x20, 0x96, 0x20, 0x52, 0xe9, 0x64]),
              ]),
            );
          return;
        case "/utf8-default":
          res.writeHead(200, { "content-type": "text/html" }).end(Buffer.from("Café ✓", "utf8"));
          return;
        case "/gzip":
          res
            .writeHead(200, { "content-type": "text/html", "content-encoding": "gzip" })
            .end(gzipSync(Buffer.from(html)));
          return;
        case "/gzip-bomb":
          res
            .writeHead(200, { "content-type": "text/html", "content-encoding": "gzip" })
            .end(gzipSync(Buffer.alloc(64 * 1024, 0x61)));
          return;
        case "/weird-encoding":
          res.writeHead(200, { "content-type": "text/html", "content-encoding": "zstd-ish" }).end("x");
          return;
        case "/hang":
          // accepts the request and never answers
          return;
        case "/hang-body":
          res.writeHead(200, { "content-type": "text/html" });
          res.write("<html>");
          return;
        case "/cut":
          res.writeHead(200, { "content-type": "text/html", "content-length": "1000" });
          res.write("<html>");
          setTimeout(() => res.socket?.destroy(), 20);
          return;
        default:
          res.writeHead(404).end();
      }
    });
  });

  it("fetches an HTML page", async () => {
    const page = await fetchPage(`${site.origin}/page`);
    expect(page).toEqual({
      url: `${site.origin}/page`,
      contentType: "text/html; charset=utf-8",
      body: html,
    });
  });

  it("accepts XHTML and plain text", async () => {
    await expect(fetchPage(`${site.origin}/xhtml`)).resolves.toMatchObject({ body: "<html/>" });
    await expect(fetchPage(`${site.origin}/host`)).resolves.toMatchObject({ contentType: "text/plain" });
  });

  it("follows a relative redirect and reports the final URL", async () => {
    const page = await fetchPage(`${site.origin}/redirect`);
    expect(page.url).toBe(`${site.origin}/page?from=redirect`);
    expect(page.body).toBe(html);
  });

  it("follows up to 5 redirects", async () => {
    const page = await fetchPage(`${site.origin}/hops/5`);
    expect(page.url).toBe(`${site.origin}/hops/0`);
  });

  it("refuses a sixth redirect", async () => {
    await expectFailure(fetchPage(`${site.origin}/hops/6`), "too_many_redirects");
  });

  it("honours a smaller maxRedirects", async () => {
    const strict = createPageFetcher({ dangerouslyAllowLoopbackForTests: true, maxRedirects: 1 });
    await expect(strict(`${site.origin}/hops/1`)).resolves.toMatchObject({ body: html });
    await expectFailure(strict(`${site.origin}/hops/2`), "too_many_redirects");
  });

  it("treats a redirect without a Location as an HTTP error", async () => {
    const error = await expectFailure(fetchPage(`${site.origin}/redirect-no-location`), "http_error");
    expect(error.status).toBe(302);
  });

  it.each([
    ["/png", "image/png"],
    ["/json", "application/json"],
    ["/no-type", "no content type"],
  ])("refuses %s (%s) as not_html", async (path) => {
    await expectFailure(fetchPage(`${site.origin}${path}`), "not_html");
  });

  it("refuses a streamed body over the cap as soon as it is exceeded", async () => {
    const small = createPageFetcher({
      dangerouslyAllowLoopbackForTests: true,
      maxBytes: 1024,
      timeoutMs: 5000,
    });
    const started = Date.now();
    await expectFailure(small(`${site.origin}/big-streamed`), "too_large");
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it("refuses a declared Content-Length over the cap", async () => {
    const small = createPageFetcher({ dangerouslyAllowLoopbackForTests: true, maxBytes: 1024 });
    await expectFailure(small(`${site.origin}/big-declared`), "too_large");
  });

  it("caps the decompressed size of a compressed body", async () => {
    const small = createPageFetcher({ dangerouslyAllowLoopbackForTests: true, maxBytes: 1024 });
    await expectFailure(small(`${site.origin}/gzip-bomb`), "too_large");
  });

  it("decodes gzip bodies", async () => {
    await expect(fetchPage(`${site.origin}/gzip`)).resolves.toMatchObject({ body: html });
  });

  it("refuses a content encoding it cannot decode", async () => {
    await expectFailure(fetchPage(`${site.origin}/weird-encoding`), "not_html");
  });

  it("decodes latin1 when the charset says so, and UTF-8 otherwise", async () => {
    await expect(fetchPage(`${site.origin}/latin1`)).resolves.toMatchObject({ body: "café" });
    await expect(fetchPage(`${site.origin}/utf8-default`)).resolves.toMatchObject({ body: "Café ✓" });
  });

  it("decodes a page by its own <meta> charset when the header names none", async () => {
    const meta = await fetchPage(`${site.origin}/latin1-meta`);
    expect(meta.body).toContain("Sattelstütze: Alu");
    const httpEquiv = await fetchPage(`${site.origin}/cp1252-http-equiv`);
    expect(httpEquiv.body).toContain("€ 49,95 – Réd");
  });

  it("times out a server that never answers", async () => {
    const quick = createPageFetcher({ dangerouslyAllowLoopbackForTests: true, timeoutMs: 300 });
    const started = Date.now();
    await expectFailure(quick(`${site.origin}/hang`), "timeout");
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it("times out a body that stalls", async () => {
    const quick = createPageFetcher({ dangerouslyAllowLoopbackForTests: true, timeoutMs: 300 });
    const started = Date.now();
    await expectFailure(quick(`${site.origin}/hang-body`), "timeout");
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it("reports a 404 as an HTTP error with its status", async () => {
    const error = await expectFailure(fetchPage(`${site.origin}/missing`), "http_error");
    expect(error.status).toBe(404);
    const serverError = await expectFailure(fetchPage(`${site.origin}/broken`), "http_error");
    expect(serverError.status).toBe(500);
  });

  it("reports a refused connection as unreachable", async () => {
    const closed = await startServer(() => {});
    const url = `${closed.origin}/`;
    await closed.close();
    await expectFailure(fetchPage(url), "unreachable");
  });

  it("reports a connection cut mid-body as unreachable", async () => {
    await expectFailure(fetchPage(`${site.origin}/cut`), "unreachable");
  });

  it("connects to the vetted address of a name and sends its Host header, resolving it once", async () => {
    const lookup = vi.fn(async (_hostname: string) => {
      // A rebinding resolver: the first answer is fine, later ones point at a private network.
      return lookup.mock.calls.length === 1
        ? [{ address: "127.0.0.1", family: 4 as const }]
        : [{ address: "10.0.0.1", family: 4 as const }];
    });
    const viaName = createPageFetcher({ dangerouslyAllowLoopbackForTests: true, lookup });
    const page = await viaName(`http://shop.test:${site.port}/host`);
    expect(page.body).toBe(`host=shop.test:${site.port}`);
    expect(lookup).toHaveBeenCalledTimes(1);
    expect(lookup).toHaveBeenCalledWith("shop.test");
  });

  it("re-checks every redirect: a redirect to a private address is blocked", async () => {
    const before = site.connections();
    for (const target of [
      "http://10.0.0.1/",
      "http://[::ffff:10.0.0.1]/",
      "http://169.254.169.254/latest/meta-data/",
      "http://192.168.1.1:8080/",
      "http://[fc00::1]/",
    ]) {
      await expectFailure(
        fetchPage(`${site.origin}/redirect-303?to=${encodeURIComponent(target)}`),
        "blocked_address",
      );
    }
    // one connection per attempt to the redirecting server, none anywhere else
    expect(site.connections() - before).toBe(5);
  });

  it("re-checks every redirect: a redirect to a name that resolves privately is blocked", async () => {
    const lookup = vi.fn(async () => [{ address: "192.168.0.10", family: 4 as const }]);
    const viaName = createPageFetcher({ dangerouslyAllowLoopbackForTests: true, lookup });
    await expectFailure(
      viaName(`${site.origin}/redirect-303?to=${encodeURIComponent("http://router.example/")}`),
      "blocked_address",
    );
    expect(lookup).toHaveBeenCalledWith("router.example");
  });

  it("re-checks every redirect: non-http schemes are refused", async () => {
    await expectFailure(
      fetchPage(`${site.origin}/redirect-303?to=${encodeURIComponent("file:///etc/passwd")}`),
      "invalid_url",
    );
  });

  it("allows a redirect to another loopback server under the allowance", async () => {
    const other = await startServer((_req, res) => {
      res.writeHead(200, { "content-type": "text/html" }).end("<p>other</p>");
    });
    const page = await fetchPage(`${site.origin}/redirect-303?to=${encodeURIComponent(`${other.origin}/x`)}`);
    expect(page).toMatchObject({ url: `${other.origin}/x`, body: "<p>other</p>" });
  });

  it("still refuses private addresses and odd ports on non-loopback names", async () => {
    await expectFailure(fetchPage("http://10.0.0.1/"), "blocked_address");
    await expectFailure(fetchPage("http://192.168.1.1:3000/"), "blocked_address");
    const publicName = createPageFetcher({
      dangerouslyAllowLoopbackForTests: true,
      lookup: async () => [{ address: "8.8.8.8", family: 4 }],
    });
    // a public address on a non-default port is refused before connecting
    const connect = vi.spyOn(net.Socket.prototype, "connect");
    await expectFailure(publicName("http://shop.example:8080/"), "blocked_address");
    expect(connect).not.toHaveBeenCalled();
  });

  it("wraps DNS failures as unreachable", async () => {
    const failing = createPageFetcher({
      lookup: async () => {
        throw Object.assign(new Error("getaddrinfo ENOTFOUND nowhere.test"), { code: "ENOTFOUND" });
      },
    });
    await expectFailure(failing("http://nowhere.test/"), "unreachable");
    const empty = createPageFetcher({ lookup: async () => [] });
    await expectFailure(empty("http://nowhere.test/"), "unreachable");
  });

  it("makes real connections through net.Socket#connect (the spy used to prove 'no connection' below)", async () => {
    const connect = vi.spyOn(net.Socket.prototype, "connect");
    await fetchPage(`${site.origin}/page`);
    expect(connect).toHaveBeenCalled();
  });

  it("over https, connects to the vetted address with SNI for the name and verifies the certificate", async () => {
    const serverNames: string[] = [];
    const tlsServer = https.createServer({ key: testTlsKey, cert: testTlsCert }, (_req, res) => {
      res.writeHead(200, { "content-type": "text/html" }).end(html);
    });
    tlsServer.on("tlsClientError", (_error, socket) => {
      serverNames.push(String((socket as unknown as { servername: unknown }).servername));
    });
    await new Promise<void>((resolve) => tlsServer.listen(0, "127.0.0.1", resolve));
    try {
      const { port } = tlsServer.address() as AddressInfo;
      const lookup = vi.fn(async () => [{ address: "127.0.0.1", family: 4 as const }]);
      const viaName = createPageFetcher({ dangerouslyAllowLoopbackForTests: true, lookup, timeoutMs: 2000 });
      // The certificate is self-signed, so the handshake is refused: proof that verification stays on.
      await expectFailure(viaName(`https://shop.test:${port}/`), "unreachable");
      expect(lookup).toHaveBeenCalledTimes(1);
      await vi.waitFor(() => expect(serverNames).toEqual(["shop.test"]), { timeout: 1000 });
    } finally {
      tlsServer.closeAllConnections();
      await new Promise((resolve) => tlsServer.close(resolve));
    }
  });

  it("times out a DNS lookup that never answers", async () => {
    const stuck = createPageFetcher({ timeoutMs: 200, lookup: () => new Promise(() => {}) });
    await expectFailure(stuck("http://slow-dns.test/"), "timeout");
  });
});

describe("SSRF protection (no test allowance)", () => {
  let counter: TestServer;

  beforeAll(async () => {
    counter = await startServer((_req, res) => {
      res.writeHead(200, { "content-type": "text/html" }).end("<p>should never be reached</p>");
    });
  });

  afterEach(() => {
    expect(counter.connections()).toBe(0);
  });

  const resolverTable: Record<string, { address: string; family: 4 | 6 }[]> = {
    "evil.test": [{ address: "127.0.0.1", family: 4 }],
    "mixed.test": [
      { address: "8.8.8.8", family: 4 },
      { address: "10.0.0.1", family: 4 },
    ],
    "mixed6.test": [
      { address: "2606:4700:4700::1111", family: 6 },
      { address: "fd00::1", family: 6 },
    ],
    "mapped.test": [{ address: "::ffff:169.254.169.254", family: 6 }],
    "metadata.test": [{ address: "169.254.169.254", family: 4 }],
    "cgnat.test": [{ address: "100.64.0.1", family: 4 }],
    "garbage.test": [{ address: "not-an-ip", family: 4 }],
  };

  type Case = [url: string | (() => string), reason: PageFetchFailure, resolves: boolean];
  const cases: Case[] = [
    ["http://127.0.0.1/", "blocked_address", false],
    ["http://127.1/", "blocked_address", false],
    ["http://2130706433/", "blocked_address", false],
    ["http://0x7f000001/", "blocked_address", false],
    ["http://0177.0.0.1/", "blocked_address", false],
    ["http://%31%32%37.0.0.1/", "blocked_address", false],
    ["http://127.0.0.1:80/", "blocked_address", false],
    ["https://127.0.0.1/", "blocked_address", false],
    ["http://[::1]/", "blocked_address", false],
    ["http://[::ffff:127.0.0.1]/", "blocked_address", false],
    ["http://[::ffff:7f00:1]/", "blocked_address", false],
    ["http://[::127.0.0.1]/", "blocked_address", false],
    ["http://[64:ff9b::7f00:1]/", "blocked_address", false],
    ["http://[64:ff9b:1::a00:1]/", "blocked_address", false],
    ["http://localhost/", "blocked_address", false],
    ["http://localhost./", "blocked_address", false],
    ["http://LOCALHOST/", "blocked_address", false],
    ["http://foo.localhost/", "blocked_address", false],
    ["http://0.0.0.0/", "blocked_address", false],
    ["http://0/", "blocked_address", false],
    ["http://[::]/", "blocked_address", false],
    ["http://169.254.169.254/latest/meta-data/", "blocked_address", false],
    ["http://[::ffff:a9fe:a9fe]/", "blocked_address", false],
    ["http://metadata.google.internal/computeMetadata/v1/", "blocked_address", false],
    ["http://metadata/", "blocked_address", false],
    ["http://[fe80::1]/", "blocked_address", false],
    ["http://10.0.0.1/", "blocked_address", false],
    ["http://172.16.0.1/", "blocked_address", false],
    ["http://192.168.1.1/", "blocked_address", false],
    ["http://100.64.0.1/", "blocked_address", false],
    ["http://224.0.0.1/", "blocked_address", false],
    ["http://255.255.255.255/", "blocked_address", false],
    ["http://198.18.0.1/", "blocked_address", false],
    ["http://192.0.2.1/", "blocked_address", false],
    ["http://[fc00::1]/", "blocked_address", false],
    ["http://[ff02::1]/", "blocked_address", false],
    ["http://[2001:db8::1]/", "blocked_address", false],
    ["http://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/", "blocked_address", false],
    ["http://[2002:7f00:1::]/", "blocked_address", false],
    ["http://example.com:8080/", "blocked_address", false],
    ["https://example.com:8443/", "blocked_address", false],
    ["http://example.com:443/", "blocked_address", false],
    [() => `http://127.0.0.1:${counter.port}/`, "blocked_address", false],
    [() => `http://evil.test:${counter.port}/`, "blocked_address", false],
    ["file:///etc/passwd", "invalid_url", false],
    ["ftp://example.com/", "invalid_url", false],
    ["gopher://127.0.0.1:70/_GET%20/", "invalid_url", false],
    ["javascript:alert(1)", "invalid_url", false],
    ["data:text/html,<h1>x</h1>", "invalid_url", false],
    ["not a url", "invalid_url", false],
    ["http://user:pass@example.com/", "invalid_url", false],
    ["http://user@example.com/", "invalid_url", false],
    [`http://example.com/${"a".repeat(3000)}`, "invalid_url", false],
    ["http://evil.test/", "blocked_address", true],
    ["http://mixed.test/", "blocked_address", true],
    ["https://mixed6.test/", "blocked_address", true],
    ["http://mapped.test/", "blocked_address", true],
    ["http://metadata.test/latest/meta-data/", "blocked_address", true],
    ["http://cgnat.test/", "blocked_address", true],
    ["http://garbage.test/", "blocked_address", true],
  ];

  it("has a table of at least 25 attempts", () => {
    expect(cases.length).toBeGreaterThanOrEqual(25);
  });

  it.each(cases)("refuses %s with %s, without connecting", async (url, reason, resolves) => {
    const lookup = vi.fn(async (hostname: string) => {
      const answer = resolverTable[hostname];
      if (!answer) throw new Error(`unexpected lookup of ${hostname}`);
      return answer;
    });
    const connect = vi.spyOn(net.Socket.prototype, "connect");
    const fetchPage = createPageFetcher({ lookup, timeoutMs: 2000 });

    const target = typeof url === "function" ? url() : url;
    const error = await expectFailure(fetchPage(target), reason);
    if (reason === "blocked_address" && !/:\d+\//.test(target)) {
      expect(error.message).toBe(pageFetchMessages.blocked_address);
    }
    expect(connect).not.toHaveBeenCalled();
    expect(lookup).toHaveBeenCalledTimes(resolves ? 1 : 0);
    expect(counter.connections()).toBe(0);
  });
});
