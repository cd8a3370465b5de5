import { count, eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { messages } from "../../../shared/messages.ts";
import type { Component } from "../../../shared/schemas/component.ts";
import { hitRateLimit } from "../../db/rate-limit.ts";
import { components } from "../../db/schema.ts";
import { anonymous, describeEachDatabase, signUp, useTestApp } from "../../testing/test-app.ts";

describeEachDatabase("import API", (kind) => {
  const t = useTestApp(kind);

  it("saves reviewed components to the parts bin in one go", async () => {
    const rider = await signUp(t.app);
    const response = await rider.request("POST", "/api/import/components", {
      components: [
        { name: "Shimano Deore XT M8100, 12-speed", type: "Drivetrain", brand: "Shimano" },
        { name: "RockShox Reba RL 29", type: "Fork", brand: "RockShox" },
        { name: "Alloy riser bar", type: "Handlebar", brand: "" },
      ],
    });
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ imported: 3 });
    const bin = (await (await rider.request("GET", "/api/components/parts-bin")).json()) as {
      components: Component[];
    };
    expect(bin.components.map((c) => [c.name, c.type, c.brand, c.bicycleId]).sort()).toEqual([
      ["Alloy riser bar", "Handlebar", null, null],
      ["RockShox Reba RL 29", "Fork", "RockShox", null],
      ["Shimano Deore XT M8100, 12-speed", "Drivetrain", "Shimano", null],
    ]);
  });

  it("imports onto the user's own bicycle, and keeps the sheet's order there and in the parts bin", async () => {
    const rider = await signUp(t.app);
    const other = await signUp(t.app);
    const bike = (await (await rider.request("POST", "/api/bicycles", { name: "Trail" })).json()) as {
      bicycle: { id: string };
    };
    const sheet = ["Frame", "Fork", "Stem", "Handlebar", "Saddle", "Seatpost", "Pedals", "Tires"].map(
      (type) => ({
        name: `${type} from the sheet`,
        type,
      }),
    );
    const onBike = await rider.request("POST", "/api/import/components", {
      components: sheet,
      bicycleId: bike.bicycle.id,
    });
    expect(onBike.status).toBe(201);
    const listed = (await (
      await rider.request("GET", `/api/bicycles/${bike.bicycle.id}/components`)
    ).json()) as {
      components: Component[];
    };
    expect(listed.components.map((c) => c.name)).toEqual(sheet.map((c) => c.name));
    expect(listed.components.every((c) => Date.parse(c.updatedAt) >= Date.parse(c.createdAt))).toBe(true);

    await rider.request("POST", "/api/import/components", { components: sheet, bicycleId: null });
    const bin = (await (await rider.request("GET", "/api/components/parts-bin")).json()) as {
      components: Component[];
    };
    expect(bin.components.map((c) => c.name)).toEqual(sheet.map((c) => c.name));

    const intruding = await other.request("POST", "/api/import/components", {
      components: sheet,
      bicycleId: bike.bicycle.id,
    });
    expect(intruding.status).toBe(404);
    const [row] = await t.db
      .select({ n: count() })
      .from(components)
      .where(eq(components.userId, other.userId));
    expect(row!.n).toBe(0);
  });

  it("refuses zero components, a bad row, a bicycle id that is not one, or no session, and stores nothing", async () => {
    const rider = await signUp(t.app);
    const none = await rider.request("POST", "/api/import/components", { components: [] });
    expect(none.status).toBe(400);
    expect(((await none.json()) as { error: { message: string } }).error.message).toBe(
      "Add at least one component to import, or paste the specification again.",
    );
    const bad = await rider.request("POST", "/api/import/components", {
      components: [
        { name: "Good", type: "Frame" },
        { name: "Bad", type: "Jetpack" },
      ],
    });
    expect(bad.status).toBe(400);
    expect(
      ((await bad.json()) as { error: { fields: Record<string, string> } }).error.fields["components.1.type"],
    ).toBe("Please select a component type");
    const notAPart = await rider.request("POST", "/api/import/components", { components: ["Fork"] });
    expect(notAPart.status).toBe(400);
    expect(((await notAPart.json()) as { error: { fields: Record<string, string> } }).error.fields).toEqual({
      "components.0": "A component must be an object of a name and a type",
    });
    const badBicycle = await rider.request("POST", "/api/import/components", {
      components: [{ name: "Good", type: "Frame" }],
      bicycleId: 42,
    });
    expect(badBicycle.status).toBe(400);
    expect(((await badBicycle.json()) as { error: { fields: Record<string, string> } }).error.fields).toEqual(
      {
        bicycleId: messages.request.idInvalid("bicycleId"),
      },
    );
    const visitor = await anonymous(t.app).request("POST", "/api/import/components", {
      components: [{ name: "x", type: "Frame" }],
    });
    expect(visitor.status).toBe(401);
    expect(((await visitor.json()) as { error: { message: string } }).error.message).toBe(
      "You must be logged in to import components",
    );
    const [row] = await t.db
      .select({ n: count() })
      .from(components)
      .where(eq(components.userId, rider.userId));
    expect(row!.n).toBe(0);
  });

  it("imports parts fitted on a past day: the bicycle's rides since then wear them; a future day is refused", async () => {
    const rider = await signUp(t.app);
    const { bicycle } = (await (await rider.request("POST", "/api/bicycles", { name: "Road" })).json()) as {
      bicycle: { id: string };
    };
    const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);
    for (const [days, distanceKm] of [
      [40, 999],
      [20, 42.5],
    ] as const) {
      const ride = await rider.request("POST", `/api/bicycles/${bicycle.id}/rides`, {
        name: "Ride",
        startedAt: daysAgo(days).toISOString(),
        distanceKm,
        movingSeconds: 3600,
      });
      expect(ride.status).toBe(201);
    }
    const sheet = [{ name: "Chain", type: "Drivetrain" }];
    const future = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    for (const [installedAt, message] of [
      [future, messages.components.installedAtInvalid],
      ["2024-02-30", messages.components.installedAtNotADate],
    ]) {
      const refused = await rider.request("POST", "/api/import/components", {
        components: sheet,
        bicycleId: bicycle.id,
        installedAt,
      });
      expect(refused.status).toBe(400);
      expect(((await refused.json()) as { error: { fields: Record<string, string> } }).error.fields).toEqual({
        installedAt: message,
      });
    }
    const listed = async () =>
      (
        (await (await rider.request("GET", `/api/bicycles/${bicycle.id}/components`)).json()) as {
          components: Component[];
        }
      ).components;
    expect(await listed()).toEqual([]);

    const imported = await rider.request("POST", "/api/import/components", {
      components: sheet,
      bicycleId: bicycle.id,
      installedAt: daysAgo(30).toISOString().slice(0, 10),
    });
    expect(imported.status).toBe(201);
    expect((await listed()).map((c) => [c.name, c.distance])).toEqual([["Chain", 42.5]]);
  });

  it("counts rate-limit hits atomically in the database, per key and window", async () => {
    const key = `test:${Math.random()}`;
    const results = await Promise.all(Array.from({ length: 8 }, () => hitRateLimit(t.db, key, 5, 60_000)));
    expect(results.filter(Boolean)).toHaveLength(5);
    expect(await hitRateLimit(t.db, `${key}:other`, 5, 60_000)).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(await hitRateLimit(t.db, key, 5, 1)).toBe(true); // the window has passed: counting starts again
  });
});
