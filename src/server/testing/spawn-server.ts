import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { lastLinkTo } from "./outbox.ts";
import { freePort } from "./ports.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..", "..");
/** The server's source entry: what the unit and process tests run (no build needed). */
export const SOURCE_SERVER = path.join(root, "src", "server", "main.ts");
/** The bundle `npm run build` writes (decision 0031): what `npm start`, the journeys and the benchmarks run. */
export const BUILT_SERVER = path.join(root, "build", "server", "main.js");
const running = new Set<ChildProcess>();
let bundledThisProcess = false;

/**
 * Bundles the server from the current sources (the last step of `npm run build`), once per process, and
 * returns the bundle's entry: tests and benchmarks run what `npm start` runs, never a bundle left over from
 * older sources.
 */
export function freshServerBundle(): string {
  if (!bundledThisProcess) {
    execFileSync(process.execPath, [path.join(root, "scripts", "build-server.ts")], { stdio: "ignore" });
    bundledThisProcess = true;
  }
  return BUILT_SERVER;
}

export interface StartedServer {
  child: ChildProcess;
  /** Empty when the process exited instead of listening. */
  url: string;
  exitCode: number | null;
  output: () => string;
}

/**
 * Starts the server (`node src/server/main.ts`, or the built bundle) on a port of its own and waits for it
 * to listen (or to exit). With PORT given (and quiet logs), it waits for the health check to answer
 * instead of the start line.
 */
export function startServer(
  env: Record<string, string>,
  entry: string = SOURCE_SERVER,
): Promise<StartedServer> {
  // The same Node options as `npm start` (a smaller young generation).
  const child = spawn(process.execPath, ["--max-semi-space-size=16", entry], {
    env: {
      ...process.env,
      PORT: "0",
      PUBLIC_URL: "http://localhost:3000",
      LOG_LEVEL: "info",
      NODE_ENV: "production",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  running.add(child);
  let output = "";
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 45_000);
    if (env.PORT && env.PORT !== "0") {
      const url = `http://127.0.0.1:${env.PORT}`;
      const poll = setInterval(async () => {
        const healthy = await fetch(`${url}/api/health`).then(
          (r) => r.ok,
          () => false,
        );
        if (healthy) {
          clearInterval(poll);
          clearTimeout(timer);
          resolve({ child, url, output: () => output, exitCode: null });
        }
      }, 200);
      child.on("exit", () => clearInterval(poll));
    }
    child.stdout!.on("data", (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-20_000); // the latest lines are the telling ones
      const match = /"port":(\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve({ child, url: `http://127.0.0.1:${match[1]}`, output: () => output, exitCode: null });
      }
    });
    child.stderr!.on("data", (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-20_000);
    });
    child.on("exit", (code) => {
      clearTimeout(timer);
      running.delete(child);
      resolve({ child, url: "", output: () => output, exitCode: code });
    });
  });
}

/**
 * Starts a server on a port known before it starts (for settings that name it, such as PUBLIC_URL, and
 * for quiet logs, which do not print the port). Another process can take the port between the probe and
 * the server's listen; then it starts again on another one.
 */
export async function startServerOnFreePort(
  envFor: (url: string) => Record<string, string>,
  entry: string = SOURCE_SERVER,
): Promise<StartedServer> {
  for (let attempt = 1; ; attempt++) {
    const port = String(await freePort());
    const server = await startServer({ ...envFor(`http://127.0.0.1:${port}`), PORT: port }, entry);
    const portTaken = server.url === "" && server.output().includes("EADDRINUSE");
    if (!portTaken || attempt === 3) return server;
  }
}

export function exited(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.on("exit", (code) => resolve(code)));
}

/** Kills whatever a test left running (call from afterEach). */
export function killAll(): void {
  for (const child of running) child.kill("SIGKILL");
  running.clear();
}

const ORIGIN = { Origin: "http://localhost:3000" };

/**
 * A session for `email` on a started server: sign in when `existing`, else sign up and open the emailed
 * verification link from the server's outbox (in `dataDir`), as a user would.
 */
export async function sessionCookie(
  url: string,
  email: string,
  options: { dataDir: string; existing?: boolean },
): Promise<string> {
  const cookieOf = (response: Response) => response.headers.getSetCookie()[0]?.split(";")[0] ?? "";
  if (options.existing) {
    const response = await fetch(`${url}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "Content-Type": "application/json", ...ORIGIN },
      body: JSON.stringify({ email, password: "correct-horse" }),
    });
    if (response.status !== 200) throw new Error(`sign-in failed: ${response.status}`);
    return cookieOf(response);
  }
  const response = await fetch(`${url}/api/auth/sign-up/email`, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...ORIGIN },
    body: JSON.stringify({ email, password: "correct-horse", name: "" }),
  });
  if (response.status !== 200) throw new Error(`sign-up failed: ${response.status}`);
  const link = lastLinkTo(options.dataDir, email, "/api/auth/verify-email");
  if (!link) throw new Error(`no verification mail for ${email}`);
  const verified = await fetch(`${url}${new URL(link).pathname}${new URL(link).search}`, {
    redirect: "manual",
  });
  const cookie = cookieOf(verified);
  if (!cookie) throw new Error(`verification gave no session: ${verified.status}`);
  return cookie;
}

/** Premium for the signed-in user of a started server in billing test mode: one test checkout, confirmed. */
export async function confirmTestCheckout(url: string, cookie: string): Promise<Response> {
  const checkout = (await (await postJson(`${url}/api/billing/checkout`, cookie, {})).json()) as {
    url: string;
  };
  const checkoutId = new URL(checkout.url, url).searchParams.get("id");
  return postJson(`${url}/api/billing/test/confirm`, cookie, { checkoutId });
}

export function postJson(url: string, cookie: string, body: unknown): Promise<Response> {
  return fetch(url, {
    method: "POST",
    headers: { "Content-Type": "application/json", Cookie: cookie, ...ORIGIN },
    body: JSON.stringify(body),
  });
}
