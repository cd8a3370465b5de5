import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { openDatabase } from "./index.ts";
import { bicycles, user } from "./schema.ts";

describe("the embedded database on disk", () => {
  it("runs with fsync on", async () => {
    const database = await openDatabase({
      kind: "pglite",
      dataDir: mkdtempSync(path.join(os.tmpdir(), "velolog-fsync-")),
    });
    try {
      const result = (await database.db.execute(sql`show fsync`)) as unknown as { rows: { fsync: string }[] };
      expect(result.rows[0]!.fsync).toBe("on");
    } finally {
      await database.close();
    }
  });

  it("vacuums and analyzes itself (it has no autovacuum workers)", async () => {
    const database = await openDatabase(
      { kind: "pglite", dataDir: mkdtempSync(path.join(os.tmpdir(), "velolog-maintenance-")) },
      { firstMaintenanceAfterMs: 0 },
    );
    try {
      const analyzed = async () => {
        const result = (await database.db.execute(
          sql`select last_vacuum is not null as vacuumed, last_analyze is not null as analyzed
            from pg_stat_user_tables where relname = 'service_entries'`,
        )) as unknown as { rows: { vacuumed: boolean; analyzed: boolean }[] };
        return result.rows[0];
      };
      await expect.poll(analyzed, { timeout: 10_000 }).toEqual({ vacuumed: true, analyzed: true });
    } finally {
      await database.close();
    }
  });

  it("analyses a table again once enough of it changed, as autovacuum would, and leaves unchanged ones alone", async () => {
    const database = await openDatabase(
      { kind: "pglite", dataDir: mkdtempSync(path.join(os.tmpdir(), "velolog-autovacuum-")) },
      { firstMaintenanceAfterMs: 0, maintenanceEveryMs: 100 },
    );
    const { db } = database;
    type Counts = { rows: number; analyses: number };
    const counts = async (table: string): Promise<Counts> => {
      const result = (await db.execute(
        sql`select c.reltuples::integer as rows, s.analyze_count::integer as analyses
          from pg_stat_user_tables s join pg_class c on c.oid = s.relid where s.relname = ${table}`,
      )) as unknown as { rows: Counts[] };
      return result.rows[0]!;
    };
    try {
      // The first, full maintenance: every table analysed once (bicycles empty then).
      await expect.poll(() => counts("feedback"), { timeout: 10_000 }).toMatchObject({ analyses: 1 });
      await db.insert(user).values({ id: "autovacuum-rider", name: "", email: "autovacuum@example.com" });
      await db
        .insert(bicycles)
        .values(Array.from({ length: 500 }, (_, i) => ({ userId: "autovacuum-rider", name: `Bike ${i}` })));
      // The planner learns of the 500 new rows without a restart or a six-hour wait.
      await expect.poll(() => counts("bicycles"), { timeout: 10_000 }).toMatchObject({ rows: 500 });
      // Many checks later, a table nobody wrote to has still been analysed only the once.
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(await counts("feedback")).toMatchObject({ analyses: 1 });
    } finally {
      await database.close();
    }
  });
});
