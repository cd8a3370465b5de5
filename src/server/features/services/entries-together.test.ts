import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Bicycle } from "../../../shared/schemas/bicycle.ts";
import type { Component } from "../../../shared/schemas/component.ts";
import type { DashboardStats } from "../../../shared/schemas/dashboard.ts";
import type { ServiceEntry } from "../../../shared/schemas/service-entry.ts";
import { serviceEntries, session } from "../../db/schema.ts";
import {
  answered,
  createTestApp,
  describeEachDatabase,
  json,
  signUp,
  type TestApp,
  type TestClient,
} from "../../testing/test-app.ts";

// Service entries added at the same time are written in one statement (decision 0030). Each request must
// still get its own entry, its own 401 or 404, and the figures must count every entry once.
describeEachDatabase("service entries added at the same time", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  async function riderWithChain(name: string) {
    const rider = await signUp(t.app);
    const bicycle = await answered<Bicycle>(rider.request("POST", "/api/bicycles", { name }), "bicycle");
    const chain = await answered<Component>(
      rider.request("POST", "/api/components", {
        bicycleId: bicycle.id,
        name: `${name} chain`,
        type: "Drivetrain",
      }),
      "component",
    );
    return { rider, bicycle, chain };
  }
  const add = (rider: TestClient, componentId: string, description: string, cost = 5) =>
    rider.request("POST", `/api/components/${componentId}/services`, {
      date: "2024-03-01",
      description,
      cost,
    });
  const logOf = async (rider: TestClient, componentId: string) =>
    (
      await json<{ services: ServiceEntry[] }>(
        rider.request("GET", `/api/components/${componentId}/services`),
      )
    ).services
      .map((entry) => entry.description)
      .sort();

  it("are written in one statement, each for its own rider and component, and all counted", async () => {
    const first = await riderWithChain("Gravel");
    const second = await riderWithChain("Road");
    t.queries.count = 0;
    const riders = Array.from({ length: 20 }, (_, i) => (i % 2 === 0 ? first : second));
    const responses = await Promise.all(
      riders.map(({ rider, chain }, i) => add(rider, chain.id, `Entry ${i}`, i)),
    );
    expect(t.queries.count).toBe(1);
    expect(responses.map((r) => r.status)).toEqual(riders.map(() => 201));
    const written = await Promise.all(responses.map((r) => json<{ service: ServiceEntry }>(r)));
    written.forEach(({ service }, i) => {
      expect(service).toMatchObject({
        description: `Entry ${i}`,
        cost: i,
        componentId: riders[i]!.chain.id,
        componentName: riders[i]!.chain.name,
        bicycleName: riders[i]!.bicycle.name,
      });
    });
    expect(new Set(written.map(({ service }) => service.id)).size).toBe(20);

    const evens = Array.from({ length: 10 }, (_, i) => `Entry ${2 * i}`).sort();
    const odds = Array.from({ length: 10 }, (_, i) => `Entry ${2 * i + 1}`).sort();
    expect(await logOf(first.rider, first.chain.id)).toEqual(evens);
    expect(await logOf(second.rider, second.chain.id)).toEqual(odds);
    const stats = await json<DashboardStats>(first.rider.request("GET", "/api/dashboard"));
    expect(stats).toMatchObject({ totalServiceEntries: 10, totalCost: 90 });
  });

  it("answer 404 for another rider's component and 401 for a session gone, and write the others", async () => {
    const owner = await riderWithChain("Owner");
    const stranger = await riderWithChain("Stranger");
    const leaving = await riderWithChain("Leaving");
    await t.db.delete(session).where(eq(session.userId, leaving.rider.userId));

    const responses = await Promise.all([
      add(owner.rider, owner.chain.id, "Mine"),
      add(stranger.rider, owner.chain.id, "Not mine"),
      add(leaving.rider, leaving.chain.id, "Signed out"),
      add(owner.rider, "00000000-0000-4000-8000-000000000000", "No such component"),
      add(stranger.rider, stranger.chain.id, "Also mine"),
    ]);
    expect(responses.map((r) => r.status)).toEqual([201, 404, 401, 404, 201]);
    expect(await logOf(owner.rider, owner.chain.id)).toEqual(["Mine"]);
    expect(await logOf(stranger.rider, stranger.chain.id)).toEqual(["Also mine"]);
    const leftBehind = await t.db
      .select()
      .from(serviceEntries)
      .where(eq(serviceEntries.userId, leaving.rider.userId));
    expect(leftBehind).toEqual([]);
  });

  it("refuse the one with bad input and write the others", async () => {
    const { rider, chain } = await riderWithChain("Touring");
    const responses = await Promise.all([
      add(rider, chain.id, "Before"),
      add(rider, chain.id, "Bad \u0000 byte"),
      add(rider, chain.id, "After"),
    ]);
    expect(responses.map((r) => r.status)).toEqual([201, 400, 201]);
    expect(await json(responses[1]!)).toMatchObject({
      error: { fields: { description: "Text must not contain NUL characters" } },
    });
    expect(await logOf(rider, chain.id)).toEqual(["After", "Before"]);
  });
});
