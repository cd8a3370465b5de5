import { describe, expect, it } from "vitest";
import { formatDistance, fromKm, toKm } from "./distance.ts";

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
