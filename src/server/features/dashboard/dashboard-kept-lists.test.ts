import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Bicycle } from "../../../shared/schemas/bicycle.ts";
import type { Component } from "../../../shared/schemas/component.ts";
import type { DashboardStats } from "../../../shared/schemas/dashboard.ts";
import type { ServiceEntry } from "../../../shared/schemas/service-entry.ts";
import { bicycles, components, subscriptions, userStats } from "../../db/schema.ts";
import {
  answered,
  changeBehindDataVersion,
  createTestApp,
  describeEachDatabase,
  json,
  signUp,
  type TestApp,
  type TestClient,
} from "../../testing/test-app.ts";

// The dashboard (figures, plan, bicycles, recent services) is kept between requests for each session and
// checked against the user's data version on each one (decisions 0027 and 0028); a Premium period that ends
// by the clock alone is checked against the time. Each test reads the dashboard first, so the server holds
// it, then changes something and reads again.
describeEachDatabase("the dashboard, kept between requests", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  async function dashboard(rider: TestClient) {
    const response = await rider.request("GET", "/api/dashboard");
    expect(response.status).toBe(200);
    return json<DashboardStats>(response);
  }
  async function riderWithChain() {
    const rider = await signUp(t.app);
    const bicycle = await answered<Bicycle>(
      rider.request("POST", "/api/bicycles", { name: "Gravel" }),
      "bicycle",
    );
    const chain = await answered<Component>(
      rider.request("POST", "/api/components", { bicycleId: bicycle.id, name: "Chain", type: "Drivetrain" }),
      "component",
    );
    const first = await dashboard(rider);
    expect(first.bicycles.map((b) => [b.name, b.componentCount])).toEqual([["Gravel", 1]]);
    expect(first.recentServices).toEqual([]);
    return { rider, bicycle, chain };
  }

  it("shows bicycles renamed, added and deleted, and components added", async () => {
    const { rider, bicycle } = await riderWithChain();
    await answered(rider.request("PUT", `/api/bicycles/${bicycle.id}`, { name: "Gravel Plus" }), "bicycle");
    expect((await dashboard(rider)).bicycles.map((b) => b.name)).toEqual(["Gravel Plus"]);
    await answered(
      rider.request("POST", "/api/components", { bicycleId: bicycle.id, name: "Tyre", type: "Tires" }),
      "component",
    );
    const withTyre = await dashboard(rider);
    expect(withTyre.bicycles[0]!.componentCount).toBe(2);
    expect(withTyre.totalComponents).toBe(2);
    expect((await rider.request("DELETE", `/api/bicycles/${bicycle.id}`)).status).toBe(204);
    const empty = await dashboard(rider);
    expect(empty.bicycles).toEqual([]);
    expect(empty.totalBicycles).toBe(0);
  });

  it("shows service entries added, edited and deleted among the recent services", async () => {
    const { rider, chain } = await riderWithChain();
    const entry = await answered<ServiceEntry>(
      rider.request("POST", `/api/components/${chain.id}/services`, {
        date: "2024-03-01",
        description: "Waxed",
        cost: 10,
      }),
      "service",
    );
    expect((await dashboard(rider)).recentServices.map((s) => s.description)).toEqual(["Waxed"]);
    await answered(
      rider.request("PUT", `/api/services/${entry.id}`, {
        date: "2024-03-01",
        description: "Hot waxed",
        cost: 10,
      }),
      "service",
    );
    expect((await dashboard(rider)).recentServices.map((s) => s.description)).toEqual(["Hot waxed"]);
    expect((await rider.request("DELETE", `/api/services/${entry.id}`)).status).toBe(204);
    expect((await dashboard(rider)).recentServices).toEqual([]);
  });

  it("shows the plan as it is now: subscribed, ended and deleted", async () => {
    const { rider } = await riderWithChain();
    expect((await dashboard(rider)).plan.tier).toBe("free");
    await t.db.insert(subscriptions).values({ userId: rider.userId, tier: "premium" });
    expect((await dashboard(rider)).plan.tier).toBe("premium");
    await t.db
      .update(subscriptions)
      .set({ currentPeriodEnd: new Date(Date.now() - 1000) })
      .where(eq(subscriptions.userId, rider.userId));
    expect((await dashboard(rider)).plan.tier).toBe("free");
    await t.db
      .update(subscriptions)
      .set({ currentPeriodEnd: null })
      .where(eq(subscriptions.userId, rider.userId));
    expect((await dashboard(rider)).plan).toEqual({ tier: "premium", bicycleLimit: 10 });
    await t.db.delete(subscriptions).where(eq(subscriptions.userId, rider.userId));
    expect((await dashboard(rider)).plan).toEqual({ tier: "free", bicycleLimit: 1 });
    await t.db.insert(subscriptions).values({ userId: rider.userId, tier: "premium" });
    expect((await dashboard(rider)).plan.tier).toBe("premium");
    await t.db.execute(sql`truncate "subscriptions"`);
    expect((await dashboard(rider)).plan.tier).toBe("free");
  });

  it("shows a Premium period as ended once its end has passed, with nothing written", async () => {
    const { rider } = await riderWithChain();
    const end = Date.now() + 3000;
    await t.db
      .insert(subscriptions)
      .values({ userId: rider.userId, tier: "premium", currentPeriodEnd: new Date(end) });
    expect((await dashboard(rider)).plan.tier).toBe("premium");
    const versions = () =>
      t.db.select({ version: userStats.version }).from(userStats).where(eq(userStats.userId, rider.userId));
    const before = await versions();
    expect((await dashboard(rider)).plan.tier).toBe("premium");
    await new Promise((resolve) => setTimeout(resolve, end - Date.now() + 50));
    expect((await dashboard(rider)).plan).toEqual({ tier: "free", bicycleLimit: 1 });
    expect(await versions()).toEqual(before);
  });

  it("shows the component counts once they are counted again by hand after a load without triggers", async () => {
    const { rider, bicycle } = await riderWithChain();
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx
        .insert(components)
        .values({ userId: rider.userId, bicycleId: bicycle.id, name: "Tyre", type: "Tires" });
    });
    expect((await dashboard(rider)).bicycles[0]!.componentCount).toBe(1);
    await t.db.execute(sql`select "bicycle_component_counts_recount"()`);
    expect((await dashboard(rider)).bicycles[0]!.componentCount).toBe(2);
  });

  it("answers from what it holds while the user's data version is unchanged", async () => {
    const { rider, bicycle } = await riderWithChain();
    // Changed behind the versions' back: the triggers renew a version, which is then put back.
    await changeBehindDataVersion(t.db, rider.userId, () =>
      t.db.update(bicycles).set({ name: "Renamed" }).where(eq(bicycles.id, bicycle.id)),
    );
    expect((await dashboard(rider)).bicycles[0]!.name).toBe("Gravel");
    // The figures and the plan too.
    await changeBehindDataVersion(t.db, rider.userId, async () => {
      await t.db.insert(subscriptions).values({ userId: rider.userId, tier: "premium" });
      await t.db.insert(bicycles).values({ userId: rider.userId, name: "Second" });
    });
    const kept = await dashboard(rider);
    expect([kept.plan.tier, kept.totalBicycles]).toEqual(["free", 1]);
    await answered(rider.request("PUT", `/api/bicycles/${bicycle.id}`, { name: "Gravel 2" }), "bicycle");
    const read = await dashboard(rider);
    expect(read.bicycles.map((b) => b.name).sort()).toEqual(["Gravel 2", "Second"]);
    expect([read.plan.tier, read.totalBicycles]).toEqual(["premium", 2]);
  });
});
