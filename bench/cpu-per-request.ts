/**
 * Where a route's time goes: CPU milliseconds per request of the server process and of PostgreSQL's
 * processes, under the load benchmark's conditions (same seed, 50 connections). Not part of `npm run bench`.
 *
 *   TEST_DATABASE_URL=... node bench/cpu-per-request.ts            # PostgreSQL (PGlite without a URL)
 *   ROUTES="/api/dashboard,POST /api/components/:part/services" SECONDS=6 node bench/cpu-per-request.ts
 *   CPU_PROFILE=/tmp/prof node bench/cpu-per-request.ts            # also writes the server's .cpuprofile
 *   SERVER_ENTRY=/tmp/velolog-before-12f84a2/build/server/main.js ...  # another build (bench/before.ts)
 *
 * Route placeholders: :bike, :part, :token (the measured user's first bicycle and component, a share link).
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { freshServerBundle, killAll, startServerOnFreePort } from "../src/server/testing/spawn-server.ts";
import { seed } from "./api-load.ts";

const DEFAULT_ROUTES =
  "/api/health,/api/dashboard,/api/bicycles,/api/bicycles/:bike/components,/api/components/:part/services,/api/shared/:token,POST /api/components/:part/services";
const TICK_MS = 1000 / 100; // /proc reports CPU time in clock ticks of 10 ms

/** User plus system CPU time of a process, in clock ticks. */
function cpuTicks(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return Number(fields[11]) + Number(fields[12]);
}

function postgresTicks(): number {
  let pids: number[] = [];
  try {
    pids = execFileSync("pgrep", ["-x", "postgres"]).toString().trim().split(/\s+/).map(Number);
  } catch {
    return 0; // no PostgreSQL running (PGlite runs inside the server process)
  }
  return pids.reduce((sum, pid) => {
    try {
      return sum + cpuTicks(pid);
    } catch {
      return sum; // a connection process that ended meanwhile
    }
  }, 0);
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), "velolog-cpu-"));
const env: Record<string, string> = {
  AUTH_RATE_LIMIT: "off",
  LOG_LEVEL: "warn",
  DATA_DIR: dataDir,
};
if (process.env.TEST_DATABASE_URL) env.DATABASE_URL = process.env.TEST_DATABASE_URL;
if (process.env.CPU_PROFILE) env.NODE_OPTIONS = `--cpu-prof --cpu-prof-dir=${process.env.CPU_PROFILE}`;
const server = await startServerOnFreePort(() => env, process.env.SERVER_ENTRY ?? freshServerBundle());
try {
  const { cookie, bike, part, token } = await seed(server.url, dataDir);
  const headers = { Cookie: cookie, Origin: "http://localhost:3000", "Content-Type": "application/json" };
  const rows = [];
  for (const route of (process.env.ROUTES ?? DEFAULT_ROUTES).split(",")) {
    const [method, template] = route.startsWith("POST ") ? ["POST", route.slice(5)] : ["GET", route];
    const pathname = template.replace(":bike", bike).replace(":part", part).replace(":token", token);
    const [serverBefore, postgresBefore] = [cpuTicks(server.child.pid!), postgresTicks()];
    const result = await autocannon({
      url: server.url + pathname,
      connections: 50,
      duration: Number(process.env.SECONDS ?? 8),
      method: method as "GET" | "POST",
      headers: pathname === "/api/health" ? {} : headers,
      body:
        method === "POST" ? JSON.stringify({ date: "2024-06-01", description: "Load", cost: 1 }) : undefined,
    });
    const requests = result.requests.total;
    const perRequest = (ticks: number) => ((ticks * TICK_MS) / requests).toFixed(3);
    rows.push({
      route,
      rps: Math.round(result.requests.average),
      p99Ms: result.latency.p99,
      errors: result.errors + result.timeouts + result.non2xx,
      serverCpuMs: perRequest(cpuTicks(server.child.pid!) - serverBefore),
      postgresCpuMs: env.DATABASE_URL ? perRequest(postgresTicks() - postgresBefore) : "(in server)",
      bytes: Math.round(result.throughput.total / requests),
    });
  }
  console.table(rows);
} finally {
  server.child.kill("SIGTERM"); // a clean exit, so --cpu-prof writes its file
  await new Promise((resolve) => server.child.once("exit", resolve));
  killAll();
  rmSync(dataDir, { recursive: true, force: true });
}
