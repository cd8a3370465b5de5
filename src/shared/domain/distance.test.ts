import { describe, expect, it } from "vitest";
import { formatDistance, formatElevation, fromKm, toKm, toMetres } from "./distance.ts";

describe("distance units", () => {
  it("stores kilometres and shows the user's unit", () => {
    expect(formatDistance(1250)).toBe("1,250 km");
    expect(formatDistance(1250, "mi")).toBe("776.7 mi");
    expect(formatDistance(0, "mi")).toBe("0 mi");
    expect(toKm(100, "mi")).toBe(160.9);
    expect(toKm(100, "km")).toBe(100);
    // A ride keeps the metre: ten miles are 16.093 km, not 16.1.
    expect(toKm(10, "mi", 3)).toBe(16.093);
    expect(toKm(0.02, "mi", 3)).toBe(0.032);
    expect(fromKm(160.9, "mi")).toBe(100);
  });
});

describe("elevation", () => {
  it("is metres for km riders and feet for miles riders, stored as whole metres", () => {
    expect(formatElevation(640, "km")).toBe("640 m");
    expect(formatElevation(640, "mi")).toBe("2,100 ft");
    expect(toMetres(2100, "mi")).toBe(640);
    expect(toMetres(640, "km")).toBe(640);
  });
});
