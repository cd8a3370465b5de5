import { describe, expect, it } from "vitest";
import { importedComponentName } from "./component-name.ts";

describe("the name an imported component is saved with", () => {
  it("puts the spec's label before the maker and model", () => {
    expect(
      importedComponentName({ label: "Rear derailleur", name: "Shimano Deore XT M8100, 12-speed" }),
    ).toBe("Rear derailleur: Shimano Deore XT M8100, 12-speed");
  });

  it("writes a scraper's key and a shouted label as a person would", () => {
    expect(importedComponentName({ label: "der_rear", name: "Shimano 105" })).toBe(
      "Rear derailleur: Shimano 105",
    );
    expect(importedComponentName({ label: "brake_front", name: "Shimano BR-785, hydraulic disc" })).toBe(
      "Front brake: Shimano BR-785, hydraulic disc",
    );
    expect(importedComponentName({ label: "FORK", name: "RockShox Reba RL 29" })).toBe(
      "Fork: RockShox Reba RL 29",
    );
    expect(importedComponentName({ label: "REAR DERAILLEUR", name: "SRAM SX Eagle, 12 Speed" })).toBe(
      "Rear derailleur: SRAM SX Eagle, 12 Speed",
    );
    // Short capitals are an abbreviation, and a label written with care stays as it is.
    expect(importedComponentName({ label: "BB", name: "SRAM GXP" })).toBe("BB: SRAM GXP");
    expect(importedComponentName({ label: "Seat Post", name: "KS E-Ten Integra" })).toBe(
      "Seat Post: KS E-Ten Integra",
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
    expect(importedComponentName({ label: "Frame", name: "y".repeat(300) })).toBe(`${"y".repeat(199)}…`);
  });

  it("cuts a long value after a whole word, with an ellipsis", () => {
    const frame =
      "400 Series OCLV Carbon, IsoSpeed, Power Transfer Construction, disc balanced post mount, 142x12 Closed " +
      "Convert dropout, hidden fender mounts, E2 tapered head tube, BB90, DuoTrap compatible, 3S chain keeper";
    const name = importedComponentName({ label: "frame", name: frame });
    expect(name).toBe(`${frame.slice(0, frame.indexOf(" keeper"))}…`);
    expect(name.length).toBeLessThanOrEqual(200);
  });
});
