import { expect, it } from "vitest";
import { bicycles, components, serviceEntries, sharedBikes } from "./db/schema.ts";
import { newShareToken } from "./features/shares/service.ts";
import { describeEachDatabase, json, signUp, useTestApp } from "./testing/test-app.ts";

const SAME_MOMENT = new Date("2024-05-01T10:00:00.000Z");
const FIVE = [0, 1, 2, 3, 4];

const ascending = (ids: string[]) => [...ids].sort();
const descending = (ids: string[]) => [...ids].sort().reverse();
const ids = (rows: { id: string }[]) => rows.map((row) => row.id);

/** Every list sorted by time ends its order with the id, so rows of the same moment keep one order. */
describeEachDatabase("lists of rows written at the same moment", (kind) => {
  const t = useTestApp(kind);

  it("come in one order, by id, on every list and every read", async () => {
    const rider = await signUp(t.app);
    const userId = rider.userId;
    const at = { createdAt: SAME_MOMENT, updatedAt: SAME_MOMENT };
    const bikes = ids(
      await t.db
        .insert(bicycles)
        .values(FIVE.map((i) => ({ userId, name: `Bike ${i}`, ...at })))
        .returning(),
    );
    const onBike = ids(
      await t.db
        .insert(components)
        .values(FIVE.map((i) => ({ userId, bicycleId: bikes[0]!, name: `Part ${i}`, type: "Chain", ...at })))
        .returning(),
    );
    const inBin = ids(
      await t.db
        .insert(components)
        .values(FIVE.map((i) => ({ userId, name: `Spare ${i}`, type: "Chain", ...at })))
        .returning(),
    );
    const entries = ids(
      await t.db
        .insert(serviceEntries)
        .values(
          FIVE.map((i) => ({
            userId,
            componentId: onBike[0]!,
            date: "2024-05-01",
            description: `Entry ${i}`,
            cost: "1.00",
            ...at,
          })),
        )
        .returning(),
    );
    const links = ids(
      await t.db
        .insert(sharedBikes)
        .values(
          FIVE.map(() => ({ userId, shareToken: newShareToken(), bikeData: {}, createdAt: SAME_MOMENT })),
        )
        .returning(),
    );

    for (let read = 0; read < 2; read++) {
      const list = await json<{ bicycles: { id: string }[] }>(rider.request("GET", "/api/bicycles"));
      expect(ids(list.bicycles)).toEqual(descending(bikes));
      const parts = await json<{ components: { id: string }[] }>(
        rider.request("GET", `/api/bicycles/${bikes[0]}/components`),
      );
      expect(ids(parts.components)).toEqual(ascending(onBike));
      const bin = await json<{ components: { id: string }[] }>(
        rider.request("GET", "/api/components/parts-bin"),
      );
      expect(ids(bin.components)).toEqual(descending(inBin));
      const log = await json<{ services: { id: string }[] }>(
        rider.request("GET", `/api/components/${onBike[0]}/services`),
      );
      expect(ids(log.services)).toEqual(descending(entries));
      const bikeLog = await json<{ services: { id: string }[] }>(
        rider.request("GET", `/api/bicycles/${bikes[0]}/services`),
      );
      expect(ids(bikeLog.services)).toEqual(descending(entries));
      const dashboard = await json<{ bicycles: { id: string }[]; recentServices: { id: string }[] }>(
        rider.request("GET", "/api/dashboard"),
      );
      expect(ids(dashboard.bicycles)).toEqual(descending(bikes));
      expect(ids(dashboard.recentServices)).toEqual(descending(entries));
      const shared = await json<{ links: { id: string }[] }>(rider.request("GET", "/api/shared-links"));
      expect(ids(shared.links)).toEqual(descending(links));
    }
  });
});
