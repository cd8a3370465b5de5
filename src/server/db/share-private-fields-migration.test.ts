import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { afterAll, describe, expect, it } from "vitest";
import { MIGRATIONS_FOLDER, migrationsBefore } from "../testing/migrations.ts";

describe("migration 0013 (share links hold only what their page shows)", () => {
  const before = migrationsBefore("0013");
  afterAll(before.remove);

  it("takes serial numbers out of every link made before, and prices out of links made without costs", async () => {
    const bike = { name: "Tourer", price: 1899.99, serialNumber: "SN-1", storeName: "Corner Shop" };
    const service = { date: "2024-05-01", description: "Waxed", componentName: "Chain" };
    const snapshots = {
      "with-costs": { bike, components: [], services: [{ ...service, cost: 12.5 }], distanceUnit: "km" },
      "without-costs": { bike, components: [], services: [service], distanceUnit: "km" },
      "no-services": { bike, components: [], services: [], distanceUnit: "km" },
    };
    const client = await PGlite.create();
    const db = drizzle({ client });
    await migrate(db, { migrationsFolder: before.folder });
    await client.query(
      `insert into "user" (id, name, email, email_verified) values ('u1', '', 'u1@example.com', true)`,
    );
    for (const [token, snapshot] of Object.entries(snapshots)) {
      await client.query(`insert into shared_bikes (share_token, user_id, bike_data) values ($1, 'u1', $2)`, [
        token,
        JSON.stringify(snapshot),
      ]);
    }
    await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });

    const { rows } = await client.query<{ share_token: string; bike: Record<string, unknown> }>(
      "select share_token, bike_data -> 'bike' as bike from shared_bikes order by share_token",
    );
    expect(Object.fromEntries(rows.map((row) => [row.share_token, row.bike]))).toEqual({
      "no-services": { name: "Tourer", storeName: "Corner Shop" },
      "with-costs": { name: "Tourer", price: 1899.99, storeName: "Corner Shop" },
      "without-costs": { name: "Tourer", storeName: "Corner Shop" },
    });
    await client.close();
    // A fresh PGlite runs every migration: slow on a busy machine.
  }, 120_000);
});
