import { mkdtempSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { afterEach, describe, expect, it } from "vitest";
import { killAll, sessionCookie, startServer } from "./testing/spawn-server.ts";

afterEach(killAll);

const TWELVE_MB = 12 * 1024 * 1024;

/**
 * A client that sends its whole request before it reads the answer, as many HTTP clients do, and sends
 * at a network's pace rather than loopback's. A connection reset while it sends is its failure.
 */
function sendWholeBodyThenRead(url: string, route: string, headers: Record<string, string>): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname);
    socket.pause(); // nothing is read until the body is sent
    let answer = "";
    socket.on("data", (chunk) => {
      answer += chunk.toString("latin1");
    });
    socket.on("error", reject);
    socket.on("end", () => resolve(answer));
    socket.on("connect", async () => {
      const head = { Host: `${hostname}:${port}`, "Content-Length": String(TWELVE_MB), ...headers };
      socket.write(
        `POST ${route} HTTP/1.1\r\n${Object.entries(head)
          .map(([k, v]) => `${k}: ${v}\r\n`)
          .join("")}\r\n`,
      );
      const chunk = Buffer.alloc(256 * 1024, 0x20);
      for (let sent = 0; sent < TWELVE_MB && !socket.destroyed; sent += chunk.length) {
        socket.write(chunk);
        await sleep(20);
      }
      socket.resume();
    });
  });
}

describe("a body over the limit", () => {
  it("gets its 413 with Connection: close, never a reset connection, on the JSON routes and on uploads", async () => {
    const DATA_DIR = mkdtempSync(path.join(os.tmpdir(), "velolog-oversized-"));
    const server = await startServer({ DATA_DIR });
    expect(server.exitCode, server.output()).toBeNull();
    const cookie = await sessionCookie(server.url, "uploader@example.com", { dataDir: DATA_DIR });
    const routes = [
      ["/api/bicycles", "application/json"],
      ["/api/files", "multipart/form-data; boundary=x"],
    ] as const;
    for (const [route, type] of routes) {
      const headers = { "Content-Type": type, Cookie: cookie, Origin: "http://localhost:3000" };
      const answers = await Promise.all(
        Array.from({ length: 8 }, async () => {
          const response = await fetch(`${server.url}${route}`, {
            method: "POST",
            headers,
            body: new Uint8Array(TWELVE_MB),
          });
          return [response.status, response.headers.get("connection"), (await response.json()).error.code];
        }),
      );
      expect(answers, route).toEqual(Array(8).fill([413, "close", "PAYLOAD_TOO_LARGE"]));

      const answer = await sendWholeBodyThenRead(server.url, route, headers);
      expect(answer, route).toMatch(/^HTTP\/1\.1 413 /);
      expect(answer.toLowerCase(), route).toContain("connection: close");
    }
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
  }, 120_000);
});
