/**
 * API under load: a real server process (PGlite, or PostgreSQL when given a URL), seeded through the API
 * with 1,000 users and one measured user holding 10 bicycles, 300 components, 3,000 service entries and
 * 20 share links; then autocannon at 50 connections on each route. Figures only: no pass or fail.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import {
  confirmTestCheckout,
  freshServerBundle,
  killAll,
  postJson,
  sessionCookie,
  startServerOnFreePort,
} from "../src/server/testing/spawn-server.ts";

export interface RouteFigures {
  database: string;
  /** "now", or "before" for the server as it was before decision 0031 (bench/before.ts). */
  build: string;
  route: string;
  rps: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  non2xx: number;
  /** /api/health's throughput in the run just before this route's. */
  healthRps: number;
  vsHealth: string;
  /**
   * The ratio to /api/health/live, measured once after /api/health: the framework with no database work at
   * all (/api/health itself reads the database once, `select 1`, to report its state).
   */
  vsLive: string;
}

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 50;
const HEALTH_SECONDS = Math.max(1, Math.round(SECONDS / 2));

async function inBatches<T>(items: T[], size: number, run: (item: T) => Promise<unknown>) {
  for (let i = 0; i < items.length; i += size) await Promise.all(items.slice(i, i + size).map(run));
}

export async function seed(url: string, dataDir: string) {
  const others = Array.from(
    { length: 999 },
    (_, i) => `other-${i}-${randomBytes(3).toString("hex")}@example.com`,
  );
  await inBatches(others, 8, (email) => sessionCookie(url, email, { dataDir }));
  const cookie = await sessionCookie(url, `measured-${randomBytes(3).toString("hex")}@example.com`, {
    dataDir,
  });
  await confirmTestCheckout(url, cookie);
  const bikes: string[] = [];
  for (let i = 0; i < 10; i++) {
    const created = (await (await postJson(`${url}/api/bicycles`, cookie, { name: `Bike ${i}` })).json()) as {
      bicycle: { id: string };
    };
    bikes.push(created.bicycle.id);
  }
  const parts: string[] = [];
  await inBatches(
    Array.from({ length: 300 }, (_, i) => i),
    10,
    async (i) => {
      const response = await postJson(`${url}/api/components`, cookie, {
        name: `Part ${i}`,
        type: "Other",
        bicycleId: bikes[i % 10],
      });
      parts.push(((await response.json()) as { component: { id: string } }).component.id);
    },
  );
  await inBatches(
    Array.from({ length: 3000 }, (_, i) => i),
    20,
    (i) =>
      postJson(`${url}/api/components/${parts[i % 300]}/services`, cookie, {
        date: `2024-${String((i % 12) + 1).padStart(2, "0")}-${String((i % 28) + 1).padStart(2, "0")}`,
        description: `Service ${i}`,
        cost: 12.34,
      }),
  );
  let token = "";
  for (let i = 0; i < 20; i++) {
    const shared = (await (
      await postJson(`${url}/api/bicycles/${bikes[i % 10]}/share`, cookie, {})
    ).json()) as { link: { token: string } };
    token = shared.link.token;
  }
  return { cookie, bike: bikes[0]!, part: parts[0]!, token };
}

function run(url: string, options: Partial<autocannon.Options>): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: CONNECTIONS, ...options }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
  });
}

export async function benchApiLoad(
  database: "pglite" | "postgres",
  postgresUrl?: string,
  build: { name: string; entry: string } = { name: "now", entry: freshServerBundle() },
): Promise<RouteFigures[]> {
  const env: Record<string, string> = {
    AUTH_RATE_LIMIT: "off",
    LOG_LEVEL: "warn",
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "velolog-bench-")),
  };
  if (postgresUrl) env.DATABASE_URL = postgresUrl;
  const server = await startServerOnFreePort(() => env, build.entry);
  if (!server.url) throw new Error(`server did not start: ${server.output()}`);
  try {
    const seedStart = performance.now();
    const { cookie, bike, part, token } = await seed(server.url, env.DATA_DIR!);
    console.log(
      `${database} (${build.name}): seeded in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`,
    );
    const headers = { Cookie: cookie, Origin: "http://localhost:3000", "Content-Type": "application/json" };
    const routes: [string, Partial<autocannon.Options>][] = [
      ["GET /api/health", {}],
      ["GET /api/health/live", {}],
      ["GET /api/dashboard", { headers }],
      ["GET /api/bicycles", { headers }],
      [`GET /api/bicycles/${bike}`, { headers }],
      [`GET /api/bicycles/${bike}/components`, { headers }],
      ["GET /api/components/parts-bin", { headers }],
      [`GET /api/components/${part}/services`, { headers }],
      [`GET /api/shared/${token}`, {}],
      [
        `POST /api/components/${part}/services`,
        {
          method: "POST",
          headers,
          body: JSON.stringify({ date: "2024-06-01", description: "Load", cost: 1 }),
        },
      ],
    ];
    // The machine's speed drifts over minutes (on this VM, health alone has measured 3,800 to 11,500 rps
    // in different runs), so each route is compared with a health run just before it, not with one at the
    // start: the ratio is then of two runs seconds apart.
    const measure = async (route: string, options: Partial<autocannon.Options>, duration = SECONDS) => {
      const [method, pathname] = route.split(" ") as [string, string];
      return run(`${server.url}${pathname}`, { method: method as "GET" | "POST", duration, ...options });
    };
    const figures: RouteFigures[] = [];
    let liveRps = 0;
    for (const [route, options] of routes) {
      const isHealth = route === "GET /api/health";
      const floor = isHealth ? 0 : (await measure("GET /api/health", {}, HEALTH_SECONDS)).requests.average;
      const result = await measure(route, options);
      const rps = Math.round(result.requests.average);
      const health = isHealth ? rps : Math.round(floor);
      if (route === "GET /api/health/live") liveRps = rps;
      figures.push({
        database,
        build: build.name,
        route: route.replace(/[0-9a-f-]{36}|[A-Za-z0-9_-]{32}/g, ":id"),
        rps,
        p50Ms: result.latency.p50,
        p99Ms: result.latency.p99,
        errors: result.errors + result.timeouts,
        non2xx: result.non2xx,
        healthRps: health,
        vsHealth: `${Math.round((rps / health) * 100)}%`,
        vsLive: liveRps ? `${Math.round((rps / liveRps) * 100)}%` : "",
      });
    }
    return figures;
  } finally {
    killAll();
  }
}
