import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { afterAll, describe, expect, it } from "vitest";
import { MIGRATIONS_FOLDER, migrationsBefore } from "../../testing/migrations.ts";

describe("migration 0009 (share snapshots stored as JSON text)", () => {
  const before = migrationsBefore("0009");
  afterAll(before.remove);

  it("keeps every existing snapshot as it was", async () => {
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
      `insert into shared_bikes (share_token, user_id, bike_data) values ('token-1', 'u1', $1::jsonb)`,
      [JSON.stringify(snapshot)],
    );
    await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });

    const { rows } = await client.query<{ type: string; text: string }>(
      "select pg_typeof(bike_data)::text as type, bike_data::text as text from shared_bikes",
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.type).toBe("json");
    expect(JSON.parse(rows[0]!.text)).toEqual(snapshot);
    await client.close();
  });
});
