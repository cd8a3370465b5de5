import { addMonths, format, subDays, subMonths } from "date-fns";
import { expect, it } from "vitest";
import type { Bicycle } from "../../../shared/schemas/bicycle.ts";
import type { Component } from "../../../shared/schemas/component.ts";
import type { ServiceLog } from "../../../shared/schemas/service-entry.ts";
import type { ServiceInterval } from "../../../shared/schemas/service-interval.ts";
import { subscriptions } from "../../db/schema.ts";
import {
  answered,
  describeEachDatabase,
  json,
  signUp,
  type TestClient,
  useTestApp,
} from "../../testing/test-app.ts";

const day = (date: Date) => format(date, "yyyy-MM-dd");
const daysAgo = (n: number) => day(subDays(new Date(), n));

describeEachDatabase("service intervals", (kind) => {
  const t = useTestApp(kind);

  async function bicycle(rider: TestClient, name = "Gravel") {
    return answered<Bicycle>(rider.request("POST", "/api/bicycles", { name }), "bicycle");
  }
  async function component(rider: TestClient, body: Record<string, unknown>) {
    return answered<Component>(rider.request("POST", "/api/components", body), "component");
  }
  async function addInterval(rider: TestClient, componentId: string, body: Record<string, unknown>) {
    return answered<ServiceInterval>(
      rider.request("POST", `/api/components/${componentId}/intervals`, body),
      "interval",
    );
  }
  /** Rides of `km` km and `hours` hours on a bicycle, `when` (default: ten days ago), as one ride each. */
  async function ride(rider: TestClient, bicycleId: string, km: number, hours = 0, when?: Date) {
    const startedAt = (when ?? subDays(new Date(), 10)).toISOString();
    const response = await rider.request("POST", `/api/bicycles/${bicycleId}/rides`, {
      name: "Ride",
      startedAt,
      distanceKm: km,
      movingSeconds: Math.round(hours * 3600),
    });
    expect(response.status).toBe(201);
  }
  async function intervalsOf(rider: TestClient, componentId: string) {
    return answered<ServiceInterval[]>(
      rider.request("GET", `/api/components/${componentId}/intervals`),
      "intervals",
    );
  }
  async function one(rider: TestClient, componentId: string, label: string) {
    const found = (await intervalsOf(rider, componentId)).find((i) => i.label === label);
    if (!found) throw new Error(`no interval ${label}`);
    return found;
  }

  it("a distance interval is due soon one km before and overdue exactly at it", async () => {
    const rider = await signUp(t.app);
    const bike = await bicycle(rider);
    const chain = await component(rider, {
      bicycleId: bike.id,
      name: "Chain",
      type: "Drivetrain",
      installedAt: daysAgo(30),
    });
    await addInterval(rider, chain.id, { label: "Replace chain", everyKm: 3000 });

    await ride(rider, bike.id, 1999);
    await ride(rider, bike.id, 699);
    let interval = await one(rider, chain.id, "Replace chain");
    expect(interval.status).toMatchObject({ state: "ok", distance: { used: 2698, remaining: 302 } });

    await ride(rider, bike.id, 301);
    interval = await one(rider, chain.id, "Replace chain");
    expect(interval.status).toMatchObject({
      state: "due-soon",
      distance: { used: 2999, every: 3000, remaining: 1 },
    });

    await ride(rider, bike.id, 1);
    interval = await one(rider, chain.id, "Replace chain");
    expect(interval.status).toMatchObject({ state: "overdue", distance: { used: 3000, remaining: 0 } });
    expect(interval.lastServiceDate).toBeNull();
    expect(interval.since).toBe(daysAgo(30));
  });

  it("counts the distance the part had before tracking until its first service", async () => {
    const rider = await signUp(t.app);
    const bike = await bicycle(rider);
    const chain = await component(rider, {
      bicycleId: bike.id,
      name: "Used chain",
      type: "Drivetrain",
      mileage: 2800,
      installedAt: daysAgo(30),
    });
    await addInterval(rider, chain.id, { label: "Replace chain", everyKm: 3000 });
    await ride(rider, bike.id, 250);
    expect((await one(rider, chain.id, "Replace chain")).status.state).toBe("overdue");
  });

  it("an hours-only interval counts moving time, not distance", async () => {
    const rider = await signUp(t.app);
    const bike = await bicycle(rider);
    const fork = await component(rider, { bicycleId: bike.id, name: "Pike", type: "Fork" });
    await addInterval(rider, fork.id, { label: "Lower service", everyHours: 50 });

    await ride(rider, bike.id, 1500, 44, new Date(Date.now() + 60_000));
    let lower = await one(rider, fork.id, "Lower service");
    expect(lower.status).toMatchObject({ state: "ok", distance: null, hours: { used: 44, remaining: 6 } });

    await ride(rider, bike.id, 5, 1, new Date(Date.now() + 120_000));
    lower = await one(rider, fork.id, "Lower service");
    expect(lower.status).toMatchObject({ state: "due-soon", hours: { used: 45 } });

    await ride(rider, bike.id, 5, 5, new Date(Date.now() + 180_000));
    expect((await one(rider, fork.id, "Lower service")).status.state).toBe("overdue");
  });

  it("a time-only interval comes due by the calendar, with its due date", async () => {
    const rider = await signUp(t.app);
    const bike = await bicycle(rider);
    const installed = subMonths(new Date(), 13);
    const brakes = await component(rider, {
      bicycleId: bike.id,
      name: "Brakes",
      type: "Brakes",
      installedAt: day(installed),
    });
    const fresh = await component(rider, {
      bicycleId: bike.id,
      name: "Rear brake",
      type: "Brakes",
      installedAt: daysAgo(335),
    });
    const recent = await component(rider, { bicycleId: bike.id, name: "Spare brake", type: "Brakes" });
    for (const part of [brakes, fresh, recent]) {
      await addInterval(rider, part.id, { label: "Brake fluid", everyMonths: 12 });
    }

    const old = await one(rider, brakes.id, "Brake fluid");
    expect(old.status.state).toBe("overdue");
    expect(old.status.time?.dueDate).toBe(day(addMonths(installed, 12)));
    expect(old.status.distance).toBeNull();
    expect((await one(rider, fresh.id, "Brake fluid")).status.state).toBe("due-soon");
    const untouched = await one(rider, recent.id, "Brake fluid");
    expect(untouched.status).toMatchObject({ state: "ok", time: { used: 0 } });
    expect(untouched.status.expectedDueDate).toBe(untouched.status.time?.dueDate);
  });

  it("a combined interval is due at whichever comes first", async () => {
    const rider = await signUp(t.app);
    const bike = await bicycle(rider);
    const byTime = await component(rider, {
      bicycleId: bike.id,
      name: "Tyres",
      type: "Tires",
      installedAt: day(subMonths(new Date(), 7)),
    });
    await addInterval(rider, byTime.id, { label: "Replace tyres", everyKm: 4000, everyMonths: 6 });
    await ride(rider, bike.id, 100);
    let interval = await one(rider, byTime.id, "Replace tyres");
    expect(interval.status).toMatchObject({ state: "overdue", distance: { used: 100, remaining: 3900 } });

    const byDistance = await component(rider, {
      bicycleId: bike.id,
      name: "Rear tyre",
      type: "Tires",
      installedAt: daysAgo(20),
    });
    await addInterval(rider, byDistance.id, { label: "Replace tyres", everyKm: 4000, everyMonths: 6 });
    await ride(rider, bike.id, 1900);
    await ride(rider, bike.id, 1900);
    interval = await one(rider, byDistance.id, "Replace tyres");
    expect(interval.status.state).toBe("due-soon");
    expect(interval.status.time?.remaining).toBeGreaterThan(150);
    await ride(rider, bike.id, 200);
    expect((await one(rider, byDistance.id, "Replace tyres")).status.state).toBe("overdue");
  });

  it("a service entry resets the intervals it names, and by default a component's only one", async () => {
    const rider = await signUp(t.app);
    const bike = await bicycle(rider);
    const fork = await component(rider, {
      bicycleId: bike.id,
      name: "Fork",
      type: "Fork",
      installedAt: daysAgo(60),
    });
    const lower = await addInterval(rider, fork.id, { label: "Lower service", everyHours: 50 });
    await addInterval(rider, fork.id, { label: "Full service", everyHours: 200 });
    await ride(rider, bike.id, 450, 30);
    await ride(rider, bike.id, 450, 30);
    expect((await one(rider, fork.id, "Lower service")).status.state).toBe("overdue");

    // Several intervals and none named: the entry resets none.
    const note = { date: daysAgo(1), description: "Looked at it", cost: 0 };
    expect((await rider.request("POST", `/api/components/${fork.id}/services`, note)).status).toBe(201);
    expect((await one(rider, fork.id, "Lower service")).status.state).toBe("overdue");

    const service = { date: daysAgo(1), description: "Lowers", cost: 40, resetsIntervalIds: [lower.id] };
    const created = await rider.request("POST", `/api/components/${fork.id}/services`, service);
    expect(created.status).toBe(201);
    const reset = await one(rider, fork.id, "Lower service");
    expect(reset.status).toMatchObject({ state: "ok", hours: { used: 0 } });
    expect(reset.lastServiceDate).toBe(daysAgo(1));
    const full = await one(rider, fork.id, "Full service");
    expect(full.status).toMatchObject({ state: "ok", hours: { used: 60 } });
    expect(full.lastServiceDate).toBeNull();

    const log = await json<ServiceLog>(rider.request("GET", `/api/components/${fork.id}/services`));
    expect(log.services.map((s) => s.resetsIntervalIds)).toEqual([[lower.id], []]);

    // A component with one interval: a new entry resets it unless told otherwise.
    const chain = await component(rider, { bicycleId: bike.id, name: "Chain", type: "Drivetrain" });
    const wear = await addInterval(rider, chain.id, { label: "Replace chain", everyKm: 3000 });
    await rider.request("POST", `/api/components/${chain.id}/services`, {
      date: day(new Date()),
      description: "New chain",
      cost: 30,
    });
    expect((await one(rider, chain.id, "Replace chain")).lastServiceDate).toBe(day(new Date()));

    // Editing an entry to reset nothing puts the interval back to counting from installation.
    const entry = (await json<ServiceLog>(rider.request("GET", `/api/components/${chain.id}/services`)))
      .services[0]!;
    expect(entry.resetsIntervalIds).toEqual([wear.id]);
    const edited = await rider.request("PUT", `/api/services/${entry.id}`, {
      date: entry.date,
      description: entry.description,
      cost: entry.cost,
      resetsIntervalIds: [],
    });
    expect(edited.status).toBe(200);
    expect((await one(rider, chain.id, "Replace chain")).lastServiceDate).toBeNull();
  });

  it("follows a component moved between bikes: only its own periods' rides count", async () => {
    const rider = await signUp(t.app);
    await t.db.insert(subscriptions).values({ userId: rider.userId, tier: "premium" });
    const first = await bicycle(rider, "Road");
    const second = await bicycle(rider, "Gravel");
    const chain = await component(rider, {
      bicycleId: first.id,
      name: "Chain",
      type: "Drivetrain",
      installedAt: daysAgo(30),
    });
    await addInterval(rider, chain.id, { label: "Replace chain", everyKm: 3000 });
    await ride(rider, first.id, 1000);
    await ride(rider, second.id, 1800);

    const moved = await rider.request("POST", `/api/components/${chain.id}/assign`, { bicycleId: second.id });
    expect(moved.status).toBe(200);
    const later = new Date(Date.now() + 60_000);
    await ride(rider, first.id, 1500, 0, later);
    await ride(rider, second.id, 700, 0, later);

    const interval = await one(rider, chain.id, "Replace chain");
    expect(interval).toMatchObject({ bicycleId: second.id, bicycleName: "Gravel" });
    expect(interval.status).toMatchObject({ state: "ok", distance: { used: 1700 } });
  });

  it("forecasts a part fitted last week at its bicycle's pace; one in the parts bin does not wear", async () => {
    const rider = await signUp(t.app);
    const bike = await bicycle(rider);
    // 900 km over the last 90 days, before the chain was fitted: the bicycle rides 10 km a day.
    for (const daysBack of [80, 60, 40, 20, 5])
      await ride(rider, bike.id, 180, 6, subDays(new Date(), daysBack));
    const chain = await component(rider, { bicycleId: bike.id, name: "Chain", type: "Drivetrain" });
    await addInterval(rider, chain.id, { label: "Replace chain", everyKm: 3000 });
    const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
    // 3,000 km at 10 km a day; the chain's own week (nothing yet) would tell no day at all.
    expect((await one(rider, chain.id, "Replace chain")).status.expectedDueDate).toBe(inDays(300));

    // Its first ride: 2,910 km left at (900 + 90) / 90 = 11 km a day, not at 90 km spread over 90 days.
    await ride(rider, bike.id, 90, 3, new Date());
    expect((await one(rider, chain.id, "Replace chain")).status.expectedDueDate).toBe(inDays(265));

    const binned = await rider.request("POST", `/api/components/${chain.id}/move-to-parts-bin`);
    expect(binned.status).toBe(200);
    const inBin = await one(rider, chain.id, "Replace chain");
    expect(inBin.status).toMatchObject({ distance: { used: 90 }, expectedDueDate: null });
  });

  it("lists what is due, overdue first, with a count; the due-soon percentage is the user's", async () => {
    const rider = await signUp(t.app);
    const bike = await bicycle(rider);
    const chain = await component(rider, {
      bicycleId: bike.id,
      name: "Chain",
      type: "Drivetrain",
      installedAt: daysAgo(30),
    });
    const fork = await component(rider, {
      bicycleId: bike.id,
      name: "Fork",
      type: "Fork",
      installedAt: daysAgo(30),
    });
    await addInterval(rider, chain.id, { label: "Replace chain", everyKm: 1000 });
    await addInterval(rider, fork.id, { label: "Lower service", everyHours: 50 });
    await ride(rider, bike.id, 850, 48);

    const due = await json<{ intervals: ServiceInterval[]; total: number }>(
      rider.request("GET", "/api/intervals/due"),
    );
    expect(due.total).toBe(2);
    expect(due.intervals.map((i) => [i.componentName, i.status.state])).toEqual([["Fork", "due-soon"]]);
    expect(await json(rider.request("GET", "/api/intervals/due-count"))).toEqual({ count: 1 });

    expect((await rider.request("PUT", "/api/settings", { dueSoonPercent: 80 })).status).toBe(200);
    await ride(rider, bike.id, 200, 2);
    const after = await json<{ intervals: ServiceInterval[] }>(rider.request("GET", "/api/intervals/due"));
    expect(after.intervals.map((i) => [i.label, i.status.state])).toEqual([
      ["Replace chain", "overdue"],
      ["Lower service", "overdue"],
    ]);
    expect(await json(rider.request("GET", "/api/settings"))).toMatchObject({ dueSoonPercent: 80 });
  });

  it("applies the defaults to a bicycle's components once", async () => {
    const rider = await signUp(t.app);
    const bike = await bicycle(rider);
    const chain = await component(rider, { bicycleId: bike.id, name: "KMC X11 chain", type: "Drivetrain" });
    const fork = await component(rider, { bicycleId: bike.id, name: "Fox 36", type: "Fork" });
    await component(rider, { bicycleId: bike.id, name: "Carbon frame", type: "Frame" });

    const applied = await rider.request("POST", `/api/bicycles/${bike.id}/intervals/defaults`);
    expect(await applied.json()).toEqual({ added: 3, components: 2 });
    expect((await intervalsOf(rider, chain.id)).map((i) => [i.label, i.everyKm])).toEqual([
      ["Replace chain", 3000],
    ]);
    expect((await intervalsOf(rider, fork.id)).map((i) => i.label).sort()).toEqual([
      "Full service",
      "Lower service",
    ]);
    const again = await rider.request("POST", `/api/bicycles/${bike.id}/intervals/defaults`);
    expect(await again.json()).toEqual({ added: 0, components: 0 });
  });

  it("a new component starts with the intervals its form sent; a bad one adds nothing", async () => {
    const rider = await signUp(t.app);
    const bike = await bicycle(rider);
    const fork = await component(rider, {
      bicycleId: bike.id,
      name: "Fox 36",
      type: "Fork",
      intervals: [{ label: "Lower service", everyHours: 50 }],
    });
    expect((await intervalsOf(rider, fork.id)).map((i) => [i.label, i.everyHours])).toEqual([
      ["Lower service", 50],
    ]);

    const bad = await rider.request("POST", "/api/components", {
      bicycleId: bike.id,
      name: "Chain",
      type: "Drivetrain",
      intervals: [{ label: "Replace chain", everyKm: -5 }],
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({
      error: { code: "VALIDATION", message: "Distance must be at least 0.1" },
    });
    const parts = await answered<Component[]>(
      rider.request("GET", `/api/bicycles/${bike.id}/components`),
      "components",
    );
    expect(parts.map((p) => p.name)).toEqual(["Fox 36"]);
  });

  it("an import adds the suggested intervals only when asked", async () => {
    const rider = await signUp(t.app);
    const bike = await bicycle(rider);
    const sheet = [
      { name: "KMC X11 chain", type: "Drivetrain", brand: "KMC" },
      { name: "Carbon frame", type: "Frame", brand: null },
    ];
    for (const addSuggestedIntervals of [true, false]) {
      const imported = await rider.request("POST", "/api/import/components", {
        components: sheet,
        bicycleId: bike.id,
        addSuggestedIntervals,
      });
      expect(imported.status).toBe(201);
    }
    const parts = await answered<Component[]>(
      rider.request("GET", `/api/bicycles/${bike.id}/components`),
      "components",
    );
    const chains = parts.filter((p) => p.name === "KMC X11 chain");
    const frames = parts.filter((p) => p.name === "Carbon frame");
    const labels = await Promise.all(
      [...chains, ...frames].map(async (p) =>
        (await intervalsOf(rider, p.id)).map((i) => [i.label, i.everyKm]),
      ),
    );
    // One chain got "Replace chain", the other (imported without) nothing; frames have no suggestion.
    expect(labels.slice(0, 2).sort()).toEqual([[], [["Replace chain", 3000]]]);
    expect(labels.slice(2)).toEqual([[], []]);
  });

  it("refuses a distance or hours below 0.1, which would be stored as 0 (never due), naming the field", async () => {
    const rider = await signUp(t.app);
    const bike = await bicycle(rider);
    const chain = await component(rider, { bicycleId: bike.id, name: "Chain", type: "Drivetrain" });
    for (const [body, message] of [
      [{ everyKm: 0.04 }, "Distance must be at least 0.1"],
      [{ everyKm: "0.09" }, "Distance must be at least 0.1"],
      [{ everyHours: 0.04 }, "Hours must be at least 0.1"],
      [{ everyKm: 0 }, "Distance must be at least 0.1"],
    ] as const) {
      const refused = await rider.request("POST", `/api/components/${chain.id}/intervals`, {
        label: "Tiny",
        ...body,
      });
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(await refused.json()).toMatchObject({ error: { code: "VALIDATION", message } });
    }
    expect(await intervalsOf(rider, chain.id)).toEqual([]);

    // The smallest accepted is kept as typed, and counts.
    await addInterval(rider, chain.id, { label: "Tiny", everyKm: 0.1, everyHours: 0.1 });
    expect((await intervalsOf(rider, chain.id))[0]).toMatchObject({ everyKm: 0.1, everyHours: 0.1 });
  });

  it("edits and removes an interval; refuses bad input naming the field; another user's is a 404", async () => {
    const rider = await signUp(t.app);
    const other = await signUp(t.app);
    const bike = await bicycle(rider);
    const chain = await component(rider, { bicycleId: bike.id, name: "Chain", type: "Drivetrain" });
    const interval = await addInterval(rider, chain.id, { label: "Chain", everyKm: "3000" });

    const noMeasure = await rider.request("POST", `/api/components/${chain.id}/intervals`, { label: "x" });
    expect(noMeasure.status).toBe(400);
    expect(await noMeasure.json()).toMatchObject({
      error: { code: "VALIDATION", message: "Set a distance, hours or months" },
    });
    const badMonths = await rider.request("PUT", `/api/intervals/${interval.id}`, {
      label: "Chain",
      everyMonths: 1.5,
    });
    expect(badMonths.status).toBe(400);
    expect(((await badMonths.json()) as { error: { message: string } }).error.message).toBe(
      "Months must be a whole number",
    );

    expect((await other.request("GET", `/api/components/${chain.id}/intervals`)).status).toBe(404);
    expect(
      (await other.request("PUT", `/api/intervals/${interval.id}`, { label: "Mine", everyKm: 1 })).status,
    ).toBe(404);
    expect((await other.request("DELETE", `/api/intervals/${interval.id}`)).status).toBe(404);
    const otherBike = await bicycle(other);
    const otherPart = await component(other, { bicycleId: otherBike.id, name: "Chain", type: "Drivetrain" });
    const stolen = await other.request("POST", `/api/components/${otherPart.id}/services`, {
      date: daysAgo(0),
      description: "x",
      cost: 0,
      resetsIntervalIds: [interval.id],
    });
    expect(stolen.status).toBe(400);
    expect(await stolen.json()).toMatchObject({
      error: { fields: { resetsIntervalIds: expect.any(String) } },
    });
    expect((await intervalsOf(rider, chain.id))[0]).toMatchObject({ label: "Chain", everyKm: 3000 });

    const edited = await rider.request("PUT", `/api/intervals/${interval.id}`, {
      label: "Wax chain",
      everyKm: null,
      everyMonths: 2,
    });
    expect(await edited.json()).toMatchObject({
      interval: { label: "Wax chain", everyKm: null, everyMonths: 2 },
    });
    expect((await rider.request("DELETE", `/api/intervals/${interval.id}`)).status).toBe(204);
    expect(await intervalsOf(rider, chain.id)).toEqual([]);
  });
});
