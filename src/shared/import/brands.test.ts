import { describe, expect, it } from "vitest";
import { detectBrand } from "./brands.ts";

describe("detectBrand", () => {
  it.each([
    ["Rock Shox Reba RL", "RockShox"],
    ["RockShox Pike RC", "RockShox"],
    ["Rockshox Yari", "RockShox"],
    ["SR Suntour XCR 32", "SR Suntour"],
    ["SR-Suntour XCM", "SR Suntour"],
    ["Suntour Zeron35 LOR", "SR Suntour"],
    ["DT-Swiss XR1501", "DT Swiss"],
    ["DT Swiss Industry", "DT Swiss"],
    ["Front: DT Comp, stainless steel", "DT Swiss"],
    ["Sram X5 high direct mount FD", "SRAM"],
    ["Crank Brothers Cobalt, alloy", "Crank Brothers"],
    ["Crankbrothers Stamp 1", "Crank Brothers"],
    ["KS E-Ten Integra 30.9mm", "KS"],
    ["Kind Shock LEV", "KS"],
    ["Alex DP23 650B", "Alex Rims"],
    ["Öhlins TTX22M", "Öhlins"],
    ["Ohlins RXF 36", "Öhlins"],
    ["Race Face Next R", "Race Face"],
    ["e*thirteen LG1", "e*thirteen"],
    ["Stan's NoTubes Flow MK3", "Stan's NoTubes"],
    ["Sun Ringlé Duroc 30", "Sun Ringlé"],
    ["Chris King InSet", "Chris King"],
    ["Cane Creek 10 series tapered", "Cane Creek"],
    ["X-Fusion Manic", "X-Fusion"],
    ["Selle Italia SLR", "Selle Italia"],
    ["Fi'zi:k Antares", "Fizik"],
    ["Oval Concepts 205 flat bar", "Oval Concepts"],
    ["Oval OE, 6061 alloy micro adjust", "Oval Concepts"],
    ["Yamaha PW-X2 System", "Yamaha"],
    ["Joytech nutted type, 32H", "Joytech"],
    ["Yaban S9", "Yaban"],
    ["Clement MXP 700x33c", "Clement"],
  ])("%s → %s", (value, brand) => {
    expect(detectBrand(value)).toBe(brand);
  });

  it("takes the first maker named in the value", () => {
    expect(detectBrand("Shimano MT400 hubs, WTB STp i35 rims")).toBe("Shimano");
    expect(detectBrand("Custom e-bike Formula R1, hydraulic disc")).toBe("Formula");
    expect(detectBrand("Black alloy with Cane Creek logo")).toBe("Cane Creek");
  });

  it("keeps sub-brands and house brands as written", () => {
    expect(detectBrand("Truvativ Descendant")).toBe("Truvativ");
    expect(detectBrand("Roval Traverse Carbon 29")).toBe("Roval");
    expect(detectBrand("Bontrager Evoke 2")).toBe("Bontrager");
    expect(detectBrand("Haibike Components TheBar ++")).toBe("Haibike");
  });

  it("matches whole words only, and maker names that are English words only when capitalised", () => {
    expect(detectBrand("Campy-style, full cartridge bearings")).toBeNull();
    expect(detectBrand("MTB style long radius w/V-Brake mounts")).toBeNull();
    expect(detectBrand("formed DT/TT, forged dropouts")).toBeNull();
    expect(detectBrand("i hope it looks fine, give it time")).toBeNull();
    expect(detectBrand("Hope Tech 4 E4")).toBe("Hope");
    expect(detectBrand("Time ATAC XC 4")).toBe("Time");
    expect(detectBrand("Shimanos")).toBeNull();
  });

  it("falls back to a maker's technology name when no maker is written", () => {
    expect(detectBrand("ALUXX SL-Grade Aluminum")).toBe("Giant");
    expect(detectBrand("400 Series OCLV Carbon, IsoSpeed")).toBe("Trek");
    expect(detectBrand("FACT 11m, full carbon chassis")).toBe("Specialized");
    expect(detectBrand("Body Geometry XCT, lock-on")).toBe("Specialized");
    expect(detectBrand("CAAD10, SmartFormed 6069 Alloy")).toBe("Cannondale");
    expect(detectBrand("Trek IsoSpeed carbon disc")).toBe("Trek");
  });

  it("finds no maker in generic values", () => {
    for (const value of [
      "6061-T6 Aluminium",
      "Alloy V-brakes",
      "Platform",
      "Black",
      "Standard, Presta valve",
    ]) {
      expect(detectBrand(value)).toBeNull();
    }
  });
});
