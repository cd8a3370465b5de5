import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { Agent, createServer, get as httpGet } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import { exited, killAll, postJson, sessionCookie, startServer } from "./testing/spawn-server.ts";

afterEach(killAll);

describe("shutting down", () => {
  it("answers the probes, then finishes a request in flight at SIGTERM before exiting", async () => {
    const slowPage = createServer((_req, res) => {
      setTimeout(() => {
        res.writeHead(200, { "Content-Type": "text/html" });
        res.end("<table><tr><td>Frame</td><td>Aluminium 6061</td></tr></table>");
      }, 1500);
    });
    await new Promise<void>((resolve) => slowPage.listen(0, "127.0.0.1", resolve));
    try {
      const DATA_DIR = mkdtempSync(path.join(os.tmpdir(), "velolog-shutdown-"));
      const server = await startServer({
        DATA_DIR,
        DANGEROUSLY_ALLOW_LOOPBACK_IMPORTS_FOR_TESTS: "1",
      });
      expect((await fetch(`${server.url}/api/health/live`)).status).toBe(200);
      expect(await (await fetch(`${server.url}/api/health/ready`)).json()).toEqual({ status: "ready" });
      const cookie = await sessionCookie(server.url, "patient@example.com", { dataDir: DATA_DIR });
      const inFlight = postJson(`${server.url}/api/import/url`, cookie, {
        url: `http://127.0.0.1:${(slowPage.address() as AddressInfo).port}/bike`,
      });
      await new Promise((resolve) => setTimeout(resolve, 300));
      server.child.kill("SIGTERM");
      const response = await inFlight;
      expect(response.status).toBe(200);
      // The answer ends its connection, so the stop need not wait out the keep-alive (decision 0055).
      expect(response.headers.get("connection")).toBe("close");
      expect(((await response.json()) as { components: unknown[] }).components).toHaveLength(1);
      expect(await exited(server.child)).toBe(0);
      expect(server.output()).toContain('"msg":"stopped"');
    } finally {
      slowPage.close();
    }
  }, 60_000);
});

describe("keep-alive connections", () => {
  it("keeps an idle connection open past Node's default 5 s, so a client reusing it is not reset", async () => {
    const server = await startServer({ DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "velolog-keepalive-")) });
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const get = () =>
      new Promise<{ status: number; reusedSocket: boolean }>((resolve, reject) => {
        const request = httpGet(`${server.url}/api/health/live`, { agent }, (response) => {
          response.resume();
          response.on("end", () =>
            resolve({ status: response.statusCode!, reusedSocket: request.reusedSocket }),
          );
        });
        request.on("error", reject);
      });
    try {
      expect(await get()).toEqual({ status: 200, reusedSocket: false });
      await new Promise((resolve) => setTimeout(resolve, 6500));
      expect(await get()).toEqual({ status: 200, reusedSocket: true });
    } finally {
      agent.destroy();
    }
  }, 30_000);
});

/**
 * A client writes numbered rows as fast as it can; the server is killed with SIGKILL at a random moment
 * and started again. Every write the API acknowledged must be there, and the database must open.
 */
async function crashRounds(env: Record<string, string>, rounds: number) {
  const acknowledged: string[] = [];
  let cookie = "";
  for (let round = 0; round < rounds; round++) {
    // It signs in once a round; the database-kept sign-in limit would rightly stop that after a few.
    const server = await startServer({ ...env, AUTH_RATE_LIMIT: "off" });
    expect(server.exitCode, server.output()).toBeNull();
    cookie = await sessionCookie(server.url, "writer@example.com", {
      dataDir: env.DATA_DIR!,
      existing: round > 0,
    });

    const list = (await (
      await fetch(`${server.url}/api/components/parts-bin`, { headers: { Cookie: cookie } })
    ).json()) as {
      components: { name: string }[];
    };
    const stored = new Set(list.components.map((c) => c.name));
    const lost = acknowledged.filter((name) => !stored.has(name));
    expect(lost, `round ${round}: acknowledged rows lost`).toEqual([]);

    const killAt = Date.now() + 100 + Math.random() * 400;
    let n = 0;
    const writer = async () => {
      while (Date.now() < killAt + 1000) {
        const name = `row ${round}-${n++}`;
        try {
          const response = await postJson(`${server.url}/api/components`, cookie, { name, type: "Other" });
          if (response.status === 201) acknowledged.push(name);
        } catch {
          return; // the server is gone
        }
      }
    };
    const writers = Promise.all([writer(), writer(), writer()]);
    await new Promise((resolve) => setTimeout(resolve, killAt - Date.now()));
    server.child.kill("SIGKILL");
    await exited(server.child);
    await writers;
  }
  return acknowledged.length;
}

describe("a crash at any moment loses no acknowledged write", () => {
  it("on the embedded database, 20 times", async () => {
    const written = await crashRounds(
      { DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "velolog-crash-")) },
      20,
    );
    expect(written).toBeGreaterThan(100);
  }, 240_000);

  const postgresUrl = process.env.TEST_DATABASE_URL;
  it.skipIf(!postgresUrl)(
    `on PostgreSQL, 20 times${postgresUrl ? "" : " (skipped: TEST_DATABASE_URL not set)"}`,
    async () => {
      const name = `velolog_crash_${randomBytes(4).toString("hex")}`;
      const admin = new pg.Client({ connectionString: postgresUrl });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name}`);
      try {
        const url = new URL(postgresUrl!);
        url.pathname = `/${name}`;
        const written = await crashRounds(
          {
            DATABASE_URL: url.toString(),
            DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "velolog-crash-pg-")),
          },
          20,
        );
        expect(written).toBeGreaterThan(100);
      } finally {
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.end();
      }
    },
    240_000,
  );
});
