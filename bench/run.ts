/**
 * npm run bench: prints each benchmark as a table and writes the figures to bench/results/.
 * Benchmarks report; they never fail on a number.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { benchApiLoad } from "./api-load.ts";
import { benchDashboard } from "./dashboard.ts";
import { benchImportParse } from "./import-parse.ts";
import { benchStartup } from "./startup.ts";

const results: Record<string, unknown> = { date: new Date().toISOString(), node: process.version };

console.log("\nDashboard stats (10 bicycles, 300 components, 3,000 service entries; one request at a time)");
const dashboard = [await benchDashboard("pglite")];
if (process.env.TEST_DATABASE_URL) dashboard.push(await benchDashboard("postgres"));
console.table(dashboard);
results.dashboard = dashboard;

console.log(
  `\nAPI under load: 50 connections, ${process.env.BENCH_SECONDS ?? 10} s per route, 1,000 users seeded`,
);
const load = [...(await benchApiLoad("pglite"))];
if (process.env.TEST_DATABASE_URL)
  load.push(...(await benchApiLoad("postgres", await freshDatabase(process.env.TEST_DATABASE_URL))));
console.table(load);
results.apiLoad = load;

console.log(
  "\nStart-up on an existing database, and resident memory (targets: under 2 s; idle under 150 MB)",
);
const startup = await benchStartup();
console.table([startup]);
results.startup = startup;

console.log("\nImport: parsing pasted spec text in one call (target: 1 MB under 100 ms)");
const parse = benchImportParse();
console.table([parse]);
results.importParse = parse;

mkdirSync("bench/results", { recursive: true });
const file = `bench/results/bench-${Date.now()}.json`;
writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
console.log(`\nFigures written to ${file}`);

/** A new, empty database on the given PostgreSQL server, for the load benchmark. */
async function freshDatabase(serverUrl: string): Promise<string> {
  const { default: pg } = await import("pg");
  const name = `velolog_bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
