import { count, eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { latestToday } from "../../../shared/format.ts";
import { messages } from "../../../shared/messages.ts";
import type { Bicycle } from "../../../shared/schemas/bicycle.ts";
import type { Component, Installation } from "../../../shared/schemas/component.ts";
import type { ServiceEntry } from "../../../shared/schemas/service-entry.ts";
import { components, serviceEntries, subscriptions } from "../../db/schema.ts";
import {
  anonymous,
  describeEachDatabase,
  json,
  signUp,
  type TestClient,
  useTestApp,
} from "../../testing/test-app.ts";

describeEachDatabase("components and service entries API", (kind) => {
  const t = useTestApp(kind);

  async function addBicycle(rider: TestClient, name = "Gravel") {
    return (await json<{ bicycle: Bicycle }>(rider.request("POST", "/api/bicycles", { name }))).bicycle;
  }
  async function addComponent(rider: TestClient, body: Record<string, unknown>) {
    const response = await rider.request("POST", "/api/components", body);
    expect(response.status).toBe(201);
    return (await json<{ component: Component }>(response)).component;
  }
  async function componentRows(userId: string) {
    const [row] = await t.db.select({ n: count() }).from(components).where(eq(components.userId, userId));
    return row!.n;
  }

  it("adds, lists, edits and deletes components on a bicycle, with counts", async () => {
    const rider = await signUp(t.app);
    const bicycle = await addBicycle(rider);
    const chain = await addComponent(rider, {
      bicycleId: bicycle.id,
      name: " KMC X11 ",
      type: "Drivetrain",
      brand: "KMC",
      mileage: "1200.5",
      notes: "Waxed",
    });
    expect(chain).toMatchObject({
      name: "KMC X11",
      type: "Drivetrain",
      brand: "KMC",
      mileage: 1200.5,
      notes: "Waxed",
      bicycleId: bicycle.id,
      bicycleName: "Gravel",
      serviceCount: 0,
    });
    const tires = await addComponent(rider, { bicycleId: bicycle.id, name: "Gravelking", type: "Tires" });
    expect(tires.mileage).toBe(0);
    expect(tires.brand).toBeNull();

    const listed = await json<{ components: Component[] }>(
      rider.request("GET", `/api/bicycles/${bicycle.id}/components`),
    );
    // Every field as the component's own answer gives it (the list is rendered as JSON by the database).
    expect(listed.components).toEqual([chain, tires]);
    const bikes = await json<{ bicycles: Bicycle[] }>(rider.request("GET", "/api/bicycles"));
    expect(bikes.bicycles[0]!.componentCount).toBe(2);

    const edited = await rider.request("PUT", `/api/components/${tires.id}`, {
      name: "Gravelking SK",
      type: "Tires",
      mileage: 300,
    });
    expect((await json<{ component: Component }>(edited)).component).toMatchObject({
      name: "Gravelking SK",
      mileage: 300,
    });

    expect((await rider.request("DELETE", `/api/components/${tires.id}`)).status).toBe(204);
    expect((await rider.request("GET", `/api/components/${tires.id}`)).status).toBe(404);
  });

  it.each([
    [{ name: "", type: "Frame" }, "name", messages.components.nameRequired],
    [{ name: "Fork" }, "type", messages.components.typeRequired],
    [{ name: "Fork", type: "Spaceship" }, "type", messages.components.typeRequired],
    [{ name: "Fork", type: "Fork", mileage: -5 }, "mileage", messages.components.mileageInvalid],
    [{ name: "Fork", type: "Fork", mileage: "lots" }, "mileage", messages.components.mileageInvalid],
  ])("refuses %j, naming %s, and stores nothing", async (body, field, message) => {
    const rider = await signUp(t.app);
    const response = await rider.request("POST", "/api/components", body);
    expect(response.status).toBe(400);
    const { error } = await json<{ error: { fields: Record<string, string> } }>(response);
    expect(error.fields[field]).toBe(message);
    expect(await componentRows(rider.userId)).toBe(0);
  });

  it("starts a part fitted today no later than now, so moving it at once leaves periods that follow one another", async () => {
    const rider = await signUp(t.app);
    const bicycle = await addBicycle(rider);
    // Today where it is latest on Earth: east of UTC, its midnight may still be hours ahead in UTC.
    const part = await addComponent(rider, {
      bicycleId: bicycle.id,
      name: "Chain",
      type: "Drivetrain",
      installedAt: latestToday(),
    });
    expect((await rider.request("POST", `/api/components/${part.id}/move-to-parts-bin`)).status).toBe(200);
    const { installations } = await json<{ installations: Installation[] }>(
      rider.request("GET", `/api/components/${part.id}/installations`),
    );
    expect(installations).toHaveLength(2);
    const [onBike, inBin] = installations as [Installation, Installation];
    expect(Date.parse(onBike.startedAt)).toBeLessThanOrEqual(Date.now());
    expect(Date.parse(onBike.endedAt!)).toBeGreaterThanOrEqual(Date.parse(onBike.startedAt));
    expect(inBin).toMatchObject({ bicycleId: null, startedAt: onBike.endedAt, endedAt: null });
  });

  it("moves a component to the parts bin and assigns it back, keeping its service log", async () => {
    const rider = await signUp(t.app);
    await t.db.insert(subscriptions).values({ userId: rider.userId, tier: "premium" });
    const road = await addBicycle(rider, "Road");
    const commuter = await addBicycle(rider, "Commuter");
    const wheel = await addComponent(rider, { bicycleId: road.id, name: "Hunt 4 Season", type: "Wheels" });
    await rider.request("POST", `/api/components/${wheel.id}/services`, {
      date: "2024-01-02",
      description: "Trued",
      cost: 15,
    });

    const moved = await rider.request("POST", `/api/components/${wheel.id}/move-to-parts-bin`);
    const movedComponent = (await json<{ component: Component }>(moved)).component;
    expect(movedComponent.bicycleId).toBeNull();
    expect(Date.parse(movedComponent.updatedAt)).toBeGreaterThan(Date.parse(wheel.updatedAt));
    const bin = await json<{ components: Component[] }>(rider.request("GET", "/api/components/parts-bin"));
    expect(bin.components).toEqual([movedComponent]);
    expect(bin.components[0]!.serviceCount).toBe(1);

    const noChoice = await rider.request("POST", `/api/components/${wheel.id}/assign`, { bicycleId: "" });
    expect(noChoice.status).toBe(400);
    expect((await json<{ error: { message: string } }>(noChoice)).error.message).toBe(
      "Please select a bicycle",
    );

    const assigned = await rider.request("POST", `/api/components/${wheel.id}/assign`, {
      bicycleId: commuter.id,
    });
    expect((await json<{ component: Component }>(assigned)).component).toMatchObject({
      bicycleId: commuter.id,
      bicycleName: "Commuter",
      serviceCount: 1,
    });
    expect(
      (await json<{ components: Component[] }>(rider.request("GET", "/api/components/parts-bin"))).components,
    ).toEqual([]);

    // A page still showing it on Road (it moved to Commuter in another tab): nothing changes, 409.
    const stale = await rider.request(
      "POST",
      `/api/components/${wheel.id}/move-to-parts-bin?fromBicycleId=${road.id}`,
    );
    expect(stale.status).toBe(409);
    expect((await json<{ error: { message: string } }>(stale)).error.message).toBe(
      "This component is no longer on that bicycle: it was moved meanwhile. The page now shows where it is.",
    );
    const still = await json<{ component: Component }>(rider.request("GET", `/api/components/${wheel.id}`));
    expect(still.component.bicycleId).toBe(commuter.id);
    const current = await rider.request(
      "POST",
      `/api/components/${wheel.id}/move-to-parts-bin?fromBicycleId=${commuter.id}`,
    );
    expect((await json<{ component: Component }>(current)).component.bicycleId).toBeNull();
  });

  it("assigns several parts-bin components to a bicycle at once, all or none", async () => {
    const rider = await signUp(t.app);
    const other = await signUp(t.app);
    const bike = await addBicycle(rider, "Gravel");
    const saddle = await addComponent(rider, { name: "Saddle", type: "Saddle" });
    const pedals = await addComponent(rider, { name: "Pedals", type: "Pedals" });
    const stranger = await addComponent(other, { name: "Not yours", type: "Stem" });
    const otherBike = await addBicycle(other, "Theirs");

    const none = await rider.request("POST", "/api/components/assign", {
      bicycleId: bike.id,
      componentIds: [],
    });
    expect(none.status).toBe(400);
    expect((await json<{ error: { message: string } }>(none)).error.message).toBe(
      "Select at least one component to assign",
    );
    const noBike = await rider.request("POST", "/api/components/assign", {
      bicycleId: "",
      componentIds: [saddle.id],
    });
    expect(noBike.status).toBe(400);
    for (const body of [
      { bicycleId: bike.id, componentIds: [saddle.id, stranger.id] },
      { bicycleId: bike.id, componentIds: [saddle.id, "not-a-uuid"] },
      { bicycleId: otherBike.id, componentIds: [saddle.id] },
    ]) {
      const refused = await rider.request("POST", "/api/components/assign", body);
      expect(refused.status, JSON.stringify(body)).toBe(404);
    }
    const bin = await json<{ components: Component[] }>(rider.request("GET", "/api/components/parts-bin"));
    expect(bin.components.map((c) => c.name).sort()).toEqual(["Pedals", "Saddle"]);
    const theirs = await json<{ component: Component }>(
      other.request("GET", `/api/components/${stranger.id}`),
    );
    expect(theirs.component.bicycleId).toBeNull();

    const assigned = await rider.request("POST", "/api/components/assign", {
      bicycleId: bike.id,
      componentIds: [saddle.id, pedals.id, saddle.id],
    });
    expect(assigned.status).toBe(200);
    expect(await assigned.json()).toEqual({ assigned: 2 });
    const onBike = await json<{ components: Component[] }>(
      rider.request("GET", `/api/bicycles/${bike.id}/components`),
    );
    expect(onBike.components.map((c) => c.name).sort()).toEqual(["Pedals", "Saddle"]);
    expect(
      (await json<{ components: Component[] }>(rider.request("GET", "/api/components/parts-bin"))).components,
    ).toEqual([]);
  });

  it("lists the parts bin most recently changed first, and creates into it", async () => {
    const rider = await signUp(t.app);
    const first = await addComponent(rider, { name: "Spare saddle", type: "Saddle" });
    const second = await addComponent(rider, { name: "Old pedals", type: "Pedals", bicycleId: null });
    let bin = await json<{ components: Component[] }>(rider.request("GET", "/api/components/parts-bin"));
    expect(bin.components.map((c) => c.id)).toEqual([second.id, first.id]);
    await rider.request("PUT", `/api/components/${first.id}`, {
      name: "Spare saddle",
      type: "Saddle",
      notes: "Torn",
    });
    bin = await json<{ components: Component[] }>(rider.request("GET", "/api/components/parts-bin"));
    expect(bin.components.map((c) => c.id)).toEqual([first.id, second.id]);
  });

  it("keeps the service log newest first with an exact total, and edits and deletes entries", async () => {
    const rider = await signUp(t.app);
    const bicycle = await addBicycle(rider);
    const chain = await addComponent(rider, { bicycleId: bicycle.id, name: "Chain", type: "Drivetrain" });
    const answers: ServiceEntry[] = [];
    for (const [date, description, cost] of [
      ["2024-03-01", "Cleaned", 0.1],
      ["2024-05-20", "Replaced", 34.99],
      ["2023-11-11", "Waxed", 0.2],
    ] as const) {
      const created = await rider.request("POST", `/api/components/${chain.id}/services`, {
        date,
        description,
        cost,
      });
      expect(created.status).toBe(201);
      answers.push((await json<{ service: ServiceEntry }>(created)).service);
    }
    let log = await json<{ services: ServiceEntry[]; totalCost: number }>(
      rider.request("GET", `/api/components/${chain.id}/services`),
    );
    expect(log.services.map((s) => s.date)).toEqual(["2024-05-20", "2024-03-01", "2023-11-11"]);
    expect(log.totalCost).toBe(35.29);
    expect(log.services[0]).toMatchObject({ componentName: "Chain", bicycleName: "Gravel", cost: 34.99 });

    const recent = await json<{ services: ServiceEntry[] }>(
      rider.request("GET", `/api/bicycles/${bicycle.id}/services`),
    );
    expect(recent.services.map((s) => s.description)).toEqual(["Replaced", "Cleaned", "Waxed"]);
    // Field for field the same entries (the log is rendered as JSON by the database, this list is not); the
    // log adds which service intervals each entry reset (this component has none).
    const withResets = (entries: ServiceEntry[]) => entries.map((e) => ({ ...e, resetsIntervalIds: [] }));
    expect(log.services).toEqual(withResets(recent.services));
    expect(log.services).toEqual(withResets([answers[1]!, answers[0]!, answers[2]!]));

    const waxed = log.services[2]!;
    const edit = await rider.request("PUT", `/api/services/${waxed.id}`, {
      date: "2024-06-01",
      description: "  Waxed again ",
      cost: "5",
      receiptUrl: " https://receipts.example/1 ",
    });
    expect((await json<{ service: ServiceEntry }>(edit)).service).toMatchObject({
      description: "Waxed again",
      cost: 5,
      receiptUrl: "https://receipts.example/1",
    });
    log = await json(rider.request("GET", `/api/components/${chain.id}/services`));
    expect(log.services[0]!.id).toBe(waxed.id);
    expect(log.totalCost).toBe(40.09);

    expect((await rider.request("DELETE", `/api/services/${waxed.id}`)).status).toBe(204);
    log = await json(rider.request("GET", `/api/components/${chain.id}/services`));
    expect(log.services).toHaveLength(2);
    expect(log.totalCost).toBe(35.09);
  });

  it.each([
    [{ description: "x", cost: 1 }, "date", messages.services.dateRequired],
    [{ date: "2024-02-30", description: "x", cost: 1 }, "date", messages.services.dateRequired],
    [
      { date: new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10), description: "x", cost: 1 },
      "date",
      messages.services.dateInFuture,
    ],
    [
      { date: "2024-01-01", description: "   ", cost: 1 },
      "description",
      messages.services.descriptionRequired,
    ],
    [{ date: "2024-01-01", description: "x" }, "cost", messages.services.costRequired],
    [{ date: "2024-01-01", description: "x", cost: "" }, "cost", messages.services.costRequired],
    [{ date: "2024-01-01", description: "x", cost: -1 }, "cost", messages.services.costInvalid],
    [{ date: "2024-01-01", description: "x", cost: 1.001 }, "cost", messages.services.costInvalid],
    [
      { date: "2024-01-01", description: "x", cost: 1, receiptUrl: "javascript:alert(1)" },
      "receiptUrl",
      messages.services.receiptUrlInvalid,
    ],
  ])("refuses the service entry %j, naming %s, and stores nothing", async (body, field, message) => {
    const rider = await signUp(t.app);
    const part = await addComponent(rider, { name: "Chain", type: "Drivetrain" });
    const response = await rider.request("POST", `/api/components/${part.id}/services`, body);
    expect(response.status).toBe(400);
    expect((await json<{ error: { fields: Record<string, string> } }>(response)).error.fields[field]).toBe(
      message,
    );
    const [row] = await t.db
      .select({ n: count() })
      .from(serviceEntries)
      .where(eq(serviceEntries.userId, rider.userId));
    expect(row!.n).toBe(0);
  });

  it("deletes a component together with its service entries", async () => {
    const rider = await signUp(t.app);
    const part = await addComponent(rider, { name: "Brake pads", type: "Brakes" });
    await rider.request("POST", `/api/components/${part.id}/services`, {
      date: "2024-01-01",
      description: "Fitted",
      cost: 20,
    });
    expect((await rider.request("DELETE", `/api/components/${part.id}`)).status).toBe(204);
    const [row] = await t.db
      .select({ n: count() })
      .from(serviceEntries)
      .where(eq(serviceEntries.userId, rider.userId));
    expect(row!.n).toBe(0);
  });

  it("answers another user's component, service entry and bicycle with 404 and changes nothing", async () => {
    const owner = await signUp(t.app);
    const intruder = await signUp(t.app);
    const ownerBike = await addBicycle(owner, "Owner's");
    const intruderBike = await addBicycle(intruder, "Intruder's");
    const part = await addComponent(owner, { bicycleId: ownerBike.id, name: "Fork", type: "Fork" });
    const entry = (
      await json<{ service: ServiceEntry }>(
        owner.request("POST", `/api/components/${part.id}/services`, {
          date: "2024-01-01",
          description: "Serviced",
          cost: 80,
        }),
      )
    ).service;
    const intruderPart = await addComponent(intruder, { name: "Stem", type: "Stem" });

    const attempts: [string, string, unknown?][] = [
      ["GET", `/api/components/${part.id}`],
      ["PUT", `/api/components/${part.id}`, { name: "Mine now", type: "Fork" }],
      ["DELETE", `/api/components/${part.id}`],
      ["POST", `/api/components/${part.id}/move-to-parts-bin`],
      ["POST", `/api/components/${part.id}/assign`, { bicycleId: intruderBike.id }],
      ["GET", `/api/components/${part.id}/services`],
      ["POST", `/api/components/${part.id}/services`, { date: "2024-01-01", description: "x", cost: 1 }],
      ["PUT", `/api/services/${entry.id}`, { date: "2024-01-01", description: "x", cost: 1 }],
      ["DELETE", `/api/services/${entry.id}`],
      ["GET", `/api/bicycles/${ownerBike.id}/components`],
      ["GET", `/api/bicycles/${ownerBike.id}/services`],
      ["POST", "/api/components", { bicycleId: ownerBike.id, name: "Planted", type: "Other" }],
      ["POST", `/api/components/${intruderPart.id}/assign`, { bicycleId: ownerBike.id }],
    ];
    for (const [method, path, body] of attempts) {
      const response = await intruder.request(method, path, body);
      expect(response.status, `${method} ${path}`).toBe(404);
    }
    const after = await json<{ component: Component }>(owner.request("GET", `/api/components/${part.id}`));
    expect(after.component).toMatchObject({ name: "Fork", bicycleId: ownerBike.id, serviceCount: 1 });
    const log = await json<{ services: ServiceEntry[] }>(
      owner.request("GET", `/api/components/${part.id}/services`),
    );
    expect(log.services.map((s) => s.description)).toEqual(["Serviced"]);
    const ownerParts = await json<{ components: Component[] }>(
      owner.request("GET", `/api/bicycles/${ownerBike.id}/components`),
    );
    expect(ownerParts.components.map((c) => c.name)).toEqual(["Fork"]);
  });

  it("refuses an id that is not text, or too long for one, with a 400 naming the field, and changes nothing", async () => {
    const rider = await signUp(t.app);
    const bike = await addBicycle(rider);
    const part = await addComponent(rider, { bicycleId: bike.id, name: "Chain", type: "Drivetrain" });
    const long = "x".repeat(101);
    const attempts: [string, string, unknown, string][] = [
      ["POST", "/api/components", { name: "Fork", type: "Fork", bicycleId: 42 }, "bicycleId"],
      ["POST", "/api/components", { name: "Fork", type: "Fork", bicycleId: long }, "bicycleId"],
      ["POST", `/api/components/${part.id}/assign`, { bicycleId: long }, "bicycleId"],
      ["POST", "/api/components/assign", { componentIds: [7], bicycleId: bike.id }, "componentIds.0"],
      [
        "POST",
        `/api/components/${part.id}/move-to-parts-bin?fromBicycleId=${long}`,
        undefined,
        "fromBicycleId",
      ],
      ["PUT", `/api/components/${long}`, { name: "Renamed" }, "id"],
    ];
    for (const [method, path, body, field] of attempts) {
      const response = await rider.request(method, path, body);
      expect(response.status, `${method} ${path}`).toBe(400);
      const message = messages.request.idInvalid(field.split(".")[0]!);
      expect(await response.json()).toEqual({
        error: { code: "VALIDATION", message, fields: { [field]: message } },
      });
    }
    const after = await json<{ component: Component }>(rider.request("GET", `/api/components/${part.id}`));
    expect(after.component).toMatchObject({ name: "Chain", bicycleId: bike.id });
    expect(await componentRows(rider.userId)).toBe(1);
  });

  it("names the item at fault in a list of intervals or of intervals to reset, and changes nothing", async () => {
    const rider = await signUp(t.app);
    const part = await addComponent(rider, { name: "Chain", type: "Drivetrain" });
    const attempts: [string, string, unknown, string, string][] = [
      [
        "POST",
        "/api/components",
        { name: "Fork", type: "Fork", intervals: ["Wax"] },
        "intervals.0",
        "An interval must be an object of a label and its measures",
      ],
      [
        "POST",
        `/api/components/${part.id}/services`,
        { date: "2024-05-01", description: "Waxed", cost: 5, resetsIntervalIds: [42] },
        "resetsIntervalIds.0",
        "Resets must be a list of at most 50 interval ids",
      ],
    ];
    for (const [method, path, body, field, message] of attempts) {
      const response = await rider.request(method, path, body);
      expect(response.status, path).toBe(400);
      expect(await response.json()).toEqual({
        error: { code: "VALIDATION", message, fields: { [field]: message } },
      });
    }
    expect(await componentRows(rider.userId)).toBe(1);
    const after = await json<{ component: Component }>(rider.request("GET", `/api/components/${part.id}`));
    expect(after.component.serviceCount).toBe(0);
  });

  it("answers without a session with the spec's login messages", async () => {
    const visitor = anonymous(t.app);
    const id = "00000000-0000-4000-8000-000000000000";
    const cases: [string, string, string][] = [
      ["POST", "/api/components", "You must be logged in to add a component"],
      ["PUT", `/api/components/${id}`, "You must be logged in to update components"],
      ["DELETE", `/api/components/${id}`, "You must be logged in to delete components"],
      ["POST", `/api/components/${id}/services`, "Please log in to add service entries."],
    ];
    for (const [method, path, message] of cases) {
      const response = await visitor.request(method, path, { name: "x", type: "Frame" });
      expect(response.status).toBe(401);
      expect((await json<{ error: { message: string } }>(response)).error.message).toBe(message);
    }
    expect((await visitor.request("GET", "/api/components/parts-bin")).status).toBe(401);
  });
});
