import { describe, expect, it } from "vitest";
import { type DistanceUnit, toKm, toMetres } from "../domain/distance.ts";
import { messages } from "../messages.ts";
import { rideFormSchema, rideInputSchema } from "./ride.ts";

const m = messages.rides;

const typed = { name: "Loop", date: "2024-05-01", time: "08:00", hours: "1", minutes: "0" };

/** The form's message for the field, or undefined when it takes the value. */
function formError(unit: DistanceUnit, field: "distance" | "elevation", value: string) {
  const values = { ...typed, distance: "10", elevation: "", [field]: value };
  const result = rideFormSchema(unit).safeParse(values);
  return result.success ? undefined : result.error.issues.find((issue) => issue.path[0] === field)?.message;
}

/** Whether the API takes the ride the form would send for that distance or climb. */
function serverTakes(unit: DistanceUnit, field: "distance" | "elevation", value: number) {
  return rideInputSchema.safeParse({
    name: "Loop",
    startedAt: "2024-05-01T08:00:00Z",
    distanceKm: field === "distance" ? toKm(value, unit, 3) : 10,
    movingSeconds: 3600,
    elevationGainM: field === "elevation" ? toMetres(value, unit) : null,
  }).success;
}

describe("the API's ride distance", () => {
  it("refuses a distance too large to round (1e308 km) with the distance's own message", () => {
    const result = rideInputSchema.safeParse({
      name: "Loop",
      startedAt: "2024-05-01T08:00:00Z",
      distanceKm: 1e308,
      movingSeconds: 3600,
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
      ["distanceKm", m.distanceInvalid],
    ]);
  });
});

describe("the ride form's distance", () => {
  it("keeps a km rider's message word for word, at the server's 2,000 km", () => {
    expect(formError("km", "distance", "2000")).toBeUndefined();
    expect(formError("km", "distance", "2000.1")).toBe(
      "Distance must be a number above 0 and at most 2,000 km",
    );
    expect(formError("km", "distance", "2000.1")).toBe(m.distanceInvalid);
    expect(formError("km", "distance", "0")).toBe(m.distanceInvalid);
    expect(formError("km", "distance", "")).toBe(m.distanceInvalid);
    // Stored to the metre, 0.0004 km would be a ride of 0 km, which the server refuses.
    expect(formError("km", "distance", "0.0004")).toBe(m.distanceInvalid);
  });

  it("tells a miles rider the limit in miles: 2,000 km is 1,242.7 mi", () => {
    const message = "Distance must be a number above 0 and at most 1,242.7 mi";
    expect(formError("mi", "distance", "1242.7")).toBeUndefined();
    expect(formError("mi", "distance", "1243")).toBe(message);
    expect(formError("mi", "distance", "1300")).toBe(message);
    expect(formError("mi", "distance", "0")).toBe(message);
    expect(formError("mi", "distance", "abc")).toBe(message);
  });

  it("takes exactly what the API takes once converted, in either unit", () => {
    for (const unit of ["km", "mi"] as const) {
      const edge = unit === "km" ? 2000 : 1242.74;
      for (let step = -50; step <= 50; step++) {
        const value = Math.round((edge + step * 0.0001) * 10000) / 10000;
        expect(formError(unit, "distance", String(value)) === undefined, `${value} ${unit}`).toBe(
          serverTakes(unit, "distance", value),
        );
      }
    }
  });
});

describe("the ride form's elevation gain", () => {
  it("keeps a metres message word for word, at the server's 20,000 m", () => {
    expect(formError("km", "elevation", "20000")).toBeUndefined();
    expect(formError("km", "elevation", "20001")).toBe(
      "Elevation gain must be a whole number of metres from 0 to 20,000",
    );
    expect(formError("km", "elevation", "12.5")).toBe(m.elevationInvalid);
  });

  it("tells a miles rider the limit in feet, the largest whole figure the server takes", () => {
    const message = "Elevation gain must be a whole number of feet from 0 to 65,618";
    expect(formError("mi", "elevation", "65618")).toBeUndefined();
    expect(formError("mi", "elevation", "65619")).toBe(message);
    expect(formError("mi", "elevation", "-1")).toBe(message);
    expect(formError("mi", "elevation", "100.5")).toBe(message);
    for (let feet = 65_600; feet <= 65_640; feet++) {
      expect(formError("mi", "elevation", String(feet)) === undefined, `${feet} ft`).toBe(
        serverTakes("mi", "elevation", feet),
      );
    }
  });
});
