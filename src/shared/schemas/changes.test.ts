import { describe, expect, it } from "vitest";
import { z } from "zod";
import { bicycleChangesSchema, bicycleInputSchema } from "./bicycle.ts";
import { changesOf, optionalText } from "./common.ts";
import { componentChangesSchema, componentInputSchema } from "./component.ts";
import { rideChangesSchema, rideInputSchema } from "./ride.ts";
import { serviceEntryChangesSchema, serviceEntryInputSchema } from "./service-entry.ts";
import { serviceIntervalChangesSchema, serviceIntervalInputSchema } from "./service-interval.ts";

/** Each change schema with its create schema and the smallest body both take. */
const pairs = [
  ["bicycle", bicycleInputSchema, bicycleChangesSchema, { name: "Bike" }],
  ["component", componentInputSchema, componentChangesSchema, { name: "Fork", type: "Fork" }],
  [
    "service entry",
    serviceEntryInputSchema,
    serviceEntryChangesSchema,
    { date: "2024-05-01", description: "Bleed", cost: 20 },
  ],
  [
    "ride",
    rideInputSchema,
    rideChangesSchema,
    { name: "Loop", startedAt: "2024-06-01T08:00:00Z", distanceKm: 10, movingSeconds: 1800 },
  ],
  ["interval", serviceIntervalInputSchema, serviceIntervalChangesSchema, { label: "Wax", everyKm: 300 }],
] as const;

describe("changes (PUT bodies, decision 0057)", () => {
  it.each(pairs)(
    "%s: creating fills in what is left out; a change keeps it out",
    (_, create, changes, body) => {
      const created = create.parse(body) as Record<string, unknown>;
      expect(Object.keys(created).length).toBeGreaterThan(Object.keys(body).length);
      // The required fields, parsed the same way; nothing else.
      expect(Object.keys(changes.parse(body)).sort()).toEqual(Object.keys(body).sort());
    },
  );

  it.each(pairs)(
    "%s: null and blank still clear, and the same fields are required",
    (_, create, changes, body) => {
      const cleared = Object.fromEntries(
        Object.keys(create.shape)
          .filter((key) => !(key in body) && key !== "resetsIntervalIds")
          .map((key) => [key, null]),
      );
      expect(changes.parse({ ...body, ...cleared })).toEqual({
        ...create.parse(body),
        ...changes.parse(body),
      });
      for (const key of Object.keys(body)) {
        const { [key]: _left, ...without } = body as Record<string, unknown>;
        if (key === "everyKm") continue; // the measure: one of three, checked on the stored interval
        expect(changes.safeParse(without).success, key).toBe(false);
      }
    },
  );

  it("refuses a field that fills itself in without a default: a change leaving it out would clear it", () => {
    const create = z.object({
      name: z.string(),
      note: z.preprocess((v) => v ?? null, z.string().nullable()),
    });
    expect(() => changesOf(create)).toThrow("note has no .default()");
    expect(
      changesOf(z.object({ name: z.string(), note: optionalText(10, "Note").default(null) })).parse({
        name: "a",
      }),
    ).toEqual({
      name: "a",
    });
  });
});
