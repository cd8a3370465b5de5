import { mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { acquireDataDirLock } from "./lock.ts";
import { scheduleMaintenance } from "./pglite-maintenance.ts";
import * as schema from "./schema.ts";

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface OpenDatabase {
  db: Database;
  kind: "pglite" | "postgres";
  close: () => Promise<void>;
}

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), "migrations");
const MIGRATION_LOCK_KEY = 7_415_228_001; // any constant; serialises migrations across processes

export type DatabaseTarget =
  | { kind: "postgres"; url: string; poolSize?: number }
  | { kind: "pglite"; dataDir: string }
  | { kind: "pglite-memory"; loadDataDir?: Blob };

export interface DatabaseOptions {
  /** Called with every SQL statement the application sends (used to count queries per request). */
  onQuery?: (sql: string) => void;
  /** An idle PostgreSQL connection failed (e.g. the server restarted); the pool replaces it. */
  onIdleConnectionError?: (error: Error) => void;
  /** The embedded database's routine VACUUM or ANALYZE failed (logged; the next check tries again). */
  onMaintenanceError?: (error: unknown) => void;
  /** When the embedded database's first, full maintenance runs (default: a minute after opening). */
  firstMaintenanceAfterMs?: number;
  /** How often it then checks which tables are due (default: every minute, like autovacuum). */
  maintenanceEveryMs?: number;
}

/** Opens the database, applies the committed migrations, and returns it with a close function. */
export async function openDatabase(
  target: DatabaseTarget,
  options: DatabaseOptions = {},
): Promise<OpenDatabase> {
  const logger = options.onQuery ? { logQuery: options.onQuery } : false;
  if (target.kind === "postgres") {
    return openPostgres(target.url, target.poolSize ?? 10, logger, options.onIdleConnectionError);
  }
  return target.kind === "pglite"
    ? openPglite(target.dataDir, logger, options)
    : openPglite(undefined, logger, options, target.loadDataDir);
}

/**
 * Postgres' shared memory inside PGlite's WebAssembly memory, all of it touched at start (decision 0031).
 * The defaults (128 MB of shared buffers, 4 MB of WAL buffers, lock tables and process slots for 100
 * connections) are sized for a server with many connections; PGlite has one backend, no WAL senders and no
 * autovacuum workers, and its files sit in the operating system's page cache anyway, so a small cache costs
 * a read call on a miss, not a disk read (8 MB against 16 MB: no difference in the benchmark's CPU per
 * request). About 140 MB off the resident memory of the server.
 */
const MEMORY_PARAMS = [
  "-c",
  "shared_buffers=8MB",
  "-c",
  "wal_buffers=1MB",
  "-c",
  "max_connections=8",
  "-c",
  "max_wal_senders=0",
  "-c",
  "autovacuum_worker_slots=1", // PostgreSQL 18 sizes autovacuum's process slots by this, not by the next
  "-c",
  "autovacuum_max_workers=1",
];

type QueryLogger = { logQuery: (sql: string) => void } | false;

async function openPglite(
  dataDir: string | undefined,
  logger: QueryLogger,
  options: DatabaseOptions = {},
  loadDataDir?: Blob,
): Promise<OpenDatabase> {
  let release = () => {};
  let client: PGlite;
  if (dataDir) {
    mkdirSync(dataDir, { recursive: true });
    release = acquireDataDirLock(dataDir);
    try {
      // PGlite starts Postgres with fsync off (-F); on costs nothing measurable here (decision 0010).
      const startParams = [...PGlite.defaultStartParams.filter((param) => param !== "-F"), ...MEMORY_PARAMS];
      client = await PGlite.create(path.join(dataDir, "pglite"), { startParams });
    } catch (error) {
      release();
      throw error;
    }
  } else {
    client = await PGlite.create({
      startParams: [...PGlite.defaultStartParams, ...MEMORY_PARAMS],
      loadDataDir,
    });
  }
  const db = drizzlePglite({ client, schema, casing: "snake_case", logger });
  await migratePglite(db, { migrationsFolder });
  const stopMaintenance = dataDir
    ? scheduleMaintenance(client, {
        everyMs: options.maintenanceEveryMs ?? 60_000,
        firstAfterMs: options.firstMaintenanceAfterMs ?? 60_000,
        onError: options.onMaintenanceError,
      })
    : () => {};
  return {
    db: db as unknown as Database,
    kind: "pglite",
    close: async () => {
      stopMaintenance();
      await client.exec("CHECKPOINT").catch(() => undefined);
      await client.close();
      release();
    },
  };
}

async function openPostgres(
  url: string,
  poolSize: number,
  logger: QueryLogger,
  onIdleConnectionError: (error: Error) => void = () => {},
): Promise<OpenDatabase> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // Without a listener, an idle connection dropped by the server would be an uncaught error and end the process.
  pool.on("error", onIdleConnectionError);
  // Numeric and date columns come back as strings (exact), which the services convert.
  const db = drizzleNodePg({ client: pool, schema, casing: "snake_case", logger });
  const lockClient = await pool.connect();
  try {
    await lockClient.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
    // On the connection that holds the lock: a pool of one has no second connection to give.
    await migrateNodePg(drizzleNodePg({ client: lockClient, casing: "snake_case" }), { migrationsFolder });
  } finally {
    await lockClient.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]).catch(() => {});
    lockClient.release();
  }
  return { db: db as unknown as Database, kind: "postgres", close: () => pool.end() };
}

export async function checkDatabase(db: Database): Promise<void> {
  await db.execute(sql`select 1`);
}
