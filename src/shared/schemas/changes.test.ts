import { describe, expect, it } from "vitest";
import { z } from "zod";
import { bicycleChangesSchema, bicycleInputSchema } from "./bicycle.ts";
import { changesOf, optionalText } from "./common.ts";
import { componentChangesSchema, componentInputSchema } from "./component.ts";
import { rideChangesSchema, rideInputSchema } from "./ride.ts";
import { serviceEntryChangesSchema, serviceEntryInputSchema } from "./service-entry.ts";
import { serviceIntervalChangesSchema, serviceIntervalInputSchema } from "./service-interval.ts";

/** Each change schema with its create schema, the smallest body creating takes, and the fields it requires. */
const pairs = [
  ["bicycle", bicycleInputSchema, bicycleChangesSchema, { name: "Bike" }, ["name"]],
  [
    "component",
    componentInputSchema,
    componentChangesSchema,
    { name: "Fork", type: "Fork" },
    ["name", "type"],
  ],
  [
    "service entry",
    serviceEntryInputSchema,
    serviceEntryChangesSchema,
    { date: "2024-05-01", description: "Bleed", cost: 20 },
    ["date", "description", "cost"],
  ],
  [
    "ride",
    rideInputSchema,
    rideChangesSchema,
    { name: "Loop", startedAt: "2024-06-01T08:00:00Z", distanceKm: 10, movingSeconds: 1800 },
    ["name", "startedAt", "distanceKm", "movingSeconds"],
  ],
  [
    "interval",
    serviceIntervalInputSchema,
    serviceIntervalChangesSchema,
    { label: "Wax", everyKm: 300, everyMonths: 6 },
    ["label"],
  ],
] as const;

/** The message a parse gives for `field`, if any. */
function messageFor(result: z.ZodSafeParseResult<unknown>, field: string) {
  return result.error?.issues.find((issue) => issue.path[0] === field)?.message;
}

describe("changes (PUT bodies, decision 0057)", () => {
  it.each(pairs)(
    "%s: creating fills in what is left out; a change keeps it out, required fields too",
    (_, create, changes, body) => {
      const created = create.parse(body) as Record<string, unknown>;
      expect(Object.keys(created).length).toBeGreaterThan(Object.keys(body).length);
      expect(changes.parse({})).toEqual({});
      for (const [key, value] of Object.entries(body)) {
        expect(changes.parse({ [key]: value }), key).toEqual({ [key]: created[key] });
      }
    },
  );

  it.each(pairs)(
    "%s: null and blank clear an optional field, as on creating",
    (_, create, changes, body, required) => {
      const optional = Object.keys(create.shape).filter(
        (key) => !(required as readonly string[]).includes(key) && key !== "resetsIntervalIds",
      );
      expect(optional.length).toBeGreaterThan(0);
      for (const key of optional) {
        for (const value of [null, ""]) {
          const created = create.parse({ ...body, [key]: value }) as Record<string, unknown>;
          expect(changes.parse({ [key]: value }), key).toEqual({ [key]: created[key] });
        }
      }
    },
  );

  it.each(pairs)(
    "%s: null or blank for a required field is refused with the message creating gives",
    (_, create, changes, body, required) => {
      for (const key of required) {
        for (const value of [null, ""]) {
          const message = messageFor(create.safeParse({ ...body, [key]: value }), key);
          expect(message, `${key}: ${value}`).toBeTruthy();
          expect(messageFor(changes.safeParse({ [key]: value }), key), `${key}: ${value}`).toBe(message);
        }
      }
    },
  );

  it("refuses a field that would still fill itself in when left out: a change leaving it out would overwrite it", () => {
    const create = z.object({
      name: z.string(),
      note: z
        .string()
        .default("none")
        .transform((note) => note.trim()),
    });
    expect(() => changesOf(create)).toThrow("note fills itself in when left out");
    expect(
      changesOf(z.object({ name: z.string(), note: optionalText(10, "Note").default(null) })).parse({}),
    ).toEqual({});
  });
});
