import { describe, expect, it } from "vitest";
import { importedComponentName } from "./component-name.ts";

describe("the name an imported component is saved with", () => {
  it("puts the spec's label before the maker and model", () => {
    expect(
      importedComponentName({ label: "Rear derailleur", name: "Shimano Deore XT M8100, 12-speed" }),
    ).toBe("Rear derailleur: Shimano Deore XT M8100, 12-speed");
    expect(importedComponentName({ label: "der_rear", name: "Shimano 105" })).toBe("Der_rear: Shimano 105");
    expect(importedComponentName({ label: "FORK", name: "RockShox Reba RL 29" })).toBe(
      "FORK: RockShox Reba RL 29",
    );
  });

  it("keeps the value alone when it already names the part, or when there is no label", () => {
    expect(importedComponentName({ label: "Chain", name: "KMC X10 chain" })).toBe("KMC X10 chain");
    expect(importedComponentName({ label: "Seat post", name: "Alloy seat post, 27.2 mm" })).toBe(
      "Alloy seat post, 27.2 mm",
    );
    expect(importedComponentName({ label: "", name: "Maxxis Minion DHF" })).toBe("Maxxis Minion DHF");
  });

  it("stays within the 200 characters a name may have", () => {
    const long = "x".repeat(199);
    expect(importedComponentName({ label: "Frame", name: long })).toBe(long);
    expect(importedComponentName({ label: "Frame", name: "y".repeat(300) })).toHaveLength(200);
  });
});
