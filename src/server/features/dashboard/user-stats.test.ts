import { PGlite } from "@electric-sql/pglite";
import { eq, type SQL, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Bicycle } from "../../../shared/schemas/bicycle.ts";
import type { DashboardStats } from "../../../shared/schemas/dashboard.ts";
import type { Database } from "../../db/index.ts";
import { bicycles, user, userStats } from "../../db/schema.ts";
import { MIGRATIONS_FOLDER, migrationsBefore } from "../../testing/migrations.ts";
import {
  createTestApp,
  describeEachDatabase,
  json,
  signUp,
  type TestApp,
  type TestClient,
} from "../../testing/test-app.ts";

interface Figures {
  bicycles: number;
  components: number;
  inPartsBin: number;
  serviceEntries: number;
  totalCost: number;
}

/** Runs a query of one row with the five figures' columns (counts and sums arrive as strings). */
async function figuresOf(db: Database, query: SQL): Promise<Figures> {
  const result = (await db.execute(query)) as unknown as { rows: Record<string, string | number>[] };
  const row = result.rows[0]!;
  return {
    bicycles: Number(row.bicycles),
    components: Number(row.components),
    inPartsBin: Number(row.in_parts_bin),
    serviceEntries: Number(row.service_entries),
    totalCost: Number(row.total_cost),
  };
}

/** The figures counted from the rows themselves, as the dashboard did before the kept figures. */
const counted = (db: Database, userId: string) =>
  figuresOf(
    db,
    sql`select
      (select count(*) from bicycles where user_id = ${userId}) as bicycles,
      (select count(*) from components where user_id = ${userId}) as components,
      (select count(*) from components where user_id = ${userId} and bicycle_id is null) as in_parts_bin,
      (select count(*) from service_entries where user_id = ${userId}) as service_entries,
      (select coalesce(sum(cost), 0) from service_entries where user_id = ${userId}) as total_cost`,
  );

/** The kept figures of a user, straight from user_stats (all of its rows added up). */
const kept = (db: Database, userId: string) =>
  figuresOf(
    db,
    sql`select coalesce(sum(bicycles), 0) as bicycles, coalesce(sum(components), 0) as components,
      coalesce(sum(in_parts_bin), 0) as in_parts_bin, coalesce(sum(service_entries), 0) as service_entries,
      coalesce(sum(total_cost), 0) as total_cost
    from user_stats where user_id = ${userId}`,
  );

describeEachDatabase("the dashboard's kept figures", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  async function shown(rider: TestClient): Promise<Figures> {
    const stats = await json<DashboardStats>(rider.request("GET", "/api/dashboard"));
    return {
      bicycles: stats.totalBicycles,
      components: stats.totalComponents,
      inPartsBin: stats.componentsInPartsBin,
      serviceEntries: stats.totalServiceEntries,
      totalCost: stats.totalCost,
    };
  }
  async function expectTrue(rider: TestClient, expected: Figures) {
    expect(await counted(t.db, rider.userId)).toEqual(expected);
    expect(await shown(rider)).toEqual(expected);
    await expectComponentCountsTrue(rider);
  }
  /** Each bicycle's kept component count, as the list and the dashboard show it, against a fresh count. */
  async function expectComponentCountsTrue(rider: TestClient) {
    const result = (await t.db.execute(
      sql`select b.id, count(c.id)::integer as n from bicycles b left join components c on c.bicycle_id = b.id
        where b.user_id = ${rider.userId} group by b.id`,
    )) as unknown as { rows: { id: string; n: number }[] };
    const fresh = Object.fromEntries(result.rows.map((row) => [row.id, Number(row.n)]));
    const listed = await json<{ bicycles: Bicycle[] }>(rider.request("GET", "/api/bicycles"));
    expect(Object.fromEntries(listed.bicycles.map((b) => [b.id, b.componentCount]))).toEqual(fresh);
    const stats = await json<DashboardStats>(rider.request("GET", "/api/dashboard"));
    expect(Object.fromEntries(stats.bicycles.map((b) => [b.id, b.componentCount]))).toEqual(fresh);
  }
  const idOf = async (response: Promise<Response>, key: string) => {
    const body = (await json<Record<string, { id: string }>>(response))[key];
    return body!.id;
  };

  it("follow every kind of change, and only the user's own", async () => {
    const rider = await signUp(t.app);
    const other = await signUp(t.app);
    expect((await rider.request("POST", "/api/billing/test/confirm", {})).status).toBe(200); // two bicycles
    await expectTrue(rider, { bicycles: 0, components: 0, inPartsBin: 0, serviceEntries: 0, totalCost: 0 });

    const road = await idOf(rider.request("POST", "/api/bicycles", { name: "Road" }), "bicycle");
    const gravel = await idOf(rider.request("POST", "/api/bicycles", { name: "Gravel" }), "bicycle");
    const part = (name: string, bicycleId?: string) =>
      idOf(rider.request("POST", "/api/components", { name, type: "Other", bicycleId }), "component");
    const chain = await part("Chain", road);
    const cassette = await part("Cassette", road);
    const tyre = await part("Tyre", gravel);
    const spare = await part("Spare pedals");
    const service = (componentId: string, cost: number) =>
      idOf(
        rider.request("POST", `/api/components/${componentId}/services`, {
          date: "2024-05-01",
          description: "Service",
          cost,
        }),
        "service",
      );
    await service(chain, 10.05);
    const cleaned = await service(chain, 20.1);
    await service(tyre, 5);
    await service(spare, 1);
    await idOf(other.request("POST", "/api/bicycles", { name: "Someone else's" }), "bicycle");
    await expectTrue(rider, {
      bicycles: 2,
      components: 4,
      inPartsBin: 1,
      serviceEntries: 4,
      totalCost: 36.15,
    });

    expect(
      (
        await rider.request("PUT", `/api/services/${cleaned}`, {
          date: "2024-05-02",
          description: "Cleaned",
          cost: 7.25,
        })
      ).status,
    ).toBe(200);
    expect((await rider.request("POST", `/api/components/${cassette}/move-to-parts-bin`)).status).toBe(200);
    expect(
      (await rider.request("POST", `/api/components/${spare}/assign`, { bicycleId: gravel })).status,
    ).toBe(200);
    await expectTrue(rider, {
      bicycles: 2,
      components: 4,
      inPartsBin: 1,
      serviceEntries: 4,
      totalCost: 23.3,
    });

    expect((await rider.request("DELETE", `/api/services/${cleaned}`)).status).toBe(204);
    expect((await rider.request("DELETE", `/api/components/${chain}`)).status).toBe(204);
    await expectTrue(rider, { bicycles: 2, components: 3, inPartsBin: 1, serviceEntries: 2, totalCost: 6 });

    // The gravel bike takes its tyre, the pedals now on it, and both their entries with it.
    expect((await rider.request("DELETE", `/api/bicycles/${gravel}`)).status).toBe(204);
    await expectTrue(rider, { bicycles: 1, components: 1, inPartsBin: 1, serviceEntries: 0, totalCost: 0 });

    // Deleting another user (and all their rows) goes through, and changes nothing here.
    await t.db.delete(user).where(eq(user.id, other.userId));
    expect(await t.db.select().from(userStats).where(eq(userStats.userId, other.userId))).toEqual([]);
    await expectTrue(rider, { bicycles: 1, components: 1, inPartsBin: 1, serviceEntries: 0, totalCost: 0 });
  });

  it("add up when one user's writes arrive together (on several database connections)", async () => {
    const rider = await signUp(t.app);
    const part = await idOf(
      rider.request("POST", "/api/components", { name: "Chain", type: "Other" }),
      "component",
    );
    const costs = Array.from({ length: 24 }, (_, i) => i + 0.5);
    await Promise.all(
      costs.map((cost) =>
        rider.request("POST", `/api/components/${part}/services`, {
          date: "2024-05-01",
          description: "Waxed",
          cost,
        }),
      ),
    );
    const totalCost = costs.reduce((sum, cost) => sum + cost, 0);
    await expectTrue(rider, { bicycles: 0, components: 1, inPartsBin: 1, serviceEntries: 24, totalCost });
    // Components arriving on one bicycle together are each counted on it.
    const bike = await idOf(rider.request("POST", "/api/bicycles", { name: "Busy" }), "bicycle");
    const added = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        idOf(
          rider.request("POST", "/api/components", { name: `Part ${i}`, type: "Other", bicycleId: bike }),
          "component",
        ),
      ),
    );
    await expectComponentCountsTrue(rider);
    await Promise.all(added.map((id) => rider.request("DELETE", `/api/components/${id}`)));
    expect((await rider.request("DELETE", `/api/bicycles/${bike}`)).status).toBe(204);
    expect((await rider.request("DELETE", `/api/components/${part}`)).status).toBe(204);
    await expectTrue(rider, { bicycles: 0, components: 0, inPartsBin: 0, serviceEntries: 0, totalCost: 0 });
  });

  it("follow statements that write many rows at once, for several users", async () => {
    const riders = [await signUp(t.app), await signUp(t.app)];
    const bikes = await Promise.all(
      riders.map((rider) => idOf(rider.request("POST", "/api/bicycles", { name: "Tourer" }), "bicycle")),
    );
    // One statement: 40 components for each rider, half of them in the parts bin.
    await t.db.execute(sql`insert into components (user_id, bicycle_id, name, type)
      select u.id, case when g % 2 = 0 then u.bike::uuid end, 'Spoke ' || g, 'Other'
      from (values (${riders[0]!.userId}, ${bikes[0]}), (${riders[1]!.userId}, ${bikes[1]})) as u(id, bike),
        generate_series(1, 40) g`);
    // One statement: 300 entries for each rider's components, with costs.
    await t.db.execute(sql`insert into service_entries (user_id, component_id, date, description, cost)
      select c.user_id, c.id, '2024-03-01', 'Trued', (g % 7) + 0.25
      from components c, generate_series(1, 10) g
      where c.user_id in (${riders[0]!.userId}, ${riders[1]!.userId}) and c.name like 'Spoke %' and g <= 8`);
    for (const rider of riders) {
      expect(await kept(t.db, rider.userId)).toEqual(await counted(t.db, rider.userId));
      expect((await shown(rider)).serviceEntries).toBe(320);
    }
    await expectComponentCountsTrue(riders[0]!);

    // Deleting a component removes its entries in one cascading statement.
    const [first] = (
      (await t.db.execute(
        sql`select id from components where user_id = ${riders[0]!.userId} order by name limit 1`,
      )) as unknown as { rows: { id: string }[] }
    ).rows;
    expect((await riders[0]!.request("DELETE", `/api/components/${first!.id}`)).status).toBe(204);
    // Deleting a bicycle, then many components of both riders in one statement.
    expect((await riders[1]!.request("DELETE", `/api/bicycles/${bikes[1]}`)).status).toBe(204);
    await t.db.execute(sql`delete from components where name like 'Spoke 1%'
      and user_id in (${riders[0]!.userId}, ${riders[1]!.userId})`);
    for (const rider of riders) {
      expect(await kept(t.db, rider.userId)).toEqual(await counted(t.db, rider.userId));
      expect(await shown(rider)).toEqual(await counted(t.db, rider.userId));
    }
    await expectComponentCountsTrue(riders[0]!);
  });

  // No route does these; the figures must still follow if an operator does them by hand.
  it("follow rows given to another user, and a TRUNCATE", async () => {
    const giver = await signUp(t.app);
    const taker = await signUp(t.app);
    const bike = await idOf(giver.request("POST", "/api/bicycles", { name: "Hand-me-down" }), "bicycle");
    const part = await idOf(
      giver.request("POST", "/api/components", { name: "Chain", type: "Other", bicycleId: bike }),
      "component",
    );
    await giver.request("POST", `/api/components/${part}/services`, {
      date: "2024-01-01",
      description: "Waxed",
      cost: 9.5,
    });
    await t.db.execute(sql`update bicycles set user_id = ${taker.userId} where id = ${bike}`);
    await t.db.execute(sql`update components set user_id = ${taker.userId} where id = ${part}`);
    await t.db.execute(
      sql`update service_entries set user_id = ${taker.userId} where component_id = ${part}`,
    );
    for (const rider of [giver, taker])
      expect(await kept(t.db, rider.userId)).toEqual(await counted(t.db, rider.userId));
    expect((await kept(t.db, taker.userId)).totalCost).toBe(9.5);

    await t.db.execute(sql`truncate service_entries`);
    for (const rider of [giver, taker])
      expect(await kept(t.db, rider.userId)).toEqual(await counted(t.db, rider.userId));
    expect((await kept(t.db, taker.userId)).serviceEntries).toBe(0);

    await expectComponentCountsTrue(taker);
    const [before] = await t.db
      .select({ n: bicycles.componentCount })
      .from(bicycles)
      .where(eq(bicycles.id, bike));
    expect(before!.n).toBe(1);
    await t.db.execute(sql`truncate components cascade`);
    await expectComponentCountsTrue(taker);
    const [after] = await t.db
      .select({ n: bicycles.componentCount })
      .from(bicycles)
      .where(eq(bicycles.id, bike));
    expect(after!.n).toBe(0);
  });
});

describe("the migrations that add the kept figures", () => {
  const before = migrationsBefore("0006");
  afterAll(before.remove);

  it("count what existing users and bicycles already have", async () => {
    // The migrations as they were before user_stats, then data, then the rest.
    const client = await PGlite.create();
    const db = drizzle({ client });
    await migrate(db, { migrationsFolder: before.folder });
    await client.exec(`
      insert into "user" (id, name, email, email_verified) values ('u1', '', 'u1@example.com', true),
        ('u2', '', 'u2@example.com', true);
      insert into bicycles (id, user_id, name) values ('00000000-0000-4000-8000-000000000001', 'u1', 'Road');
      insert into components (id, user_id, bicycle_id, name, type) values
        ('00000000-0000-4000-8000-000000000011', 'u1', '00000000-0000-4000-8000-000000000001', 'Chain', 'Other'),
        ('00000000-0000-4000-8000-000000000012', 'u1', null, 'Spare', 'Other');
      insert into service_entries (user_id, component_id, date, description, cost) values
        ('u1', '00000000-0000-4000-8000-000000000011', '2024-01-01', 'Waxed', 12.5),
        ('u1', '00000000-0000-4000-8000-000000000012', '2024-01-02', 'Checked', 0.25);
    `);
    await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
    // Migration 0007: each bicycle's components, counted once (the spare is on none).
    const counts = await client.query("select name, component_count from bicycles");
    expect(counts.rows).toEqual([{ name: "Road", component_count: 1 }]);
    const rows = await client.query<Record<string, unknown>>(
      "select user_id, shard, bicycles, components, in_parts_bin, service_entries, total_cost::text as total_cost from user_stats order by user_id",
    );
    expect(rows.rows).toEqual([
      {
        user_id: "u1",
        shard: 0,
        bicycles: 1,
        components: 2,
        in_parts_bin: 1,
        service_entries: 2,
        total_cost: "12.75",
      },
      {
        user_id: "u2",
        shard: 0,
        bicycles: 0,
        components: 0,
        in_parts_bin: 0,
        service_entries: 0,
        total_cost: "0",
      },
    ]);
    await client.close();
  });
});
