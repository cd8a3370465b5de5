import { describe, expect, it } from "vitest";
import { formatDistance, fromKm, toKm } from "./distance.ts";

describe("distance units", () => {
  it("stores kilometres and shows the user's unit", () => {
    expect(formatDistance(1250)).toBe("1,250 km");
    expect(formatDistance(1250, "mi")).toBe("776.7 mi");
    expect(formatDistance(0, "mi")).toBe("0 mi");
    expect(toKm(100, "mi")).toBe(160.9);
    expect(toKm(100, "km")).toBe(100);
    expect(fromKm(160.9, "mi")).toBe(100);
  });
});
