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
});
