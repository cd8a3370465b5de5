import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { exited, killAll, postJson, sessionCookie, startServer } from "./testing/spawn-server.ts";

afterEach(killAll);

async function bicycleNames(url: string, email: string, dataDir: string): Promise<string[]> {
  const cookie = await sessionCookie(url, email, { dataDir, existing: true });
  const list = (await (await fetch(`${url}/api/bicycles`, { headers: { Cookie: cookie } })).json()) as {
    bicycles: { name: string }[];
  };
  return list.bicycles.map((b) => b.name);
}

describe("npm start on the embedded database", () => {
  it("refuses a second process on the same DATA_DIR, keeps data across restarts, and takes over a stale lock", async () => {
    const DATA_DIR = mkdtempSync(path.join(os.tmpdir(), "velolog-start-"));
    const first = await startServer({ DATA_DIR });
    expect(first.exitCode, first.output()).toBeNull();
    expect((await fetch(`${first.url}/api/health`)).status).toBe(200);
    const cookie = await sessionCookie(first.url, "keeper@example.com", { dataDir: DATA_DIR });
    expect((await postJson(`${first.url}/api/bicycles`, cookie, { name: "Survivor" })).status).toBe(201);

    const second = await startServer({ DATA_DIR });
    expect(second.exitCode).toBe(1);
    expect(second.output()).toContain("is already in use by another Velolog process");

    first.child.kill("SIGTERM");
    expect(await exited(first.child)).toBe(0);
    expect(existsSync(path.join(DATA_DIR, "velolog.lock"))).toBe(false);

    const third = await startServer({ DATA_DIR });
    expect(third.exitCode, third.output()).toBeNull();
    expect(await bicycleNames(third.url, "keeper@example.com", DATA_DIR)).toEqual(["Survivor"]);

    third.child.kill("SIGKILL");
    await exited(third.child);
    expect(existsSync(path.join(DATA_DIR, "velolog.lock"))).toBe(true);

    const fourth = await startServer({ DATA_DIR });
    expect(fourth.exitCode, fourth.output()).toBeNull();
    expect(await bicycleNames(fourth.url, "keeper@example.com", DATA_DIR)).toEqual(["Survivor"]);
    fourth.child.kill("SIGTERM");
    expect(await exited(fourth.child)).toBe(0);
  }, 120_000);

  it("warns at start-up while billing is in test mode, and not with BILLING_MODE=off", async () => {
    const warning = "Billing is in test mode: any signed-in user can make themselves Premium";
    const testMode = await startServer({ DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "velolog-billing-")) });
    expect(testMode.exitCode, testMode.output()).toBeNull();
    expect(testMode.output()).toContain(warning);
    testMode.child.kill("SIGTERM");
    await exited(testMode.child);

    const off = await startServer({
      DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "velolog-billing-")),
      BILLING_MODE: "off",
    });
    expect(off.exitCode, off.output()).toBeNull();
    expect(off.output()).not.toContain(warning);
    off.child.kill("SIGTERM");
    await exited(off.child);

    const bad = await startServer({
      DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "velolog-billing-")),
      BILLING_MODE: "free",
    });
    expect(bad.exitCode).toBe(1);
    expect(bad.output()).toContain("BILLING_MODE: must be test, stripe or off");
  }, 60_000);

  it("takes over a stale lock whose pid now belongs to another process, and still refuses a live server's", async () => {
    const DATA_DIR = mkdtempSync(path.join(os.tmpdir(), "velolog-reused-pid-"));
    const crashed = await startServer({ DATA_DIR });
    expect(crashed.exitCode, crashed.output()).toBeNull();
    crashed.child.kill("SIGKILL");
    await exited(crashed.child);
    const lockFile = path.join(DATA_DIR, "velolog.lock");
    // The crashed server's pid is reused by an unrelated process (a Node one, the hardest to tell apart).
    const unrelated = spawn(process.execPath, ["-e", "setInterval(() => {}, 1000)"], { stdio: "ignore" });
    try {
      const [, ...rest] = readFileSync(lockFile, "utf8").split(" ");
      writeFileSync(lockFile, [String(unrelated.pid), ...rest].join(" "));

      const started = await startServer({ DATA_DIR });
      expect(started.exitCode, started.output()).toBeNull();
      expect(unrelated.exitCode).toBeNull(); // taken over, not killed
      const second = await startServer({ DATA_DIR });
      expect(second.exitCode).toBe(1);
      expect(second.output()).toContain("is already in use by another Velolog process");
      started.child.kill("SIGTERM");
      expect(await exited(started.child)).toBe(0);
      expect(existsSync(lockFile)).toBe(false);
    } finally {
      unrelated.kill("SIGKILL");
    }
  }, 120_000);

  it("refuses to start with a bad variable and names it", async () => {
    const started = await startServer({
      PORT: "eighty",
      DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "velolog-bad-")),
    });
    expect(started.exitCode).toBe(1);
    expect(started.output()).toContain("Invalid configuration");
    expect(started.output()).toContain("PORT");
  });
});
