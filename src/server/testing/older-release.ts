import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import type { DatabaseTarget } from "../db/index.ts";
import { migrationsBefore } from "./migrations.ts";
import { createPostgresTestDatabase } from "./test-app.ts";

/** The SQL snapshot of an older release's data in testing/fixtures (e.g. "release-2026-11-25.sql"). */
export function fixtureSql(name: string): string {
  return readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), "fixtures", name), "utf8");
}

/**
 * A database as an older release left it: migrated up to (not including) `firstLeftOut`, holding the rows of
 * `sql`. Open it with openDatabase (test-app.ts's `database` option), which applies today's migrations, as a
 * server of today's release started on it does. PGlite in memory, or a new database on TEST_DATABASE_URL.
 */
export async function olderReleaseDatabase(
  kind: "pglite" | "postgres",
  firstLeftOut: string,
  sql: string,
): Promise<{ target: DatabaseTarget; drop: () => Promise<void> }> {
  const before = migrationsBefore(firstLeftOut);
  try {
    if (kind === "pglite") {
      const client = await PGlite.create();
      await migratePglite(drizzlePglite({ client }), { migrationsFolder: before.folder });
      await client.exec(sql);
      const image = await client.dumpDataDir("none");
      await client.close();
      return { target: { kind: "pglite-memory", loadDataDir: image }, drop: async () => {} };
    }
    const created = await createPostgresTestDatabase();
    const client = new pg.Client({ connectionString: created.url });
    await client.connect();
    try {
      await migrateNodePg(drizzleNodePg({ client }), { migrationsFolder: before.folder });
      await client.query(sql);
    } finally {
      await client.end();
    }
    return { target: { kind: "postgres", url: created.url }, drop: created.drop };
  } finally {
    before.remove();
  }
}
