import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import type { DashboardStats } from "../../../shared/schemas/dashboard.ts";
import type { ServiceEntry } from "../../../shared/schemas/service-entry.ts";
import { bicycles, components, serviceEntries, subscriptions } from "../../db/schema.ts";
import { anonymous, describeEachDatabase, signUp, useTestApp } from "../../testing/test-app.ts";

describeEachDatabase("dashboard API", (kind) => {
  const t = useTestApp(kind);

  /** Seeds `bikes` bicycles with `perBike` components each, `entries` service entries per component, and 2 parts-bin parts. */
  async function seed(userId: string, bikes: number, perBike: number, entries: number) {
    await t.db.insert(subscriptions).values({ userId, tier: "premium" });
    const bikeRows = await t.db
      .insert(bicycles)
      .values(Array.from({ length: bikes }, (_, i) => ({ userId, name: `Bike ${i + 1}` })))
      .returning({ id: bicycles.id });
    const componentRows = await t.db
      .insert(components)
      .values([
        ...bikeRows.flatMap((b, i) =>
          Array.from({ length: perBike }, (_, j) => ({
            userId,
            bicycleId: b.id,
            name: `Part ${i}-${j}`,
            type: "Other",
          })),
        ),
        { userId, bicycleId: null, name: "Spare A", type: "Tires" },
        { userId, bicycleId: null, name: "Spare B", type: "Pedals" },
      ])
      .returning({ id: components.id });
    const rows = componentRows.flatMap((c, i) =>
      Array.from({ length: entries }, (_, k) => ({
        userId,
        componentId: c.id,
        date: `2024-${String((k % 12) + 1).padStart(2, "0")}-${String((i % 28) + 1).padStart(2, "0")}`,
        description: `Service ${i}-${k}`,
        cost: "10.05",
      })),
    );
    for (let i = 0; i < rows.length; i += 500)
      await t.db.insert(serviceEntries).values(rows.slice(i, i + 500));
  }

  it("adds up exactly what the user has, with the 5 most recent services", async () => {
    const rider = await signUp(t.app);
    await seed(rider.userId, 2, 3, 2);
    // Someone else's data never counts, nor shows, not even their newer entry.
    const other = await signUp(t.app);
    await seed(other.userId, 1, 1, 1);
    const [othersPart] = await t.db
      .select({ id: components.id })
      .from(components)
      .where(eq(components.userId, other.userId))
      .limit(1);
    await t.db.insert(serviceEntries).values({
      userId: other.userId,
      componentId: othersPart!.id,
      date: "2025-06-01",
      description: "Not yours",
      cost: "1",
    });
    const response = await rider.request("GET", "/api/dashboard");
    expect(response.status).toBe(200);
    const stats = (await response.json()) as DashboardStats;
    expect(stats).toMatchObject({
      totalBicycles: 2,
      totalComponents: 8,
      componentsOnBicycles: 6,
      componentsInPartsBin: 2,
      totalServiceEntries: 16,
      totalCost: 160.8,
      plan: { tier: "premium", bicycleLimit: 10 },
    });
    expect(stats.bicycles.map((b) => b.componentCount)).toEqual([3, 3]);
    expect(stats.recentServices).toHaveLength(5);
    const dates = stats.recentServices.map((s) => s.date);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(stats.recentServices[0]!.date).toMatch(/^2024-02-/);
    const spare = stats.recentServices.find((s) => s.componentName.startsWith("Spare"));
    if (spare) expect(spare.bicycleName).toBeNull();

    // Field for field as the bicycle's own answers give them (the dashboard's lists are JSON by the database).
    for (const bicycle of stats.bicycles) {
      const own = (await (await rider.request("GET", `/api/bicycles/${bicycle.id}`)).json()) as {
        bicycle: unknown;
      };
      expect(bicycle).toEqual(own.bicycle);
    }
    for (const entry of stats.recentServices.filter((s) => s.bicycleId)) {
      const onBicycle = (await (
        await rider.request("GET", `/api/bicycles/${entry.bicycleId}/services`)
      ).json()) as {
        services: ServiceEntry[];
      };
      expect(entry).toEqual(onBicycle.services.find((s) => s.id === entry.id));
    }
  });

  it("answers zeros for a new user", async () => {
    const rider = await signUp(t.app);
    const stats = (await (await rider.request("GET", "/api/dashboard")).json()) as DashboardStats;
    expect(stats).toEqual({
      totalBicycles: 0,
      totalComponents: 0,
      componentsOnBicycles: 0,
      componentsInPartsBin: 0,
      totalServiceEntries: 0,
      totalCost: 0,
      recentServices: [],
      bicycles: [],
      plan: { tier: "free", bicycleLimit: 1 },
    });
  });

  it("takes as many queries with 3,020 service entries as with one", async () => {
    const small = await signUp(t.app);
    await seed(small.userId, 1, 1, 1);
    const large = await signUp(t.app);
    await seed(large.userId, 10, 30, 10); // 10 bicycles, 302 components, 3,020 service entries

    // The session, then the dashboard's one relational query.
    for (const rider of [small, large]) {
      await rider.request("GET", "/api/dashboard");
      t.queries.count = 0;
      expect((await rider.request("GET", "/api/dashboard")).status).toBe(200);
      expect(t.queries.count).toBe(2);
    }
    const stats = (await (await large.request("GET", "/api/dashboard")).json()) as DashboardStats;
    expect(stats.totalServiceEntries).toBe(3020);
    expect(stats.totalCost).toBe(30351);
  });

  it("needs a session", async () => {
    expect((await anonymous(t.app).request("GET", "/api/dashboard")).status).toBe(401);
  });
});
