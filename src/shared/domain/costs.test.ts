import { describe, expect, it } from "vitest";
import { costPerKm, formatCostPerDistance } from "./costs.ts";

describe("cost per distance", () => {
  it("divides what was paid by the distance, and has no figure before any distance", () => {
    expect(costPerKm(60, 2000)).toBe(0.03);
    expect(costPerKm(10, 3)).toBe(3.3333);
    // Below 1, 4 significant digits (decision 0085): a script reading the API never sees 0 for a paid cost.
    expect(costPerKm(52, 2100)).toBe(0.02476);
    expect(costPerKm(5, 100_000)).toBe(0.00005);
    expect(costPerKm(5, 200_000)).toBe(0.000025);
    expect(costPerKm(0.01, 1_000_000)).toBe(1e-8);
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
    // $5 over 200,000 km: still paid for, not free.
    expect(formatCostPerDistance(costPerKm(5, 200_000), "km")).toBe("under $0.001 per km");
    expect(formatCostPerDistance(costPerKm(5, 200_000), "mi")).toBe("under $0.001 per mi");
    // The extra digits change nothing the app shows.
    expect(formatCostPerDistance(costPerKm(52, 2100), "km")).toBe("$0.025 per km");
    expect(formatCostPerDistance(costPerKm(52, 2100), "mi")).toBe("$0.040 per mi");
  });
});
