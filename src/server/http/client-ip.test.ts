import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../config.ts";
import { killAll, type StartedServer, startServer } from "../testing/spawn-server.ts";
import { trustedProxyList } from "./client-ip.ts";

/** A wrong-password sign-in as if from `forwardedFor`; the answer's status (401, or 429 once limited). */
async function failedSignIn(server: StartedServer, forwardedFor: string, attempt: number): Promise<number> {
  const response = await fetch(`${server.url}/api/auth/sign-in/email`, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      Origin: "http://localhost:3000",
      "X-Forwarded-For": forwardedFor,
    },
    body: JSON.stringify({ email: `nobody${attempt}@example.com`, password: "wrong-password" }),
  });
  await response.body?.cancel();
  return response.status;
}

const serverWith = (env: Record<string, string>) =>
  startServer({ DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "velolog-ip-")), ...env });

describe("the address rate limits count by", { timeout: 120_000 }, () => {
  afterAll(() => killAll());

  describe("reached directly (no trusted proxy)", () => {
    let server: StartedServer;
    beforeAll(async () => {
      server = await serverWith({});
    }, 60_000);

    it("ignores X-Forwarded-For: a new made-up address per attempt does not escape the sign-in limit", async () => {
      const statuses = [];
      for (let i = 0; i < 5; i++) statuses.push(await failedSignIn(server, `203.0.113.${i + 1}`, i));
      // Better Auth allows 3 sign-in attempts per 10 s from one address.
      expect(statuses).toEqual([401, 401, 401, 429, 429]);
    });
  });

  describe("behind a trusted proxy (TRUSTED_PROXIES=127.0.0.1)", () => {
    let server: StartedServer;
    beforeAll(async () => {
      server = await serverWith({ TRUSTED_PROXIES: "127.0.0.1, 10.0.0.0/8" });
    }, 60_000);

    it("counts each client by the address the proxies report, so one client cannot lock out another", async () => {
      const first = [];
      for (let i = 0; i < 4; i++) first.push(await failedSignIn(server, "198.51.100.7", i));
      expect(first).toEqual([401, 401, 401, 429]);
      // Another client, through two trusted hops: still has its own three attempts.
      expect(await failedSignIn(server, "198.51.100.8, 10.1.2.3", 10)).toBe(401);
      // A client that prepends a made-up address is still counted by the address our proxy saw.
      expect(await failedSignIn(server, "203.0.113.99, 198.51.100.7", 11)).toBe(429);
    });
  });
});

describe("TRUSTED_PROXIES", () => {
  it("takes addresses and CIDR ranges, IPv4 and IPv6", () => {
    const list = trustedProxyList(["127.0.0.1", "10.0.0.0/8", "fd00::/8"]);
    expect(list.check("10.20.30.40", "ipv4")).toBe(true);
    expect(list.check("fd12::1", "ipv6")).toBe(true);
    expect(list.check("11.0.0.1", "ipv4")).toBe(false);
  });

  it("refuses anything else at start-up, naming the setting", () => {
    for (const bad of ["localhost", "10.0.0.0/33", "1.2.3"]) {
      expect(() => loadConfig({ DATA_DIR: os.tmpdir(), TRUSTED_PROXIES: bad })).toThrow(/TRUSTED_PROXIES/);
    }
  });
});
