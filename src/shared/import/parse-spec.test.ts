import { describe, expect, it } from "vitest";
import { htmlToSpecText } from "./html-to-text.ts";
import { parseSpecText } from "./parse-spec.ts";

/**
 * The robustness tests' time limit, generous for a busy test machine: catastrophic backtracking would take
 * minutes, so a hang fails the test by this timeout (speed itself is for `npm run bench`, not tests).
 */
const HANG_TIMEOUT_MS = 60_000;

/** label → name of what was found, for compact assertions. */
const names = (text: string) => parseSpecText(text).map((c) => [c.label, c.name]);

describe("parseSpecText: input formats", () => {
  it("reads Label: value lines with type and brand", () => {
    expect(parseSpecText("Frame: Aluminium 6061\nRear Derailleur: Shimano Deore XT M8100, 12-speed")).toEqual(
      [
        { label: "Frame", name: "Aluminium 6061", type: "Frame", brand: null },
        {
          label: "Rear Derailleur",
          name: "Shimano Deore XT M8100, 12-speed",
          type: "Drivetrain",
          brand: "Shimano",
        },
      ],
    );
  });

  it("reads tab-separated rows, keeping the value as written", () => {
    expect(names("Seat Post\tKS E-Ten Integra\nBrake Rotors\tShimano RT-54  180 mm rotors")).toEqual([
      ["Seat Post", "KS E-Ten Integra"],
      ["Brake Rotors", "Shimano RT-54  180 mm rotors"],
    ]);
  });

  it("reads pipe tables and skips their header and rule rows", () => {
    const text = "| Part | Spec |\n| --- | --- |\n| Fork | RockShox Pike |\n| **Stem** | Race Face Turbine |";
    expect(names(text)).toEqual([
      ["Fork", "RockShox Pike"],
      ["Stem", "Race Face Turbine"],
    ]);
  });

  it("reads markdown bullets and bold labels", () => {
    const text =
      "## Bike\n\t* FRAME: Specialized M4SL\n- Fork: Fox 34\n**Saddle:** WTB Volt\n1. Chain: KMC X10";
    expect(names(text)).toEqual([
      ["FRAME", "Specialized M4SL"],
      ["Fork", "Fox 34"],
      ["Saddle", "WTB Volt"],
      ["Chain", "KMC X10"],
    ]);
  });

  it("reads a two-line layout and skips the section headings between", () => {
    const text =
      "drivetrain\nCHAIN\nSRAM GX Eagle\nCASSETTE\n\tSRAM XG-1275\n\nbrakes\nFRONT BRAKE\nSRAM Guide R";
    expect(parseSpecText(text)).toEqual([
      { label: "CHAIN", name: "SRAM GX Eagle", type: "Drivetrain", brand: "SRAM" },
      { label: "CASSETTE", name: "SRAM XG-1275", type: "Drivetrain", brand: "SRAM" },
      { label: "FRONT BRAKE", name: "SRAM Guide R", type: "Brakes", brand: "SRAM" },
    ]);
  });

  it("reads size-dependent values in a two-line layout", () => {
    const text =
      "Handlebar\nSize: S, M\nBontrager alloy, 690mm\nSize: L, XL\nBontrager alloy, 720mm\nStem\nAlloy";
    expect(names(text)).toEqual([
      ["Handlebar", "Bontrager alloy, 690mm"],
      ["Handlebar", "Bontrager alloy, 720mm"],
      ["Stem", "Alloy"],
    ]);
  });

  it("reads size-dependent values in a table row, and on a maker's page, as a part per size", () => {
    // Copied from a spec table: the label's cell holds the first sizes, the part is on the next line.
    const pasted =
      "Shifter\tShimano 105 R7020\nCrank\tSize: 47, 50\nShimano 105, 50/34, 170 mm\nSize: 52, 54\nShimano 105, 50/34, 172.5 mm\nStem\tBontrager Elite";
    expect(names(pasted)).toEqual([
      ["Shifter", "Shimano 105 R7020"],
      ["Crank", "Shimano 105, 50/34, 170 mm"],
      ["Crank", "Shimano 105, 50/34, 172.5 mm"],
      ["Stem", "Bontrager Elite"],
    ]);
    // The sizes in a cell of their own, and the next sizes on a row without a label.
    const cells =
      "Handlebar\tSize: S, M\tBontrager alloy, 690mm\n\tSize: L, XL\tBontrager alloy, 720mm\n| Seatpost | Size: S | Alloy, 300mm |\n| | Size: M, L | Alloy, 350mm |";
    expect(names(cells)).toEqual([
      ["Handlebar", "Bontrager alloy, 690mm"],
      ["Handlebar", "Bontrager alloy, 720mm"],
      ["Seatpost", "Alloy, 300mm"],
      ["Seatpost", "Alloy, 350mm"],
    ]);
    const page = `<table>
      <tr><th>Frame</th><td>Alpha Gold Aluminium</td></tr>
      <tr><th>Crank</th><td><dl><dt>Size: 47, 50</dt><dd>Shimano 105, 50/34, 170 mm</dd>
        <dt>Size: 52, 54</dt><dd>Shimano 105, 50/34, 172.5 mm</dd></dl></td></tr>
      <tr><th>Handlebar</th><td><div><span>Size: 47, 50</span><span>Bontrager Comp, 400 mm</span></div>
        <div><span>Size: 52</span><span>Bontrager Comp, 420 mm</span></div></td></tr>
      <tr><th>Stem</th><td>Bontrager Elite</td></tr></table>`;
    expect(names(htmlToSpecText(page))).toEqual([
      ["Frame", "Alpha Gold Aluminium"],
      ["Crank", "Shimano 105, 50/34, 170 mm"],
      ["Crank", "Shimano 105, 50/34, 172.5 mm"],
      ["Handlebar", "Bontrager Comp, 400 mm"],
      ["Handlebar", "Bontrager Comp, 420 mm"],
      ["Stem", "Bontrager Elite"],
    ]);
  });

  it("finds the parts of French, German, Italian and Spanish sheets by their plural labels", () => {
    const french =
      "Cadre : Aluminium 6061\nPneus : Maxxis Ardent 29x2.25\nMoyeux : Shimano TC500\nGuidoline : Supacaz\nGarde-boue : SKS\nPorte-bagages : Tubus\nBéquille : Ursus\nÉclairage : Busch & Müller\nMoteur : Bosch CX\nÉcran : Bosch Kiox\nChargeur : Bosch 4A";
    expect(parseSpecText(french).map((c) => [c.label, c.type])).toEqual([
      ["Cadre", "Frame"],
      ["Pneus", "Tires"],
      ["Moyeux", "Wheels"],
      ["Guidoline", "Handlebar"],
      ["Garde-boue", "Other"],
      ["Porte-bagages", "Other"],
      ["Béquille", "Other"],
      ["Éclairage", "Other"],
      ["Moteur", "Other"],
      ["Écran", "Other"],
      ["Chargeur", "Other"],
    ]);
    const others =
      "Scheibenbremsen\tShimano MT200\nSchutzbleche\tSKS\nLenkergriffe\tErgon GP1\nSattelstützen\tKind Shock\nHinterbaudämpfer\tFox Float\nKlingel\tSpurcycle\nPneumatici\tPirelli P Zero\nCopertoni\tVittoria Rubino\nLeve freno\tShimano\nDischi\tShimano RT56\nPlatos\tSRAM 50/34\nGuardabarros\tSKS\nPortabultos\tTopeak\nBell\tKnog Oi\nBottle cage\tElite";
    expect(parseSpecText(others).map((c) => [c.label, c.type])).toEqual([
      ["Scheibenbremsen", "Brakes"],
      ["Schutzbleche", "Other"],
      ["Lenkergriffe", "Handlebar"],
      ["Sattelstützen", "Seatpost"],
      ["Hinterbaudämpfer", "Other"],
      ["Klingel", "Other"],
      ["Pneumatici", "Tires"],
      ["Copertoni", "Tires"],
      ["Leve freno", "Brakes"],
      ["Dischi", "Brakes"],
      ["Platos", "Drivetrain"],
      ["Guardabarros", "Other"],
      ["Portabultos", "Other"],
      ["Bell", "Other"],
      ["Bottle cage", "Other"],
    ]);
  });

  it("reads text copied from a web page with soft hyphens and zero-width characters, and keeps none", () => {
    const copied =
      "\u200bFrame: Aluminium\nSattel\u00adstütze: Kind Shock\nCas\u00adsette: Shimano\u00a0Deore\nStem\u200b: Ritchey\n\u200eSaddle: WTB\u2060 Volt";
    expect(names(copied)).toEqual([
      ["Frame", "Aluminium"],
      ["Sattelstütze", "Kind Shock"],
      ["Cassette", "Shimano\u00a0Deore"],
      ["Stem", "Ritchey"],
      ["Saddle", "WTB Volt"],
    ]);
  });

  it("reads YAML-like lists, removing quotes and ignoring sub-lists", () => {
    const text =
      "- frametype: 'Diamant'\n- frame: 'Aluminium'\n- sizes:\n  - '47'\n  - '52'\n- drive: 'Riemenantrieb'";
    expect(parseSpecText(text)).toEqual([
      { label: "frame", name: "Aluminium", type: "Frame", brand: null },
      { label: "drive", name: "Riemenantrieb", type: "Drivetrain", brand: null },
    ]);
  });

  it("cuts a paste whose line breaks were lost at known labels (BIKE prefix)", () => {
    const text =
      "Floor model, like new. BIKE FRAME: Aluminum 6061, Travel: 180mm BIKE REAR SHOCK: RockShox Super Deluxe BIKE SEAT: Haibike XDURO";
    expect(parseSpecText(text)).toEqual([
      { label: "FRAME", name: "Aluminum 6061, Travel: 180mm", type: "Frame", brand: null },
      { label: "REAR SHOCK", name: "RockShox Super Deluxe", type: "Other", brand: "RockShox" },
      { label: "SEAT", name: "Haibike XDURO", type: "Saddle", brand: "Haibike" },
    ]);
  });

  it("cuts run-together '- Label:' and '* Label :' pastes and drops the seller prose", () => {
    expect(names("***Mint*** - Asking $325.00 - Frame: Alloy frame - Seat Post: Alloy 27.2mm")).toEqual([
      ["Frame", "Alloy frame"],
      ["Seat Post", "Alloy 27.2mm"],
    ]);
    expect(names("Gently used. * Frame : ALUXX-Grade Aluminum * Shock : N/A * Pedals: one-piece PP")).toEqual(
      [
        ["Frame", "ALUXX-Grade Aluminum"],
        ["Pedals", "one-piece PP"],
      ],
    );
  });

  it("does not cut at a lower-case label or one after a comma inside a value", () => {
    expect(names("Brakeset: TRP Slate T4, rotors: 203mm front Brake Levers: TRP Slate T4")).toEqual([
      ["Brakeset", "TRP Slate T4, rotors: 203mm front"],
      ["Brake Levers", "TRP Slate T4"],
    ]);
    expect(names("Brakes: SRAM Code R, Rotors: 200mm")).toEqual([["Brakes", "SRAM Code R, Rotors: 200mm"]]);
  });

  it("reads 'Label - value' and wide-gap rows", () => {
    expect(names("Frame - Reynolds 853 steel\nStem      Thomson Elite X4")).toEqual([
      ["Frame", "Reynolds 853 steel"],
      ["Stem", "Thomson Elite X4"],
    ]);
  });
});

describe("parseSpecText: what is not a component", () => {
  it("ignores size, colour, extras and weight labels", () => {
    const text = [
      "Sizes: S, M, L",
      "Frame size: 54cm",
      "Color(s): Satin black",
      "Colour: red",
      "Paint: gloss",
      "Extras: bell, kickstand",
      "Weight: 12.5 kg",
      "Weight limit: 136 kg",
      "Fork: Fox 34",
    ].join("\n");
    expect(names(text)).toEqual([["Fork", "Fox 34"]]);
  });

  it("ignores empty values: N/A, not included, none, NULL, -, TBD and blank", () => {
    const values = ["N/A", "n/a", "Not included", "none", "NULL", "-", "TBD", "", "  "];
    const text = values.map((v) => `Chain Tensioner: ${v}`).join("\n");
    expect(parseSpecText(`${text}\nChain: KMC X10`)).toHaveLength(1);
  });

  it("ignores attribute lines: price, version, model, frame type, wheel and tire size, axles, crank options, other", () => {
    const text = [
      "version\tTarmac Expert",
      "price\t$ 5000.00",
      "MSRP: $1,299",
      "Model: Marlin 7",
      "frametype: Diamant",
      'Wheel size: 29"',
      "Tire size: 29 x 2.4",
      "Axles: 12x148mm",
      "crank option 1: optional 53/39 (Not for Europe)",
      "other: Chainstay protector, reflectors",
      "Fork travel: 130mm",
      "Stem length: 50mm",
      "Free shipping: yes",
      "crankset: FSA Gossamer Pro",
    ].join("\n");
    expect(names(text)).toEqual([["crankset", "FSA Gossamer Pro"]]);
  });

  it("keeps a speeds line only when it names a maker's product", () => {
    expect(parseSpecText("speeds: 8\ngears: 2x11")).toEqual([]);
    expect(parseSpecText("speeds: 'Shimano Nexus 8-Gang'")).toEqual([
      { label: "speeds", name: "Shimano Nexus 8-Gang", type: "Drivetrain", brand: "Shimano" },
    ]);
  });

  it("skips titles, headings, prices, prose and unknown labels", () => {
    const text = [
      "Giant Anthem",
      "Rs.5128(Per Day)",
      "Specifications:",
      "Frame",
      "Built for the ride you love. Lightweight, capable and ready for anything you throw at it.",
      "Travel: 150mm",
      "Hire Now",
    ].join("\n");
    expect(parseSpecText(text)).toEqual([]);
  });

  it("skips values too long to be a part", () => {
    expect(parseSpecText(`Frame: ${"carbon ".repeat(100)}`)).toEqual([]);
  });
});

describe("parseSpecText: robustness", () => {
  it("returns nothing for empty or blank input", () => {
    expect(parseSpecText("")).toEqual([]);
    expect(parseSpecText(" \n\t\n\r\n")).toEqual([]);
  });

  it("reads 10 MB of spec text", { timeout: HANG_TIMEOUT_MS }, () => {
    const sheet = "Frame: Aluminium\nFork: RockShox Reba RL\nSize: M\nTravel: 100mm\n";
    const found = parseSpecText(sheet.repeat(Math.ceil(10_000_000 / sheet.length)));
    expect(found.length).toBe(2 * Math.ceil(10_000_000 / sheet.length));
  });

  it("survives 10 MB of binary garbage", { timeout: HANG_TIMEOUT_MS }, () => {
    let seed = 42;
    const bytes = new Uint8Array(10_000_000).map(() => {
      seed = (seed * 1103515245 + 12345) >>> 0;
      return seed >>> 24;
    });
    expect(parseSpecText(new TextDecoder("latin1").decode(bytes))).toEqual([]);
  });

  it("survives one enormous line without a newline", { timeout: HANG_TIMEOUT_MS }, () => {
    const line = "Frame: Aluminium 6061 Fork: RockShox Reba, ".repeat(120_000);
    expect(line.length).toBeGreaterThan(5_000_000);
    expect(parseSpecText(line).length).toBeGreaterThan(0);
  });

  it("survives pathological runs of colons, spaces, pipes and labels", { timeout: HANG_TIMEOUT_MS }, () => {
    for (const input of [
      ":".repeat(5_000_000),
      `Frame${" ".repeat(5_000_000)}x`,
      "|".repeat(5_000_000),
      "Rear Brake ".repeat(400_000),
      "Frame\n".repeat(500_000),
      "a - ".repeat(1_000_000),
    ]) {
      expect(parseSpecText(input)).toEqual([]);
    }
  });
});
