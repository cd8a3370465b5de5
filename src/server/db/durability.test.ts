import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { openDatabase } from "./index.ts";

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
});
