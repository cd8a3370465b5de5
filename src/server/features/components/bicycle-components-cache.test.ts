import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Bicycle } from "../../../shared/schemas/bicycle.ts";
import type { Component } from "../../../shared/schemas/component.ts";
import type { ServiceEntry } from "../../../shared/schemas/service-entry.ts";
import { components, subscriptions } from "../../db/schema.ts";
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

// A bicycle's components are kept between requests and checked against the owner's data version on each
// one (decision 0027). Each test reads the list first, so the server holds it, then changes something and
// reads again: the second answer must show the change.
describeEachDatabase("a bicycle's components, kept between requests", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  async function listOf(rider: TestClient, bicycleId: string) {
    const response = await rider.request("GET", `/api/bicycles/${bicycleId}/components`);
    expect(response.status).toBe(200);
    return (await json<{ components: Component[] }>(response)).components;
  }
  async function riderWithBicycle() {
    const rider = await signUp(t.app);
    await t.db.insert(subscriptions).values({ userId: rider.userId, tier: "premium" });
    const bicycle = await answered<Bicycle>(
      rider.request("POST", "/api/bicycles", { name: "Gravel" }),
      "bicycle",
    );
    const chain = await answered<Component>(
      rider.request("POST", "/api/components", { bicycleId: bicycle.id, name: "Chain", type: "Drivetrain" }),
      "component",
    );
    expect(await listOf(rider, bicycle.id)).toEqual([chain]);
    return { rider, bicycle, chain };
  }

  it("shows a component added, edited, moved to the parts bin, assigned back and deleted", async () => {
    const { rider, bicycle, chain } = await riderWithBicycle();
    const tyre = await answered<Component>(
      rider.request("POST", "/api/components", { bicycleId: bicycle.id, name: "Tyre", type: "Tires" }),
      "component",
    );
    expect((await listOf(rider, bicycle.id)).map((c) => c.name)).toEqual(["Chain", "Tyre"]);

    await answered(
      rider.request("PUT", `/api/components/${tyre.id}`, { name: "Tyre 45", type: "Tires" }),
      "component",
    );
    expect((await listOf(rider, bicycle.id)).map((c) => c.name)).toEqual(["Chain", "Tyre 45"]);

    await answered(rider.request("POST", `/api/components/${tyre.id}/move-to-parts-bin`), "component");
    expect((await listOf(rider, bicycle.id)).map((c) => c.name)).toEqual(["Chain"]);

    await answered(
      rider.request("POST", `/api/components/${tyre.id}/assign`, { bicycleId: bicycle.id }),
      "component",
    );
    expect((await listOf(rider, bicycle.id)).map((c) => c.name)).toEqual(["Chain", "Tyre 45"]);

    expect((await rider.request("DELETE", `/api/components/${chain.id}`)).status).toBe(204);
    expect((await listOf(rider, bicycle.id)).map((c) => c.name)).toEqual(["Tyre 45"]);
  });

  it("shows each service entry added and deleted in the component's count", async () => {
    const { rider, bicycle, chain } = await riderWithBicycle();
    const entry = await answered<ServiceEntry>(
      rider.request("POST", `/api/components/${chain.id}/services`, {
        date: "2024-03-01",
        description: "Waxed",
        cost: 10,
      }),
      "service",
    );
    expect((await listOf(rider, bicycle.id))[0]!.serviceCount).toBe(1);
    await answered(
      rider.request("POST", `/api/components/${chain.id}/services`, {
        date: "2024-04-01",
        description: "Waxed",
        cost: 10,
      }),
      "service",
    );
    expect((await listOf(rider, bicycle.id))[0]!.serviceCount).toBe(2);
    expect((await rider.request("DELETE", `/api/services/${entry.id}`)).status).toBe(204);
    expect((await listOf(rider, bicycle.id))[0]!.serviceCount).toBe(1);
  });

  it("shows the bicycle's new name, and answers 404 once the bicycle is deleted", async () => {
    const { rider, bicycle } = await riderWithBicycle();
    await answered(rider.request("PUT", `/api/bicycles/${bicycle.id}`, { name: "Gravel Plus" }), "bicycle");
    expect((await listOf(rider, bicycle.id))[0]!.bicycleName).toBe("Gravel Plus");
    expect((await rider.request("DELETE", `/api/bicycles/${bicycle.id}`)).status).toBe(204);
    expect((await rider.request("GET", `/api/bicycles/${bicycle.id}/components`)).status).toBe(404);
  });

  it("shows changes made in the database by other means than this server", async () => {
    const { rider, bicycle, chain } = await riderWithBicycle();
    await t.db.update(components).set({ mileage: "812.5" }).where(eq(components.id, chain.id));
    expect((await listOf(rider, bicycle.id))[0]!.mileage).toBe(812.5);
    // A TRUNCATE counts the figures again from the rows (migration 0006), which renews every version.
    await t.db.execute(sql`truncate "service_entries"`);
    expect((await listOf(rider, bicycle.id))[0]!.serviceCount).toBe(0);
  });

  it("shows hundreds of components inserted at once, renewing the version once for them", async () => {
    const { rider, bicycle } = await riderWithBicycle();
    const lastVersion = async () => {
      const query = sql`select last_value from "user_stats_version"`;
      const result = (await t.db.execute(query)) as unknown as { rows: { last_value: string }[] };
      return Number(result.rows[0]!.last_value);
    };
    const before = await lastVersion();
    await t.db.insert(components).values(
      Array.from({ length: 300 }, (_, i) => ({
        userId: rider.userId,
        bicycleId: bicycle.id,
        name: `Spoke ${i}`,
        type: "Wheels",
      })),
    );
    // One upsert for the statement, none for the 300 bicycle updates that only keep its component count.
    expect((await lastVersion()) - before).toBe(1);
    expect(await listOf(rider, bicycle.id)).toHaveLength(301);
  });

  it("answers another user 404 for a bicycle whose list the server holds", async () => {
    const { bicycle } = await riderWithBicycle();
    const stranger = await signUp(t.app);
    expect((await stranger.request("GET", `/api/bicycles/${bicycle.id}/components`)).status).toBe(404);
    expect((await t.app.request(`/api/bicycles/${bicycle.id}/components`)).status).toBe(401);
  });

  it("answers from what it holds while the owner's data version is unchanged", async () => {
    const { rider, bicycle, chain } = await riderWithBicycle();
    // Changed behind the versions' back: the triggers renew a version, which is then put back.
    await changeBehindDataVersion(t.db, rider.userId, () =>
      t.db.update(components).set({ name: "Renamed" }).where(eq(components.id, chain.id)),
    );
    expect((await listOf(rider, bicycle.id))[0]!.name).toBe("Chain");
    await answered(
      rider.request("PUT", `/api/components/${chain.id}`, { name: "Chain 12", type: "Drivetrain" }),
      "component",
    );
    expect((await listOf(rider, bicycle.id))[0]!.name).toBe("Chain 12");
  });
});
