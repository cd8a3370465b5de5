import { describe, expect, it } from "vitest";
import { costPerKm, formatCostPerDistance } from "./costs.ts";

describe("cost per distance", () => {
  it("divides what was paid by the distance, and has no figure before any distance", () => {
    expect(costPerKm(60, 2000)).toBe(0.03);
    expect(costPerKm(10, 3)).toBe(3.3333);
    // Nothing paid: no figure, like no distance.
    expect(costPerKm(0, 100)).toBeNull();
    expect(costPerKm(60, 0)).toBeNull();
  });

  it("shows the user's unit, a tenth of a cent below a dollar, and a dash without distance", () => {
    expect(formatCostPerDistance(0.03, "km")).toBe("$0.030 per km");
    expect(formatCostPerDistance(0.03, "mi")).toBe("$0.048 per mi");
    expect(formatCostPerDistance(2.5, "km")).toBe("$2.50 per km");
    expect(formatCostPerDistance(null, "mi")).toBe("—");
    // $10 over 30,000 km rounds to no tenth of a cent: not "$0.000", which reads as free.
    expect(formatCostPerDistance(costPerKm(10, 30_000), "km")).toBe("under $0.001 per km");
    // $1 over 30,000 km is below the 4 decimals a figure is kept to (0): still paid for, not free.
    expect(formatCostPerDistance(costPerKm(1, 30_000), "km")).toBe("under $0.001 per km");
    expect(formatCostPerDistance(costPerKm(1, 30_000), "mi")).toBe("under $0.001 per mi");
  });
});
