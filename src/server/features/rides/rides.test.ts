import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { messages } from "../../../shared/messages.ts";
import type { Bicycle } from "../../../shared/schemas/bicycle.ts";
import type { Component, Installation } from "../../../shared/schemas/component.ts";
import type { Ride, RidesPage } from "../../../shared/schemas/ride.ts";
import type { ServiceInterval } from "../../../shared/schemas/service-interval.ts";
import { componentInstallations, rides, subscriptions } from "../../db/schema.ts";
import {
  anonymous,
  describeEachDatabase,
  json,
  signUp,
  type TestClient,
  useTestApp,
} from "../../testing/test-app.ts";

describeEachDatabase("rides and component wear", (kind) => {
  const t = useTestApp(kind);

  async function premiumRider() {
    const rider = await signUp(t.app);
    await t.db.insert(subscriptions).values({ userId: rider.userId, tier: "premium" });
    return rider;
  }
  async function addBicycle(rider: TestClient, name: string) {
    return (await json<{ bicycle: Bicycle }>(rider.request("POST", "/api/bicycles", { name }))).bicycle;
  }
  async function addRide(
    rider: TestClient,
    bicycleId: string,
    startedAt: string,
    distanceKm: number,
    movingSeconds = 3600,
  ) {
    const response = await rider.request("POST", `/api/bicycles/${bicycleId}/rides`, {
      name: `Ride of ${startedAt}`,
      startedAt,
      distanceKm,
      movingSeconds,
    });
    expect(response.status).toBe(201);
    return (await json<{ ride: Ride }>(response)).ride;
  }
  async function component(rider: TestClient, id: string) {
    return (await json<{ component: Component }>(rider.request("GET", `/api/components/${id}`))).component;
  }

  it("a component moved from bike A to bike B after 100 km on A, then ridden 50 km on B, shows 150 km", async () => {
    const rider = await premiumRider();
    const a = await addBicycle(rider, "Road");
    const b = await addBicycle(rider, "Gravel");
    const chain = (
      await json<{ component: Component }>(
        rider.request("POST", "/api/components", {
          bicycleId: a.id,
          name: "Chain",
          type: "Drivetrain",
          mileage: 20,
          installedAt: "2024-01-01",
        }),
      )
    ).component;
    expect(chain).toMatchObject({ mileage: 20, distance: 20, movingSeconds: 0 });
    // Rides on A while the chain is on it; one before it was fitted counts for nothing.
    await addRide(rider, a.id, "2023-12-31T10:00:00Z", 999);
    await addRide(rider, a.id, "2024-02-01T10:00:00Z", 60, 7200);
    await addRide(rider, a.id, "2024-03-01T10:00:00+01:00", 40, 5400);
    expect(await component(rider, chain.id)).toMatchObject({ distance: 120, movingSeconds: 12_600 });

    // In the parts bin for a while: the rides of A then are not the chain's.
    await rider.request("POST", `/api/components/${chain.id}/move-to-parts-bin`);
    await addRide(rider, a.id, new Date(Date.now() + 1000).toISOString(), 500);
    expect((await component(rider, chain.id)).distance).toBe(120);

    // Then on B: 50 km more.
    await rider.request("POST", `/api/components/${chain.id}/assign`, { bicycleId: b.id });
    await addRide(rider, b.id, new Date(Date.now() + 2000).toISOString(), 50, 1800);
    const moved = await component(rider, chain.id);
    expect(moved).toMatchObject({ mileage: 20, distance: 170, movingSeconds: 14_400, bicycleId: b.id });
    // 150 km ridden (100 on A, 50 on B) plus the 20 before tracking; the same figure in the bicycle's list.
    const onB = await json<{ components: Component[] }>(
      rider.request("GET", `/api/bicycles/${b.id}/components`),
    );
    expect(onB.components.map((c) => c.distance)).toEqual([170]);

    const history = await json<{ installations: Installation[] }>(
      rider.request("GET", `/api/components/${chain.id}/installations`),
    );
    expect(history.installations.map((i) => [i.bicycleName, i.distanceKm, i.endedAt === null])).toEqual([
      ["Road", 100, false],
      [null, 0, false],
      ["Gravel", 50, true],
    ]);
    expect(history.installations[0]!.startedAt).toBe("2024-01-01T00:00:00.000Z");
  });

  it("lists rides newest first with totals per bicycle and per year, a page at a time", async () => {
    const rider = await premiumRider();
    const bike = await addBicycle(rider, "Road");
    const other = await addBicycle(rider, "Town");
    await addRide(rider, bike.id, "2023-06-01T08:00:00Z", 10.5, 1800);
    await addRide(rider, bike.id, "2024-06-01T08:00:00Z", 20.25, 3600);
    await addRide(rider, bike.id, "2024-07-01T08:00:00Z", 30, 5400);
    await addRide(rider, other.id, "2024-08-01T08:00:00Z", 5, 600);
    const page = await json<RidesPage>(rider.request("GET", `/api/bicycles/${bike.id}/rides`));
    expect(page.rides.map((r) => r.distanceKm)).toEqual([30, 20.25, 10.5]);
    expect(page.totals).toEqual({ rides: 3, distanceKm: 60.75, movingSeconds: 10_800 });
    expect(page.byYear).toEqual([
      { year: 2024, rides: 2, distanceKm: 50.25, movingSeconds: 9000 },
      { year: 2023, rides: 1, distanceKm: 10.5, movingSeconds: 1800 },
    ]);
    const all = await json<RidesPage>(rider.request("GET", "/api/rides"));
    expect(all.totals.rides).toBe(4);
    expect(all.byBicycle).toEqual([
      { bicycleId: bike.id, bicycleName: "Road", rides: 3, distanceKm: 60.75, movingSeconds: 10_800 },
      { bicycleId: other.id, bicycleName: "Town", rides: 1, distanceKm: 5, movingSeconds: 600 },
    ]);
    expect(page.byBicycle.map((b) => b.bicycleName)).toEqual(["Road"]);
    expect(all.rides[0]).toMatchObject({ bicycleName: "Town", source: "manual" });

    // New Year's Eve at 19:30 in New York is 00:30 on the 1st in London: the year is the rider's own.
    await addRide(rider, other.id, "2025-01-01T00:30:00Z", 8, 1200);
    const years = async (query: string) =>
      (await json<RidesPage>(rider.request("GET", `/api/bicycles/${other.id}/rides${query}`))).byYear.map(
        (y) => [y.year, y.rides],
      );
    expect(await years("")).toEqual([
      [2025, 1],
      [2024, 1],
    ]);
    expect(await years("?utcOffset=-300")).toEqual([[2024, 2]]);
    expect(await years("?utcOffset=60")).toEqual([
      [2025, 1],
      [2024, 1],
    ]);
    expect((await rider.request("GET", `/api/rides?utcOffset=900`)).status).toBe(400);

    // 120 rides: three pages of 50.
    await t.db.insert(rides).values(
      Array.from({ length: 117 }, (_, i) => ({
        userId: rider.userId,
        bicycleId: bike.id,
        name: `Commute ${i}`,
        startedAt: new Date(Date.UTC(2022, 0, 1 + i)),
        distanceKm: "1",
        movingSeconds: 60,
        source: "manual",
      })),
    );
    const third = await json<RidesPage>(rider.request("GET", `/api/bicycles/${bike.id}/rides?page=3`));
    expect(third).toMatchObject({ page: 3, pageCount: 3 });
    expect(third.rides).toHaveLength(20);
    expect((await rider.request("GET", `/api/bicycles/${bike.id}/rides?page=0`)).status).toBe(400);
  });

  it("edits and deletes a ride, refuses bad input naming the field, and keeps others' rides out", async () => {
    const rider = await premiumRider();
    const bike = await addBicycle(rider, "Road");
    const ride = await addRide(rider, bike.id, "2024-06-01T08:00:00Z", 42);

    const bad = await rider.request("POST", `/api/bicycles/${bike.id}/rides`, {
      name: "",
      startedAt: "yesterday",
      distanceKm: 0,
      movingSeconds: -1,
    });
    expect(bad.status).toBe(400);
    const body = await json<{ error: { fields: Record<string, string> } }>(bad);
    expect(body.error.fields).toMatchObject({
      name: messages.rides.nameRequired,
      startedAt: messages.rides.startRequired,
      distanceKm: messages.rides.distanceInvalid,
      movingSeconds: messages.rides.timeInvalid,
    });
    const fraction = await rider.request("PUT", `/api/rides/${ride.id}`, { ...ride, movingSeconds: 1.5 });
    expect((await json<{ error: { fields: Record<string, string> } }>(fraction)).error.fields).toEqual({
      movingSeconds: messages.rides.timeWholeSeconds,
    });

    const edited = await json<{ ride: Ride }>(
      rider.request("PUT", `/api/rides/${ride.id}`, {
        name: "Evening loop",
        startedAt: "2024-06-01T18:00:00Z",
        distanceKm: 43.5,
        movingSeconds: 6000,
        elevationGainM: 420,
      }),
    );
    expect(edited.ride).toMatchObject({ name: "Evening loop", distanceKm: 43.5, elevationGainM: 420 });

    // A ride from the future is a typo (or a device's clock), not a ride: refused, nothing changed.
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString();
    const future = await rider.request("PUT", `/api/rides/${ride.id}`, {
      ...edited.ride,
      startedAt: tomorrow,
    });
    expect(future.status).toBe(400);
    expect((await json<{ error: { fields: Record<string, string> } }>(future)).error.fields).toEqual({
      startedAt: messages.rides.startInFuture,
    });
    const listed = await json<{ rides: Ride[] }>(rider.request("GET", `/api/bicycles/${bike.id}/rides`));
    expect(listed.rides.map((r) => r.startedAt)).toEqual([edited.ride.startedAt]);

    const stranger = await signUp(t.app);
    expect((await stranger.request("PUT", `/api/rides/${ride.id}`, { ...edited.ride })).status).toBe(404);
    expect((await stranger.request("DELETE", `/api/rides/${ride.id}`)).status).toBe(404);
    expect((await stranger.request("GET", `/api/bicycles/${bike.id}/rides`)).status).toBe(404);
    expect(
      (await stranger.request("POST", `/api/bicycles/${bike.id}/rides`, { ...edited.ride })).status,
    ).toBe(404);
    expect((await anonymous(t.app).request("GET", "/api/rides")).status).toBe(401);

    expect((await rider.request("DELETE", `/api/rides/${ride.id}`)).status).toBe(204);
    expect(await t.db.select().from(rides).where(eq(rides.userId, rider.userId))).toEqual([]);
  });

  it("moves a ride to another of the rider's bicycles: wear, due intervals, totals and costs per km follow it", async () => {
    const rider = await premiumRider();
    const made = async <T>(path: string, body: Record<string, unknown>, key: string) => {
      const response = await rider.request("POST", path, body);
      expect(response.status, path).toBe(201);
      return (await json<Record<string, T>>(response))[key]!;
    };
    const road = await made<Bicycle>("/api/bicycles", { name: "Road", price: 950 }, "bicycle");
    const gravel = await made<Bicycle>("/api/bicycles", { name: "Gravel", price: 380 }, "bicycle");
    const part = (bicycleId: string, name: string, type: string) =>
      made<Component>("/api/components", { bicycleId, name, type, installedAt: "2024-01-01" }, "component");
    const chain = await part(road.id, "Chain", "Drivetrain");
    const tyre = await part(gravel.id, "Tyre", "Tires");
    for (const id of [chain.id, tyre.id]) {
      await made(`/api/components/${id}/intervals`, { label: "Check", everyKm: 200 }, "interval");
    }
    await made(
      `/api/components/${chain.id}/services`,
      { date: "2024-01-15", description: "Wax", cost: 38 },
      "service",
    );
    const ride = await addRide(rider, road.id, "2024-06-01T08:00:00Z", 190);

    const bicycleOf = async (id: string) =>
      (await json<{ bicycle: Bicycle }>(rider.request("GET", `/api/bicycles/${id}`))).bicycle;
    const ridesOf = async (id: string) => json<RidesPage>(rider.request("GET", `/api/bicycles/${id}/rides`));
    const intervalOf = async (id: string) =>
      (await json<{ intervals: ServiceInterval[] }>(rider.request("GET", `/api/components/${id}/intervals`)))
        .intervals[0]!.status;
    /** Each part's distance, cost per km and interval; each bicycle's distance, cost per km and rides. */
    const state = async () => ({
      chain: { ...pick(await component(rider, chain.id)), interval: pickStatus(await intervalOf(chain.id)) },
      tyre: { ...pick(await component(rider, tyre.id)), interval: pickStatus(await intervalOf(tyre.id)) },
      road: { ...pickBicycle(await bicycleOf(road.id)), rides: (await ridesOf(road.id)).totals.rides },
      gravel: { ...pickBicycle(await bicycleOf(gravel.id)), rides: (await ridesOf(gravel.id)).totals.rides },
    });
    const pick = ({ distance, costPerKm }: Component) => ({ distance, costPerKm });
    const pickStatus = ({ state, distance }: ServiceInterval["status"]) => ({ state, used: distance?.used });
    const pickBicycle = ({ distanceKm, costPerKm }: Bicycle) => ({ distanceKm, costPerKm });

    const before = {
      chain: { distance: 190, costPerKm: 0.2, interval: { state: "due-soon", used: 190 } },
      tyre: { distance: 0, costPerKm: null, interval: { state: "ok", used: 0 } },
      road: { distanceKm: 190, costPerKm: 5.2, rides: 1 },
      gravel: { distanceKm: 0, costPerKm: null, rides: 0 },
    };
    expect(await state()).toEqual(before);

    // Refused, changing nothing (the name sent with it neither): another user's bicycle, one that does not
    // exist, and something that is no id at all.
    const stranger = await signUp(t.app);
    const theirs = (
      await json<{ bicycle: Bicycle }>(stranger.request("POST", "/api/bicycles", { name: "Theirs" }))
    ).bicycle;
    for (const bicycleId of [theirs.id, "7d0a3f4e-9a51-4c1b-8f2e-5b6c7d8e9f01"]) {
      const refused = await rider.request("PUT", `/api/rides/${ride.id}`, { name: "Moved", bicycleId });
      expect(refused.status).toBe(404);
    }
    for (const bicycleId of ["not-an-id", null, ""]) {
      const refused = await rider.request("PUT", `/api/rides/${ride.id}`, { name: "Moved", bicycleId });
      expect(refused.status).toBe(400);
      expect((await json<{ error: { fields: Record<string, string> } }>(refused)).error.fields).toEqual({
        bicycleId: messages.rides.bicycleInvalid,
      });
    }
    // Nor can the stranger move the rider's ride onto their own bicycle.
    expect((await stranger.request("PUT", `/api/rides/${ride.id}`, { bicycleId: theirs.id })).status).toBe(
      404,
    );
    expect(await state()).toEqual(before);
    expect((await ridesOf(road.id)).rides.map((r) => r.name)).toEqual([ride.name]);

    const moved = await rider.request("PUT", `/api/rides/${ride.id}`, { bicycleId: gravel.id });
    expect(moved.status).toBe(200);
    expect((await json<{ ride: Ride }>(moved)).ride).toMatchObject({
      id: ride.id,
      bicycleId: gravel.id,
      bicycleName: "Gravel",
      distanceKm: 190,
      startedAt: ride.startedAt,
    });
    // The ride's 190 km now wear the tyre, not the chain; the chain's $38 are over no distance any more.
    expect(await state()).toEqual({
      chain: { distance: 0, costPerKm: null, interval: { state: "ok", used: 0 } },
      tyre: { distance: 190, costPerKm: null, interval: { state: "due-soon", used: 190 } },
      road: { distanceKm: 0, costPerKm: null, rides: 0 },
      gravel: { distanceKm: 190, costPerKm: 2, rides: 1 },
    });
    expect((await ridesOf(gravel.id)).rides.map((r) => r.id)).toEqual([ride.id]);
    // Changed here: a Strava import leaves it where the rider put it (decision 0041).
    const [row] = await t.db.select().from(rides).where(eq(rides.id, ride.id));
    expect(row!.editedAt).not.toBeNull();
  });

  it("refuses a start typed with a short year and a distance under a metre, naming the field and storing nothing", async () => {
    const rider = await premiumRider();
    const bike = await addBicycle(rider, "Road");
    const ride = {
      name: "Morning loop",
      startedAt: "2024-05-05T07:00:00Z",
      distanceKm: 12,
      movingSeconds: 1800,
    };
    const fields = async (body: Record<string, unknown>) => {
      const response = await rider.request("POST", `/api/bicycles/${bike.id}/rides`, body);
      expect(response.status).toBe(400);
      return (await json<{ error: { fields: Record<string, string> } }>(response)).error.fields;
    };
    // "0024" for 2024: it was stored in year 24 and listed as 2024, wearing no part; year 1 was listed as 2001.
    for (const startedAt of ["0024-05-05T07:00:00Z", "0001-01-01T00:00:00Z", "1899-12-31T23:59:59Z"]) {
      expect(await fields({ ...ride, startedAt })).toEqual({ startedAt: messages.rides.startTooEarly });
    }
    // 0.4 m is 0 km to the metre, as stored: it was stored as a ride of 0 km.
    expect(await fields({ ...ride, distanceKm: 0.0004 })).toEqual({
      distanceKm: messages.rides.distanceInvalid,
    });
    const saved = await addRide(rider, bike.id, "2024-05-05T07:00:00Z", 12);
    expect((await rider.request("PUT", `/api/rides/${saved.id}`, { distanceKm: "0,0001" })).status).toBe(400);
    expect(
      (await rider.request("PUT", `/api/rides/${saved.id}`, { startedAt: "0024-05-05T07:00:00Z" })).status,
    ).toBe(400);
    const listed = await json<RidesPage>(rider.request("GET", `/api/bicycles/${bike.id}/rides`));
    expect(listed.rides.map((r) => [r.startedAt, r.distanceKm])).toEqual([["2024-05-05T07:00:00.000Z", 12]]);
    expect(listed.byYear.map((y) => y.year)).toEqual([2024]);
  });

  it("records a period for components created, imported, and fitted in the past; a future date is refused", async () => {
    const rider = await premiumRider();
    const bike = await addBicycle(rider, "Road");
    const future = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    const refused = await rider.request("POST", "/api/components", {
      bicycleId: bike.id,
      name: "Tyre",
      type: "Tires",
      installedAt: future,
    });
    expect(refused.status).toBe(400);
    expect((await json<{ error: { fields: Record<string, string> } }>(refused)).error.fields).toEqual({
      installedAt: messages.components.installedAtInvalid,
    });
    const notADate = await rider.request("POST", "/api/components", {
      bicycleId: bike.id,
      name: "Tyre",
      type: "Tires",
      installedAt: "2024-13-01",
    });
    expect((await json<{ error: { fields: Record<string, string> } }>(notADate)).error.fields).toEqual({
      installedAt: messages.components.installedAtNotADate,
    });
    await rider.request("POST", "/api/components", { bicycleId: null, name: "Spare", type: "Tires" });
    await rider.request("POST", "/api/import/components", {
      components: [{ name: "Cassette", type: "Drivetrain", brand: null }],
    });
    const periods = await t.db
      .select()
      .from(componentInstallations)
      .where(eq(componentInstallations.userId, rider.userId));
    expect(periods.map((p) => p.bicycleId)).toEqual([null, null]);
  });
});
