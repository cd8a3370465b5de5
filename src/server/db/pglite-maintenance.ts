import type { PGlite } from "@electric-sql/pglite";

/**
 * The tables autovacuum would take now, by Postgres' default thresholds: analyse once more than 50 rows plus
 * 10% of the table changed since the last analysis; vacuum once more than 50 plus 20% are dead, or 1,000 plus
 * 20% were inserted since the last vacuum (which keeps pages all-visible for index-only scans).
 */
const DUE_TABLES = `
  select quote_ident(s.schemaname) || '.' || quote_ident(s.relname) as "table",
    s.n_dead_tup > 50 + 0.2 * t.rows or s.n_ins_since_vacuum > 1000 + 0.2 * t.rows as "vacuum"
  from pg_stat_user_tables s
  cross join lateral (select greatest(c.reltuples, 0) as rows from pg_class c where c.oid = s.relid) t
  where s.n_dead_tup > 50 + 0.2 * t.rows
    or s.n_ins_since_vacuum > 1000 + 0.2 * t.rows
    or s.n_mod_since_analyze > 50 + 0.1 * t.rows`;

export interface MaintenanceOptions {
  /** How often the thresholds are checked (autovacuum's own naptime is a minute). */
  everyMs: number;
  /** The first check, which vacuums and analyses every table whatever the counts. */
  firstAfterMs: number;
  onError?: (error: unknown) => void;
}

/**
 * PGlite runs Postgres as one standalone backend, without the autovacuum workers of a server: nothing else
 * would refresh the planner's statistics, clear dead row versions or mark pages all-visible. So the embedded
 * database does autovacuum's work itself: a full VACUUM (ANALYZE) shortly after opening (the activity counts
 * start from zero in a new process), then, every minute, each table whose counts pass autovacuum's default
 * thresholds. Milliseconds on a database of this size; requests wait meanwhile, as PGlite runs one statement
 * at a time.
 */
export function scheduleMaintenance(client: PGlite, options: MaintenanceOptions): () => void {
  let stopped = false;
  let timer: NodeJS.Timeout;
  const next = (run: () => Promise<void>, afterMs: number) => {
    timer = setTimeout(async () => {
      await run().catch((error) => options.onError?.(error));
      if (!stopped) next(vacuumDueTables, options.everyMs);
    }, afterMs).unref();
  };
  const vacuumDueTables = async () => {
    // The counts reach the statistics views when a transaction ends, at most once a second; this one at once.
    await client.exec("select pg_stat_force_next_flush()");
    const { rows } = await client.query<{ table: string; vacuum: boolean }>(DUE_TABLES);
    for (const { table, vacuum } of rows) {
      if (stopped) return;
      await client.exec(vacuum ? `VACUUM (ANALYZE) ${table}` : `ANALYZE ${table}`);
    }
  };
  next(() => client.exec("VACUUM (ANALYZE)").then(() => {}), options.firstAfterMs);
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
