import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Bicycle } from "../../../shared/schemas/bicycle.ts";
import type { Component } from "../../../shared/schemas/component.ts";
import type { ServiceEntry } from "../../../shared/schemas/service-entry.ts";
import { bicycles, serviceEntries } from "../../db/schema.ts";
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

// A component's service log is kept between requests and checked against the owner's data version on each
// one (decision 0027). Each test reads the log first, so the server holds it, then changes something and
// reads again: the second answer must show the change.
describeEachDatabase("a component's service log, kept between requests", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  interface Log {
    services: ServiceEntry[];
    totalCost: number;
  }
  async function logOf(rider: TestClient, componentId: string) {
    const response = await rider.request("GET", `/api/components/${componentId}/services`);
    expect(response.status).toBe(200);
    return json<Log>(response);
  }
  function addEntry(rider: TestClient, componentId: string, description: string, cost: number) {
    return answered<ServiceEntry>(
      rider.request("POST", `/api/components/${componentId}/services`, {
        date: "2024-03-01",
        description,
        cost,
      }),
      "service",
    );
  }
  async function riderWithLoggedChain() {
    const rider = await signUp(t.app);
    const bicycle = await answered<Bicycle>(
      rider.request("POST", "/api/bicycles", { name: "Gravel" }),
      "bicycle",
    );
    const chain = await answered<Component>(
      rider.request("POST", "/api/components", { bicycleId: bicycle.id, name: "Chain", type: "Drivetrain" }),
      "component",
    );
    const waxed = await addEntry(rider, chain.id, "Waxed", 10);
    expect(await logOf(rider, chain.id)).toEqual({ services: [waxed], totalCost: 10 });
    return { rider, bicycle, chain, waxed };
  }

  it("shows entries added, edited and deleted, with the total", async () => {
    const { rider, chain, waxed } = await riderWithLoggedChain();
    await addEntry(rider, chain.id, "New pins", 2.5);
    const two = await logOf(rider, chain.id);
    expect(two.services.map((s) => s.description).sort()).toEqual(["New pins", "Waxed"]);
    expect(two.totalCost).toBe(12.5);
    await answered(
      rider.request("PUT", `/api/services/${waxed.id}`, {
        date: "2024-03-01",
        description: "Hot waxed",
        cost: 20,
      }),
      "service",
    );
    const edited = await logOf(rider, chain.id);
    expect(edited.services.map((s) => s.description).sort()).toEqual(["Hot waxed", "New pins"]);
    expect(edited.totalCost).toBe(22.5);
    expect((await rider.request("DELETE", `/api/services/${waxed.id}`)).status).toBe(204);
    expect((await logOf(rider, chain.id)).totalCost).toBe(2.5);
  });

  it("shows the component's and its bicycle's new names, and answers 404 once it is deleted", async () => {
    const { rider, bicycle, chain } = await riderWithLoggedChain();
    await answered(
      rider.request("PUT", `/api/components/${chain.id}`, { name: "Chain 12", type: "Drivetrain" }),
      "component",
    );
    expect((await logOf(rider, chain.id)).services[0]!.componentName).toBe("Chain 12");
    await answered(rider.request("PUT", `/api/bicycles/${bicycle.id}`, { name: "Gravel Plus" }), "bicycle");
    expect((await logOf(rider, chain.id)).services[0]!.bicycleName).toBe("Gravel Plus");
    await answered(rider.request("POST", `/api/components/${chain.id}/move-to-parts-bin`), "component");
    expect((await logOf(rider, chain.id)).services[0]!.bicycleId).toBeNull();
    expect((await rider.request("DELETE", `/api/components/${chain.id}`)).status).toBe(204);
    expect((await rider.request("GET", `/api/components/${chain.id}/services`)).status).toBe(404);
  });

  it("shows changes made in the database by other means than this server", async () => {
    const { rider, chain, waxed } = await riderWithLoggedChain();
    await t.db.update(serviceEntries).set({ cost: "14.00" }).where(eq(serviceEntries.id, waxed.id));
    expect((await logOf(rider, chain.id)).totalCost).toBe(14);
  });

  it("answers another user 404 for a component whose log the server holds, and a visitor 401", async () => {
    const { chain } = await riderWithLoggedChain();
    const stranger = await signUp(t.app);
    expect((await stranger.request("GET", `/api/components/${chain.id}/services`)).status).toBe(404);
    const upperCase = chain.id.toUpperCase();
    expect((await stranger.request("GET", `/api/components/${upperCase}/services`)).status).toBe(404);
    expect((await t.app.request(`/api/components/${chain.id}/services`)).status).toBe(401);
  });

  it("answers from what it holds while the owner's data version is unchanged", async () => {
    const { rider, bicycle, chain } = await riderWithLoggedChain();
    // Changed behind the versions' back: the triggers renew a version, which is then put back.
    await changeBehindDataVersion(t.db, rider.userId, () =>
      t.db.update(bicycles).set({ name: "Renamed" }).where(eq(bicycles.id, bicycle.id)),
    );
    expect((await logOf(rider, chain.id)).services[0]!.bicycleName).toBe("Gravel");
    await addEntry(rider, chain.id, "Checked", 0);
    const read = await logOf(rider, chain.id);
    expect(read.services.map((s) => s.bicycleName)).toEqual(["Renamed", "Renamed"]);
  });
});
