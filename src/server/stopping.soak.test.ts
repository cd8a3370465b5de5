import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { freePort } from "./testing/ports.ts";
import { freshServerBundle } from "./testing/spawn-server.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
const started: ChildProcess[] = [];

afterEach(() => {
  // Each child leads its own process group: whatever it started goes with it.
  for (const child of started.splice(0)) {
    try {
      process.kill(-child.pid!, "SIGKILL");
    } catch {
      // already gone
    }
  }
});

/** A server started the way an operator starts one (detached: its own process group), with a fresh DATA_DIR. */
async function launch(command: string, args: string[]) {
  const DATA_DIR = mkdtempSync(path.join(os.tmpdir(), "velolog-stopping-"));
  const port = await freePort();
  const child = spawn(command, args, {
    cwd: root,
    detached: true,
    env: {
      ...process.env,
      PATH: `${path.dirname(process.execPath)}:${process.env.PATH}`,
      DATA_DIR,
      PORT: String(port),
      PUBLIC_URL: "http://localhost:3000",
      NODE_ENV: "production",
      LOG_LEVEL: "info",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  started.push(child);
  let output = "";
  for (const stream of [child.stdout!, child.stderr!]) {
    stream.on("data", (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-20_000);
    });
  }
  const url = `http://127.0.0.1:${port}`;
  for (let waited = 0; !(await answers(url)); waited++) {
    if (child.exitCode !== null || waited > 900) throw new Error(`the server did not start:\n${output}`);
    await sleep(200);
  }
  return { child, url, lock: path.join(DATA_DIR, "velolog.lock") };
}

const answers = (url: string) =>
  fetch(`${url}/api/health`).then(
    (response) => response.ok,
    () => false,
  );

/**
 * Whether, within the graceful-shutdown time (10 s), the signalled process has ended (npm ends when the
 * server it runs does), the port no longer answers and the data directory's lock is released.
 */
async function stoppedWithinShutdownTime(signalled: ChildProcess, url: string, lock: string) {
  for (let waited = 0; waited < 50; waited++) {
    const ended = signalled.exitCode !== null || signalled.signalCode !== null;
    if (ended && !(await answers(url)) && !existsSync(lock)) return true;
    await sleep(200);
  }
  return false;
}

describe("stopping the server", () => {
  it("ends a server started with npm start when the npm process gets SIGTERM", async () => {
    const { child: npm, url, lock } = await launch("npm", ["start"]);
    npm.kill("SIGTERM"); // the npm process only, as a supervisor that knows only its own child does
    expect(await stoppedWithinShutdownTime(npm, url, lock)).toBe(true);
  }, 300_000);

  it("ends on SIGTERM to the server process itself, also when no one reads its log output any more", async () => {
    const { child: server, url, lock } = await launch(process.execPath, [freshServerBundle()]);
    // The supervisor stops reading the logs (it is going away); requests keep adding lines to them.
    server.stdout!.pause();
    for (let i = 0; i < 3000; i++) await answers(url);
    server.kill("SIGTERM");
    expect(await stoppedWithinShutdownTime(server, url, lock)).toBe(true);
  }, 300_000);
});
