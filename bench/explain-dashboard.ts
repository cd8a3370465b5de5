/**
 * The dashboard's queries under EXPLAIN (ANALYZE, BUFFERS) on PostgreSQL (TEST_DATABASE_URL), for a user
 * with 10 bicycles, 300 components and 3,000 service entries among 200 other users with the same amount
 * of data (603,000 entries in all), so the plans show index use rather than small-table scans.
 * Run: TEST_DATABASE_URL=... node bench/explain-dashboard.ts
 */
import { randomBytes } from "node:crypto";
import pg from "pg";
import { openDatabase } from "../src/server/db/index.ts";
import { bicycles, components, serviceEntries, session, user } from "../src/server/db/schema.ts";
import { dashboardOfSession } from "../src/server/features/dashboard/service.ts";

const serverUrl = process.env.TEST_DATABASE_URL;
if (!serverUrl) throw new Error("Set TEST_DATABASE_URL (scripts/test-postgres.sh prints it).");
const OTHER_USERS = Number(process.env.OTHER_USERS ?? 200);

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
try {
  async function seedUser(index: number): Promise<string> {
    const id = `user-${index}-${randomBytes(4).toString("hex")}`;
    await database.db.insert(user).values({ id, email: `${id}@example.com`, name: "", emailVerified: true });
    const bikes = await database.db
      .insert(bicycles)
      .values(Array.from({ length: 10 }, (_, i) => ({ userId: id, name: `Bike ${i}` })))
      .returning({ id: bicycles.id });
    const parts = await database.db
      .insert(components)
      .values(
        Array.from({ length: 300 }, (_, i) => ({
          userId: id,
          bicycleId: i % 30 === 0 ? null : bikes[i % 10]!.id,
          name: `Part ${i}`,
          type: "Other",
        })),
      )
      .returning({ id: components.id });
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
      await database.db.insert(serviceEntries).values(entries.slice(i, i + 1000));
    return id;
  }
  const measured = await seedUser(0);
  for (let i = 1; i <= OTHER_USERS; i++) await seedUser(i);
  // The dashboard reads the session of the request's cookie in the same statement (decision 0022).
  const token = randomBytes(16).toString("hex");
  await database.db.insert(session).values({
    id: randomBytes(8).toString("hex"),
    token,
    userId: measured,
    expiresAt: new Date(Date.now() + 86_400_000),
  });
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  await client.query("ANALYZE");
  const warm = await dashboardOfSession(database.db, token); // warm the cache, as a running server's would be
  // Built (the server holds no answer, or an older one) and kept (the answer held is current, decision 0028).
  for (const [label, known] of [
    ["built", undefined],
    ["kept", warm?.answer],
  ] as const) {
    statements.length = 0;
    await dashboardOfSession(database.db, token, known);
    for (const [query, params] of statements) {
      const { rows } = await client.query(`EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${query}`, params);
      console.log(`\n${label}: ${query.replace(/\s+/g, " ").trim()}\n`);
      for (const row of rows) console.log(row["QUERY PLAN"]);
    }
  }
  await client.end();
} finally {
  await database.close();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
}
