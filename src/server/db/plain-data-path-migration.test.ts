import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { afterAll, describe, expect, it } from "vitest";
import { MIGRATIONS_FOLDER, migrationsBefore } from "../testing/migrations.ts";

describe("migration 0012 (one plain data path)", () => {
  const before = migrationsBefore("0012");
  afterAll(before.remove);

  it("keeps every share snapshot and every row, and leaves no trigger, kept figure or version behind", async () => {
    const snapshot = {
      bike: { name: 'Gravel "Grinder" — ünïcode', price: 1899.99, imageUrl: "/api/files/abc" },
      components: [{ name: "Chain", mileage: 1200.5, notes: null }],
      services: [{ date: "2024-05-01", description: "Line\nbreak\tand \\ backslash", cost: 0.1 }],
      distanceUnit: "km",
    };
    const client = await PGlite.create();
    const db = drizzle({ client });
    await migrate(db, { migrationsFolder: before.folder });
    await client.query(
      `insert into "user" (id, name, email, email_verified) values ('u1', '', 'u1@example.com', true)`,
    );
    await client.query(
      `insert into shared_bikes (share_token, user_id, bike_data) values ('token-1', 'u1', $1::json)`,
      [JSON.stringify(snapshot)],
    );
    await client.query(`insert into bicycles (id, user_id, name) values (gen_random_uuid(), 'u1', 'Road')`);
    await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });

    const { rows } = await client.query<{ type: string; text: string }>(
      "select pg_typeof(bike_data)::text as type, bike_data::text as text from shared_bikes",
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.type).toBe("jsonb");
    expect(JSON.parse(rows[0]!.text)).toEqual(snapshot);
    const left = await client.query<{ n: number }>(
      `select (select count(*) from pg_trigger where not tgisinternal)::int
        + (select count(*) from pg_proc where pronamespace = 'public'::regnamespace)::int
        + (select count(*) from pg_class where relname in ('user_stats', 'user_stats_version'))::int
        + (select count(*) from information_schema.columns where column_name = 'component_count')::int as n`,
    );
    expect(left.rows[0]!.n).toBe(0);
    // Writes after the migration touch no dropped table.
    await client.query(`insert into bicycles (id, user_id, name) values (gen_random_uuid(), 'u1', 'Gravel')`);
    expect((await client.query("select * from bicycles")).rows).toHaveLength(2);
    await client.close();
  });
});
