import { and, eq } from "drizzle-orm";
import { expect, it } from "vitest";
import type { Bicycle } from "../../../shared/schemas/bicycle.ts";
import type { Component } from "../../../shared/schemas/component.ts";
import type { SharedBikeView, SharedLink } from "../../../shared/schemas/share.ts";
import type { Spending } from "../../../shared/schemas/spending.ts";
import { componentInstallations, rides, subscriptions } from "../../db/schema.ts";
import {
  anonymous,
  describeEachDatabase,
  json,
  signUp,
  type TestClient,
  useTestApp,
} from "../../testing/test-app.ts";
import { spending } from "./service.ts";

/** The month `back` months before this one (UTC), as yyyy-MM. */
function month(back: number): string {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1)).toISOString().slice(0, 7);
}
const today = () => new Date().toISOString().slice(0, 10);

describeEachDatabase("costs: cost per km and spending", (kind) => {
  const t = useTestApp(kind);

  async function premiumRider() {
    const rider = await signUp(t.app);
    await t.db.insert(subscriptions).values({ userId: rider.userId, tier: "premium" });
    return rider;
  }
  async function addBicycle(rider: TestClient, body: Record<string, unknown>) {
    return (await json<{ bicycle: Bicycle }>(rider.request("POST", "/api/bicycles", body))).bicycle;
  }
  async function addComponent(rider: TestClient, body: Record<string, unknown>) {
    const response = await rider.request("POST", "/api/components", { type: "Drivetrain", ...body });
    expect(response.status).toBe(201);
    return (await json<{ component: Component }>(response)).component;
  }
  async function addService(rider: TestClient, componentId: string, date: string, cost: number) {
    const response = await rider.request("POST", `/api/components/${componentId}/services`, {
      date,
      description: `Service of ${date}`,
      cost,
    });
    expect(response.status).toBe(201);
  }
  async function addRide(rider: TestClient, bicycleId: string, startedAt: string, distanceKm: number) {
    const response = await rider.request("POST", `/api/bicycles/${bicycleId}/rides`, {
      name: "Ride",
      startedAt,
      distanceKm,
      movingSeconds: 3600,
    });
    expect(response.status).toBe(201);
  }
  const component = async (rider: TestClient, id: string) =>
    (await json<{ component: Component }>(rider.request("GET", `/api/components/${id}`))).component;
  const bicycle = async (rider: TestClient, id: string) =>
    (await json<{ bicycle: Bicycle }>(rider.request("GET", `/api/bicycles/${id}`))).bicycle;

  /**
   * Road (bought for $1,000) with a chain, Gravel with a tyre, a spare in the parts bin. The chain has 2,000 km
   * on Road, then moves to Gravel, where both ride 100 km more.
   */
  async function garage() {
    const rider = await premiumRider();
    const road = await addBicycle(rider, { name: "Road", price: 1000 });
    const gravel = await addBicycle(rider, { name: "Gravel" });
    const chain = await addComponent(rider, { bicycleId: road.id, name: "Chain", installedAt: "2020-01-01" });
    const tyre = await addComponent(rider, {
      bicycleId: gravel.id,
      name: "Tyre",
      type: "Tires",
      installedAt: "2020-01-01",
    });
    const spare = await addComponent(rider, { name: "Spare chain" });
    await addRide(rider, road.id, "2020-06-01T08:00:00Z", 2000);
    await addRide(rider, gravel.id, "2020-06-01T08:00:00Z", 500);

    await addService(rider, chain.id, `${month(12)}-28`, 10); // on Road, 12 months ago: not in the chart
    await addService(rider, chain.id, `${month(2)}-15`, 30);
    await addService(rider, tyre.id, `${month(11)}-01`, 5); // the chart's first day
    await addService(rider, tyre.id, `${month(2)}-15`, 45.5);
    await addService(rider, tyre.id, `${month(0)}-01`, 20);
    // Logged for a part first placed (in the parts bin) after the entry's date: it counts where it was placed.
    await addService(rider, spare.id, `${month(1)}-10`, 8);

    await rider.request("POST", `/api/components/${chain.id}/assign`, { bicycleId: gravel.id });
    await addService(rider, chain.id, today(), 12); // today, after the move: Gravel's
    await addRide(rider, gravel.id, new Date(Date.now() + 1000).toISOString(), 100);
    return { rider, road, gravel, chain, tyre, spare };
  }

  it("gives each component and bicycle what it cost per km, from its own services and distance", async () => {
    const { rider, road, gravel, chain, tyre, spare } = await garage();

    // Chain: $52 over 2,100 km; tyre: $70.50 over 600 km; the spare has no distance yet.
    expect(await component(rider, chain.id)).toMatchObject({ distance: 2100, costPerKm: 0.02476 });
    expect(await component(rider, tyre.id)).toMatchObject({ distance: 600, costPerKm: 0.1175 });
    expect(await component(rider, spare.id)).toMatchObject({ distance: 0, costPerKm: null });
    // Lists give the same figures as the component's own answer.
    const onGravel = await json<{ components: Component[] }>(
      rider.request("GET", `/api/bicycles/${gravel.id}/components`),
    );
    expect(onGravel.components.map((c) => [c.name, c.costPerKm])).toEqual([
      ["Chain", 0.02476],
      ["Tyre", 0.1175],
    ]);
    const partsBin = await json<{ components: Component[] }>(
      rider.request("GET", "/api/components/parts-bin"),
    );
    expect(partsBin.components.map((c) => c.costPerKm)).toEqual([null]);

    // Road: its price and the chain's $40 of services while on it, over 2,000 km. Gravel: no price; the tyre's
    // $70.50 and the chain's $12 since the move, over 600 km.
    expect(await bicycle(rider, road.id)).toMatchObject({
      serviceCost: 40,
      distanceKm: 2000,
      costPerKm: 0.52,
    });
    expect(await bicycle(rider, gravel.id)).toMatchObject({
      serviceCost: 82.5,
      distanceKm: 600,
      costPerKm: 0.1375,
    });
    const listed = await json<{ bicycles: Bicycle[] }>(rider.request("GET", "/api/bicycles"));
    expect(listed.bicycles.map((b) => [b.name, b.serviceCost, b.costPerKm])).toEqual([
      ["Gravel", 82.5, 0.1375],
      ["Road", 40, 0.52],
    ]);
    const dashboard = await json<{ bicycles: Bicycle[] }>(rider.request("GET", "/api/dashboard"));
    expect(dashboard.bicycles).toEqual(listed.bicycles);
  });

  it("never answers 0 per km for something paid: $5 over 200,000 km is 0.000025, in every list", async () => {
    const rider = await signUp(t.app);
    const tourer = await addBicycle(rider, { name: "Tourer" });
    const chain = await addComponent(rider, {
      bicycleId: tourer.id,
      name: "Chain",
      installedAt: "2020-01-01",
    });
    // 100 rides of 2,000 km (the most a ride may be), in one statement.
    await t.db.insert(rides).values(
      Array.from({ length: 100 }, (_, i) => ({
        userId: rider.userId,
        bicycleId: tourer.id,
        name: `Tour ${i}`,
        startedAt: new Date(Date.UTC(2020, 5, 1 + i)),
        distanceKm: "2000",
        movingSeconds: 3600,
        source: "manual",
      })),
    );
    await addService(rider, chain.id, "2024-05-31", 5);

    // To 4 decimals this was 0, as if free.
    expect(await component(rider, chain.id)).toMatchObject({ distance: 200_000, costPerKm: 0.000025 });
    const listed = await json<{ components: Component[] }>(
      rider.request("GET", `/api/bicycles/${tourer.id}/components`),
    );
    expect(listed.components.map((c) => c.costPerKm)).toEqual([0.000025]);
    expect(await bicycle(rider, tourer.id)).toMatchObject({ distanceKm: 200_000, costPerKm: 0.000025 });
    const bicycles = await json<{ bicycles: Bicycle[] }>(rider.request("GET", "/api/bicycles"));
    expect(bicycles.bicycles.map((b) => b.costPerKm)).toEqual([0.000025]);
  });

  it("counts a service logged before its part was placed to where the part was first placed", async () => {
    const rider = await premiumRider();
    const road = await addBicycle(rider, { name: "Road" });
    const gravel = await addBicycle(rider, { name: "Gravel" });
    // Fitted today, with a log typed in from before; then moved to Gravel, where a new service is logged.
    const pedals = await addComponent(rider, { bicycleId: road.id, name: "Pedals", type: "Pedals" });
    await addService(rider, pedals.id, "2021-03-01", 15);
    await addService(rider, pedals.id, "2022-03-01", 10);
    await rider.request("POST", `/api/components/${pedals.id}/assign`, { bicycleId: gravel.id });
    await addService(rider, pedals.id, today(), 7);

    const listed = await json<{ bicycles: Bicycle[] }>(rider.request("GET", "/api/bicycles"));
    expect(listed.bicycles.map((b) => [b.name, b.serviceCost])).toEqual([
      ["Gravel", 7],
      ["Road", 25],
    ]);
  });

  it("sums the last 12 months by month and by bicycle, the parts bin as its own group", async () => {
    const { rider, road, gravel } = await garage();
    const stranger = await signUp(t.app);
    const theirs = await addBicycle(stranger, { name: "Theirs" });
    const theirPart = await addComponent(stranger, { bicycleId: theirs.id, name: "Chain" });
    await addService(stranger, theirPart.id, today(), 999);

    const spent = await json<Spending>(rider.request("GET", "/api/spending"));
    expect(spent.months).toEqual(Array.from({ length: 12 }, (_, i) => month(11 - i)));
    const at = (back: number, amount: number) => {
      const amounts = Array<number>(12).fill(0);
      amounts[11 - back] = amount;
      return amounts;
    };
    const sum = (...rows: number[][]) => rows[0]!.map((_, i) => rows.reduce((all, row) => all + row[i]!, 0));
    expect(spent.groups).toEqual([
      {
        bicycleId: gravel.id,
        bicycleName: "Gravel",
        amounts: sum(at(11, 5), at(2, 45.5), at(0, 32)),
        total: 82.5,
      },
      { bicycleId: road.id, bicycleName: "Road", amounts: at(2, 30), total: 30 },
      { bicycleId: null, bicycleName: null, amounts: at(1, 8), total: 8 },
    ]);
    expect(spent.total).toBe(120.5);

    // The stranger sees only their own $999.
    const theirSpending = await json<Spending>(stranger.request("GET", "/api/spending"));
    expect(theirSpending.groups).toEqual([
      { bicycleId: theirs.id, bicycleName: "Theirs", amounts: at(0, 999), total: 999 },
    ]);
  });

  it("counts a service to the bicycle and the month of the rider's day, not UTC's", async () => {
    const rider = await premiumRider();
    // UTC+14 all year: May 1 begins there at 10:00 UTC on Apr 30.
    const saved = await rider.request("PUT", "/api/settings", { timeZone: "Pacific/Kiritimati" });
    expect(saved.status).toBe(200);
    const road = await addBicycle(rider, { name: "Road" });
    const gravel = await addBicycle(rider, { name: "Gravel" });
    const chain = await addComponent(rider, { bicycleId: road.id, name: "Chain", installedAt: "2026-04-01" });
    await rider.request("POST", `/api/components/${chain.id}/assign`, { bicycleId: gravel.id });
    // The move was made on the morning of May 2 there (12:00 UTC on May 1), after a service on May 1 on Road.
    const movedAt = new Date("2026-05-01T12:00:00Z");
    await t.db
      .update(componentInstallations)
      .set({ endedAt: movedAt })
      .where(
        and(eq(componentInstallations.componentId, chain.id), eq(componentInstallations.bicycleId, road.id)),
      );
    await t.db
      .update(componentInstallations)
      .set({ startedAt: movedAt })
      .where(
        and(
          eq(componentInstallations.componentId, chain.id),
          eq(componentInstallations.bicycleId, gravel.id),
        ),
      );
    await addService(rider, chain.id, "2026-05-01", 30);

    expect((await bicycle(rider, road.id)).serviceCost).toBe(30);
    expect((await bicycle(rider, gravel.id)).serviceCost).toBe(0);
    // At 02:00 on May 1 there (12:00 UTC on Apr 30) the chart's last month is May, with the service in it.
    const spent = await spending(t.db, rider.userId, new Date("2026-04-30T12:00:00Z"));
    expect(spent.months.at(-1)).toBe("2026-05");
    expect(spent.groups).toEqual([
      { bicycleId: road.id, bicycleName: "Road", amounts: [...Array<number>(11).fill(0), 30], total: 30 },
    ]);
  });

  it("answers a rider with no costs with no groups, and a visitor with 401", async () => {
    const rider = await signUp(t.app);
    await addBicycle(rider, { name: "New" });
    const spent = await json<Spending>(rider.request("GET", "/api/spending"));
    expect(spent).toMatchObject({ groups: [], total: 0 });
    expect(spent.months).toHaveLength(12);
    expect((await anonymous(t.app).request("GET", "/api/spending")).status).toBe(401);
  });

  it("puts cost per km in a share link only when it includes costs", async () => {
    const { rider, gravel } = await garage();
    const share = async (includeCosts: boolean) => {
      const { link } = await json<{ link: SharedLink }>(
        rider.request("POST", `/api/bicycles/${gravel.id}/share`, { includeCosts }),
      );
      return json<SharedBikeView>(anonymous(t.app).request("GET", `/api/shared/${link.token}`));
    };
    const withCosts = await share(true);
    expect(withCosts.snapshot.bike.costPerKm).toBe(0.1375);
    expect(withCosts.snapshot.components.map((c) => c.costPerKm)).toEqual([0.02476, 0.1175]);

    const without = await share(false);
    expect(JSON.stringify(without)).not.toContain("costPerKm");
    expect(JSON.stringify(without)).not.toContain("cost");
  });
});
