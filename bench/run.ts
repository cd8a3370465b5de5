/**
 * npm run bench: prints each benchmark as a table and writes the figures to bench/results/.
 * Benchmarks report; they never fail on a number.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { benchDashboard } from "./dashboard.ts";
import { benchImportParse } from "./import-parse.ts";

const results: Record<string, unknown> = { date: new Date().toISOString(), node: process.version };

console.log("\nDashboard stats (10 bicycles, 300 components, 3,000 service entries; one request at a time)");
const dashboard = [await benchDashboard("pglite")];
if (process.env.TEST_DATABASE_URL) dashboard.push(await benchDashboard("postgres"));
console.table(dashboard);
results.dashboard = dashboard;

console.log("\nImport: parsing pasted spec text in one call (target: 1 MB under 100 ms)");
const parse = benchImportParse();
console.table([parse]);
results.importParse = parse;

mkdirSync("bench/results", { recursive: true });
const file = `bench/results/bench-${Date.now()}.json`;
writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
console.log(`\nFigures written to ${file}`);
