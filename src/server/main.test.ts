import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";

const mainFile = path.join(path.dirname(fileURLToPath(import.meta.url)), "main.ts");
const running = new Set<ChildProcess>();

interface Started {
  child: ChildProcess;
  url: string;
  output: () => string;
}

/** Starts `node src/server/main.ts` on its own port and waits for it to listen (or to exit). */
function start(dataDir: string): Promise<Started & { exitCode: number | null }> {
  const child = spawn(process.execPath, [mainFile], {
    env: { ...process.env, DATA_DIR: dataDir, PORT: "0", LOG_LEVEL: "info", NODE_ENV: "production" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  running.add(child);
  let output = "";
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 45_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /"port":(\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve({ child, url: `http://127.0.0.1:${match[1]}`, output: () => output, exitCode: null });
      }
    };
    child.stdout!.on("data", onData);
    child.stderr!.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.on("exit", (code) => {
      clearTimeout(timer);
      running.delete(child);
      resolve({ child, url: "", output: () => output, exitCode: code });
    });
  });
}

function stopped(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.on("exit", (code) => resolve(code)));
}

afterEach(() => {
  for (const child of running) child.kill("SIGKILL");
  running.clear();
});

async function signUpAndAddBicycle(url: string, email: string) {
  const headers = { "Content-Type": "application/json", Origin: "http://localhost:3000" };
  const signUp = await fetch(`${url}/api/auth/sign-up/email`, {
    method: "POST",
    headers,
    body: JSON.stringify({ email, password: "correct-horse", name: "" }),
  });
  expect(signUp.status).toBe(200);
  const cookie = signUp.headers.getSetCookie()[0]!.split(";")[0]!;
  const created = await fetch(`${url}/api/bicycles`, {
    method: "POST",
    headers: { ...headers, Cookie: cookie },
    body: JSON.stringify({ name: "Survivor" }),
  });
  expect(created.status).toBe(201);
}

async function bicycleNames(url: string, email: string): Promise<string[]> {
  const signIn = await fetch(`${url}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: "http://localhost:3000" },
    body: JSON.stringify({ email, password: "correct-horse" }),
  });
  expect(signIn.status).toBe(200);
  const cookie = signIn.headers.getSetCookie()[0]!.split(";")[0]!;
  const list = (await (await fetch(`${url}/api/bicycles`, { headers: { Cookie: cookie } })).json()) as {
    bicycles: { name: string }[];
  };
  return list.bicycles.map((b) => b.name);
}

describe("npm start on the embedded database", () => {
  it("refuses a second process on the same DATA_DIR, keeps data across restarts, and takes over a stale lock", async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "velolog-start-"));
    const first = await start(dataDir);
    expect(first.exitCode, first.output()).toBeNull();
    expect((await fetch(`${first.url}/api/health`)).status).toBe(200);
    await signUpAndAddBicycle(first.url, "keeper@example.com");

    const second = await start(dataDir);
    expect(second.exitCode).toBe(1);
    expect(second.output()).toContain("is already in use by another Velolog process");

    first.child.kill("SIGTERM");
    expect(await stopped(first.child)).toBe(0);
    expect(existsSync(path.join(dataDir, "velolog.lock"))).toBe(false);

    const third = await start(dataDir);
    expect(third.exitCode, third.output()).toBeNull();
    expect(await bicycleNames(third.url, "keeper@example.com")).toEqual(["Survivor"]);

    third.child.kill("SIGKILL");
    await stopped(third.child);
    expect(existsSync(path.join(dataDir, "velolog.lock"))).toBe(true);

    const fourth = await start(dataDir);
    expect(fourth.exitCode, fourth.output()).toBeNull();
    expect(await bicycleNames(fourth.url, "keeper@example.com")).toEqual(["Survivor"]);
    fourth.child.kill("SIGTERM");
    expect(await stopped(fourth.child)).toBe(0);
  }, 120_000);

  it("refuses to start with a bad variable and names it", async () => {
    const child = spawn(process.execPath, [mainFile], {
      env: { ...process.env, PORT: "eighty", DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "velolog-bad-")) },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    expect(await stopped(child)).toBe(1);
    expect(stderr).toContain("Invalid configuration");
    expect(stderr).toContain("PORT");
  });
});
