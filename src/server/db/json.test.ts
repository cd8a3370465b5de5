import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { describeEachDatabase, openTestDatabase } from "../testing/test-app.ts";
import type { OpenDatabase } from "./index.ts";
import { isoTimestamp, jsonArrayOf } from "./json.ts";

describeEachDatabase("answers rendered as JSON by the database", (kind) => {
  let database: OpenDatabase;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(() => database.close());

  it("write timestamps as the server's own answers do (UTC, milliseconds cut, not rounded), in any time zone", async () => {
    const stored = [
      "1969-07-20 20:17:40.999999+00",
      "2024-02-29 23:59:59.0005+00",
      "2026-11-21 12:00:00+05:30",
    ];
    const rendered = await database.db.transaction(async (tx) => {
      await tx.execute(sql`set local time zone 'America/St_Johns'`);
      const values = stored.map((text) => `('${text}'::timestamptz)`).join(", ");
      const query = `select ${isoTimestamp("t.at")} as "at" from (values ${values}) as t(at) order by t.at`;
      const result = (await tx.execute(sql`select ${jsonArrayOf(query)} as "json"`)) as unknown as {
        rows: { json: string }[];
      };
      return JSON.parse(result.rows[0]!.json) as { at: string }[];
    });
    expect(rendered.map((row) => row.at)).toEqual([
      "1969-07-20T20:17:40.999Z",
      "2024-02-29T23:59:59.000Z",
      "2026-11-21T06:30:00.000Z",
    ]);
  });

  it("answer an empty array when there are no rows", async () => {
    const result = (await database.db.execute(
      sql`select ${jsonArrayOf("select 1 as one where false")} as "json"`,
    )) as unknown as { rows: { json: string }[] };
    expect(result.rows[0]!.json).toBe("[]");
  });
});
