/**
 * The query plans of the hot routes' statements under EXPLAIN (ANALYZE, BUFFERS) on PostgreSQL
 * (TEST_DATABASE_URL), for a user with 10 bicycles, 300 components and 3,000 service entries among
 * OTHER_USERS (default 50) other users with as much data, so the plans show index use rather than scans of
 * small tables. The services are called as the routes call them; the session look-up (the auth library's,
 * by the session's unique token) is the same for every route and left out.
 * Run: TEST_DATABASE_URL=... node bench/explain.ts
 */
import { randomBytes } from "node:crypto";
import pg from "pg";
import { openDatabase } from "../src/server/db/index.ts";
import {
  bicycles,
  componentInstallations,
  components,
  serviceEntries,
  user,
} from "../src/server/db/schema.ts";
import { getBicycle, listBicycles } from "../src/server/features/bicycles/service.ts";
import { listBicycleComponents, listPartsBin } from "../src/server/features/components/service.ts";
import { dashboardStats } from "../src/server/features/dashboard/service.ts";
import { listComponentServices } from "../src/server/features/services/service.ts";
import { createShare, viewShare } from "../src/server/features/shares/service.ts";

const serverUrl = process.env.TEST_DATABASE_URL;
if (!serverUrl) throw new Error("Set TEST_DATABASE_URL (scripts/test-postgres.sh prints it).");
const OTHER_USERS = Number(process.env.OTHER_USERS ?? 50);

const name = `velolog_explain_${randomBytes(4).toString("hex")}`;
const admin = new pg.Client({ connectionString: serverUrl });
await admin.connect();
await admin.query(`CREATE DATABASE ${name}`);
const url = new URL(serverUrl);
url.pathname = `/${name}`;
const statements: [string, unknown[]][] = [];
const database = await openDatabase(
  { kind: "postgres", url: url.toString() },
  {
    // drizzle's logger also passes the parameters, which the option's type leaves out.
    onQuery: ((query: string, params: unknown[]) => {
      statements.push([query, params]);
    }) as unknown as (sql: string) => void,
  },
);
const { db } = database;

async function seedUser(index: number) {
  const id = `user-${index}-${randomBytes(4).toString("hex")}`;
  await db.insert(user).values({ id, email: `${id}@example.com`, name: "", emailVerified: true });
  const bikes = await db
    .insert(bicycles)
    .values(Array.from({ length: 10 }, (_, i) => ({ userId: id, name: `Bike ${i}` })))
    .returning({ id: bicycles.id });
  const parts = await db
    .insert(components)
    .values(
      Array.from({ length: 300 }, (_, i) => ({
        userId: id,
        bicycleId: i % 30 === 0 ? null : bikes[i % 10]!.id,
        name: `Part ${i}`,
        type: "Other",
      })),
    )
    .returning({ id: components.id, bicycleId: components.bicycleId });
  // One installation period per part since before its entries, as creating a part through the API records.
  await db.insert(componentInstallations).values(
    parts.map((part) => ({
      userId: id,
      componentId: part.id,
      bicycleId: part.bicycleId,
      startedAt: new Date("2023-01-01T00:00:00Z"),
    })),
  );
  const entries = parts.flatMap((part, i) =>
    Array.from({ length: 10 }, (_, k) => ({
      userId: id,
      componentId: part.id,
      date: `2024-${String((k % 12) + 1).padStart(2, "0")}-${String((i % 28) + 1).padStart(2, "0")}`,
      description: "Serviced",
      cost: "12.34",
    })),
  );
  for (let i = 0; i < entries.length; i += 1000)
    await db.insert(serviceEntries).values(entries.slice(i, i + 1000));
  return { id, bike: bikes[1]!.id, part: parts[1]!.id };
}

try {
  const measured = await seedUser(0);
  for (let i = 1; i <= OTHER_USERS; i++) await seedUser(i);
  const link = await createShare(db, measured.id, measured.bike, {
    includeCosts: true,
    includeSerialNumber: false,
    notes: null,
  });
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  await client.query("ANALYZE");
  const routes: [string, () => Promise<unknown>][] = [
    ["GET /api/dashboard", () => dashboardStats(db, measured.id, "test")],
    ["GET /api/bicycles", () => listBicycles(db, measured.id)],
    ["GET /api/bicycles/:id", () => getBicycle(db, measured.id, measured.bike)],
    ["GET /api/bicycles/:id/components", () => listBicycleComponents(db, measured.id, measured.bike)],
    ["GET /api/components/parts-bin", () => listPartsBin(db, measured.id)],
    ["GET /api/components/:id/services", () => listComponentServices(db, measured.id, measured.part)],
    ["GET /api/shared/:token", () => viewShare(db, link.token)],
  ];
  for (const [route, call] of routes) {
    await call(); // warm PostgreSQL's cache, as a running server's would be
    statements.length = 0;
    await call();
    console.log(`\n## ${route}`);
    for (const [query, params] of statements) {
      const { rows } = await client.query(`EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${query}`, params);
      console.log(`\n${query.replace(/\s+/g, " ").trim()}\n`);
      for (const row of rows) console.log(row["QUERY PLAN"]);
    }
  }
  await client.end();
} finally {
  await database.close();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
}
