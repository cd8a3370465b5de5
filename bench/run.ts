/**
 * npm run bench: prints each benchmark as a table and writes the figures to bench/results/.
 * Benchmarks report; they never fail on a number. `node bench/run.ts <section>` runs one section
 * (dashboard, api, rides, queries, startup, import, frontend).
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { benchApiLoad } from "./api-load.ts";
import { benchBareFloor } from "./bare-floor.ts";
import { beforeServerBundle } from "./before.ts";
import { benchDashboard } from "./dashboard.ts";
import { benchFrontend } from "./frontend.ts";
import { benchImageProcessing } from "./image-processing.ts";
import { benchImportParse } from "./import-parse.ts";
import { benchQueries } from "./queries.ts";
import { benchRidesScale } from "./rides-scale.ts";
import { benchStartup } from "./startup.ts";

const results: Record<string, unknown> = { date: new Date().toISOString(), node: process.version };
const only = process.argv[2];
const startedAt = performance.now();
const sectionSeconds: Record<string, number> = {};
let sectionStart = startedAt;
let current = "";
/** Whether to run the named section; also closes the timing of the one before it. */
const section = (name: string) => {
  closeSection();
  if (only && only !== name) return false;
  current = name;
  return true;
};
function closeSection() {
  const now = performance.now();
  if (current) sectionSeconds[current] = Math.round((now - sectionStart) / 100) / 10;
  current = "";
  sectionStart = now;
}

if (section("dashboard")) {
  console.log(
    "\nDashboard stats (10 bicycles, 300 components, 3,000 service entries; one request at a time)",
  );
  const dashboard = [await benchDashboard("pglite")];
  if (process.env.TEST_DATABASE_URL) dashboard.push(await benchDashboard("postgres"));
  console.table(dashboard);
  results.dashboard = dashboard;
}

if (section("api")) {
  console.log(
    `\nAPI under load: 50 connections, ${process.env.BENCH_SECONDS ?? 10} s per route, 1,000 users seeded`,
  );
  const load = [...(await benchApiLoad("pglite"))];
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    load.push(...(await benchApiLoad("postgres", await freshDatabase(serverUrl))));
    // The server before decision 0031, in the same run, so the cost of the plain data path shows.
    const before = beforeServerBundle();
    if (before)
      load.push(
        ...(await benchApiLoad("postgres", await freshDatabase(serverUrl), {
          name: "before",
          entry: before,
        })),
      );
  }
  console.table(load);
  console.log(
    "Targets (PostgreSQL, now): every read and the new service entry p99 under 30 ms with no errors; reads at least 15% of /api/health/live",
  );
  results.apiLoad = load;
  if (process.env.TEST_DATABASE_URL) {
    console.log(
      "\nThe bare floor: Hono with nothing of ours, no database against one `select $1` per request (PostgreSQL)",
    );
    const bare = await benchBareFloor(process.env.TEST_DATABASE_URL);
    console.table(bare);
    results.bareFloor = bare;
  }
}

if (section("rides")) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  console.log(
    `\nRides at scale: 50 bicycles, 500 components, 10,000 rides; 50 connections, half the API section's seconds per route (${serverUrl ? "PostgreSQL" : "PGlite"})`,
  );
  const scale = serverUrl
    ? await benchRidesScale("postgres", await freshDatabase(serverUrl))
    : await benchRidesScale("pglite");
  console.table(scale.routes);
  console.log("Targets (PostgreSQL): the bicycle page, component page and dashboard p99 under 30 ms");
  console.log("\nRide-file import: a 50 MB batch of GPX and FIT files, one file per request");
  console.table([scale.rideImport]);
  results.ridesScale = scale;
}

if (section("queries")) {
  console.log(
    "\nSQL statements per request (session check included), at two data sizes (target: constant, at most two for a read)",
  );
  const queries = await benchQueries();
  console.log(queries.sizes.join("\n"));
  console.table(queries.table);
  results.queries = queries;
}

if (section("startup")) {
  console.log(
    "\nStart-up on an existing database (target: under 2 s), and resident memory (reported; PGlite itself holds about 130 MB)",
  );
  const startup = await benchStartup();
  console.table([startup]);
  results.startup = startup;
}

if (section("import")) {
  console.log("\nImport: parsing pasted spec text in one call (target: 1 MB under 100 ms)");
  const parse = benchImportParse();
  console.table([parse]);
  results.importParse = parse;
  console.log(
    "\nServer image processing: a 12-megapixel JPEG turned upright, resized and re-encoded as WebP",
  );
  const image = await benchImageProcessing();
  console.table([image]);
  results.imageProcessing = image;
}

if (section("frontend")) {
  console.log(
    "\nFront end: gzipped JavaScript and CSS loaded on a first visit, signed out (target: landing at most 100 KB of JS)",
  );
  const frontend = await benchFrontend();
  console.table(frontend.firstVisits);
  console.log(
    "\nLighthouse mobile (targets: performance 95 landing, 90 demo and signed-in dashboard and bicycle; accessibility 100; best practices 95; SEO 100; CLS 0)",
  );
  console.table(frontend.lighthouse);
  results.frontend = frontend;
}

closeSection();
results.seconds = { ...sectionSeconds, total: Math.round((performance.now() - startedAt) / 100) / 10 };
console.log("\nSeconds per section (the whole report must finish within 10 minutes)");
console.table([results.seconds]);

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
