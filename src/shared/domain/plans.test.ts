import { describe, expect, it } from "vitest";
import { canAddBicycle, PLANS } from "./plans.ts";

describe("plans", () => {
  it("allows 1 bicycle free and 10 on Premium at $2 a month", () => {
    expect(PLANS.free).toMatchObject({ bicycleLimit: 1, priceUsdPerMonth: 0 });
    expect(PLANS.premium).toMatchObject({ bicycleLimit: 10, priceUsdPerMonth: 2 });
    expect(canAddBicycle("free", 0)).toBe(true);
    expect(canAddBicycle("free", 1)).toBe(false);
    expect(canAddBicycle("premium", 9)).toBe(true);
    expect(canAddBicycle("premium", 10)).toBe(false);
  });
});
