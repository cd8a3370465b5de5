import { describe, expect, it } from "vitest";
import { serviceIntervalInputSchema } from "../schemas/service-interval.ts";
import { intervalFormSchema } from "../schemas/service-interval-form.ts";
import { intervalStatus } from "./interval-status.ts";
import { defaultIntervalsFor } from "./service-intervals.ts";

const rule = (r: Partial<{ everyKm: number; everyHours: number; everyMonths: number }>) => ({
  everyKm: r.everyKm ?? null,
  everyHours: r.everyHours ?? null,
  everyMonths: r.everyMonths ?? null,
});
const usage = (u: Partial<{ usedKm: number; usedHours: number; since: string; today: string }>) => ({
  since: u.since ?? "2026-01-01",
  today: u.today ?? "2026-01-01",
  usedKm: u.usedKm ?? 0,
  usedHours: u.usedHours ?? 0,
});

describe("intervalStatus", () => {
  it("is overdue exactly at the interval and due soon one km before", () => {
    expect(intervalStatus(rule({ everyKm: 3000 }), usage({ usedKm: 3000 })).state).toBe("overdue");
    const before = intervalStatus(rule({ everyKm: 3000 }), usage({ usedKm: 2999 }));
    expect(before).toMatchObject({ state: "due-soon", distance: { remaining: 1 } });
    expect(before.usedFraction).toBeLessThan(1);
    expect(intervalStatus(rule({ everyKm: 3000 }), usage({ usedKm: 2699 })).state).toBe("ok");
  });

  it("takes the due-soon percentage given", () => {
    expect(intervalStatus(rule({ everyKm: 1000 }), usage({ usedKm: 800 }), 80).state).toBe("due-soon");
    expect(intervalStatus(rule({ everyKm: 1000 }), usage({ usedKm: 799 }), 80).state).toBe("ok");
  });

  it("is due soon from exactly the due-soon percentage, for every whole percentage from 50 to 99", () => {
    // 0.57 * 100 is 56.99… in floating point: 57 of 100 km must still be 57 %.
    for (let percent = 50; percent <= 99; percent++) {
      for (const [every, used] of [
        [100, percent],
        [1000, percent * 10],
        [3000, percent * 30],
        [10, percent / 10],
      ] as const) {
        const at = intervalStatus(rule({ everyKm: every }), usage({ usedKm: used }), percent);
        expect(at.state, `${used} of ${every} km at ${percent} %`).toBe("due-soon");
        const below = intervalStatus(rule({ everyKm: every }), usage({ usedKm: used - 0.1 }), percent);
        expect(below.state, `just below ${percent} % of ${every} km`).toBe("ok");
        const hours = intervalStatus(rule({ everyHours: every }), usage({ usedHours: used }), percent);
        expect(hours.state, `${used} of ${every} h at ${percent} %`).toBe("due-soon");
      }
      // And it reads as that share: 57 of 100 km is 57 % used, not 56.9 %.
      const shown = intervalStatus(rule({ everyKm: 100 }), usage({ usedKm: percent }), percent);
      expect(shown.usedFraction).toBe(percent / 100);
    }
  });

  it("counts hours only for an hours interval", () => {
    const status = intervalStatus(rule({ everyHours: 50 }), usage({ usedKm: 9999, usedHours: 10 }));
    expect(status).toMatchObject({ state: "ok", distance: null, hours: { used: 10, remaining: 40 } });
  });

  it("dates a time interval by calendar months", () => {
    const status = intervalStatus(
      rule({ everyMonths: 12 }),
      usage({ since: "2025-03-31", today: "2026-03-31" }),
    );
    expect(status).toMatchObject({ state: "overdue", time: { dueDate: "2026-03-31", remaining: 0 } });
    const month = intervalStatus(
      rule({ everyMonths: 1 }),
      usage({ since: "2026-01-31", today: "2026-02-01" }),
    );
    expect(month.time?.dueDate).toBe("2026-02-28");
  });

  it("is due at whichever measure comes first, and projects the due date at the recent pace", () => {
    const combined = rule({ everyKm: 4000, everyMonths: 6 });
    expect(intervalStatus(combined, usage({ usedKm: 10, today: "2026-07-02" })).state).toBe("overdue");
    expect(intervalStatus(combined, usage({ usedKm: 4000, today: "2026-01-02" })).state).toBe("overdue");
    const paced = intervalStatus(combined, {
      ...usage({ usedKm: 3000, today: "2026-01-11" }),
      pace: { kmPerDay: 100, hoursPerDay: 0 },
    });
    expect(paced.expectedDueDate).toBe("2026-01-21");
    const slow = intervalStatus(combined, {
      ...usage({ usedKm: 0, today: "2026-01-11" }),
      pace: { kmPerDay: 1, hoursPerDay: 0 },
    });
    expect(slow.expectedDueDate).toBe("2026-07-01");
    expect(intervalStatus(rule({ everyKm: 100 }), usage({})).expectedDueDate).toBeNull();
  });
});

describe("defaultIntervalsFor", () => {
  it("suggests by name first, then by type", () => {
    expect(defaultIntervalsFor("Drivetrain", "KMC X11 Chain")).toEqual([
      { label: "Replace chain", everyKm: 3000, everyHours: null, everyMonths: null },
    ]);
    expect(defaultIntervalsFor("Other", "RockShox Pike fork").map((i) => i.everyHours)).toEqual([50, 200]);
    expect(defaultIntervalsFor("Brakes", "Shimano XT").map((i) => i.label)).toEqual([
      "Brake fluid",
      "Check brake pads",
    ]);
    expect(defaultIntervalsFor("Tires", "Gravelking")[0]?.everyKm).toBe(4000);
    expect(defaultIntervalsFor("Frame", "Steel frame")).toEqual([]);
  });

  it("reads an imported part by its label, and suggests nothing rather than another part's service", () => {
    const labels = (type: string, name: string) => defaultIntervalsFor(type, name).map((i) => i.label);
    expect(labels("Drivetrain", "FRONT DERAILLEUR: Shimano Deore, 3x10")).toEqual([]);
    expect(labels("Drivetrain", "SHIFT LEVERS: SRAM X7 trigger")).toEqual([]);
    expect(labels("Frame", "FRAME: 500 Series Alpha Aluminum, 3S chain keeper")).toEqual([]);
    expect(labels("Wheels", "RIMS: Carve SL Disc, 29er, 28h")).toEqual(["Check spoke tension and hubs"]);
    expect(labels("Handlebar", "GRIPS: Specialized Body Geometry XCT, lock-on")).toEqual([]);
    expect(labels("Drivetrain", "CHAIN: KMC X10")).toEqual(["Replace chain"]);
    expect(labels("Brakes", "FRONT BRAKE: Avid Elixir 3R, hydraulic disc, 180mm rotor")).toEqual([
      "Brake fluid",
      "Check brake pads",
    ]);
    expect(labels("Brakes", "ROTORS: Avid G2 CleanSweep, 180mm")).toEqual(["Check rotor thickness"]);
  });

  // Names as the spec-sheet import saves them, from the fixtures' bicycles.
  it.each([
    // A frame's description names its features, not parts to service.
    [
      "Frame",
      "Alpha Platinum Aluminum, ABP Convert, Full Floater, E2 tapered head tube, internal derailleur & dropper post routing, press fit BB",
      [],
    ],
    ["Frame", 'Specialized A1 Premium Aluminum, 24" frame, suspension fork geo w/ low standover', []],
    [
      "Frame",
      "400 Series OCLV Carbon, IsoSpeed, Power Transfer Construction, disc balanced post, 3S chain keeper",
      [],
    ],
    ["Frame", "Rear shock: Fox Float DPS", ["Air can service", "Damper service"]],
    // A rear shock has an air can and a damper, not a fork's lowers.
    ["Other", "REAR SHOCK: RockShox Super Deluxe Select Plus", ["Air can service", "Damper service"]],
    [
      "Other",
      "Rear suspension: Fox Evolution Series Float w/DRCV, CTD damper",
      ["Air can service", "Damper service"],
    ],
    // Only a suspension fork has lowers to service; a fork the name says nothing about is taken to be one.
    ["Fork", "Fork: Kona Full Carbon CX Disc", []],
    ["Fork", "high-tensile steel rigid Fork, 1-1/8, 25.4mm steel steerer", []],
    [
      "Fork",
      "Fork: SR Suntour SF11-XCT-JR-24, 1pc. alloy lower, 25.4mm Hi-Ten stanchions",
      ["Lower service", "Full service"],
    ],
    ["Fork", 'FORK: RockShox Reba RL 29", 100mm travel', ["Lower service", "Full service"]],
    ["Fork", "Pike Ultimate", ["Lower service", "Full service"]],
    // A rim brake has pads but no fluid; a cable brake's lever needs nothing, a hydraulic one's its fluid.
    ["Brakes", "Brakes: Tektro alloy V-Brake with linear spring", ["Check brake pads"]],
    ["Brakes", 'Brake (front): Die cast, alloy "V" brake, 1pc. pad', ["Check brake pads"]],
    ["Brakes", "Brake lever (both): Shimano 105 5700", []],
    ["Brakes", "BRAKE LEVERS: Tektro, Hydraulic Levers", ["Brake fluid"]],
    ["Brakes", "Brakes: Shimano MT200 Hydraulic Disc", ["Brake fluid", "Check brake pads"]],
    // Inner tubes and valves are not tyres; a wheel's "freewheel type" hub is not a cassette.
    ["Tires", "Tube (both): Standard presta valve", []],
    ["Tires", "INNER TUBES: Standard, Presta valve", []],
    ["Tires", "Tires: Maxxis high Roller II 27.5x2.3, 60 tpi, EXO, TR, tubeless", ["Replace tyres"]],
    ["Wheels", "Hub (rear): Forged alloy, freewheel type, 32h, nutted axle", ["Hub service"]],
    ["Wheels", "Forged alloy, freewheel type, 32h, nutted axle", ["Check spoke tension and hubs"]],
    // A dropper post is a seatpost with a remote or an adjustable height; a clamp is not serviced.
    [
      "Seatpost",
      "SEAT POST: Command Post IRcc, 16-position micro-height adjustable, two-bolt head",
      ["Dropper service"],
    ],
    ["Seatpost", "Seat Post: KS E-Ten Integra 30.9mm adj post w / remote stealth", ["Dropper service"]],
    ["Seatpost", "Seat Post Clamp: Norco design alloy nutted clamp (no cable guide)", []],
    ["Seatpost", "Seatpost: Alloy, 27.2mm, micro adjust", []],
    // Grips are not bar tape; a stem by Crank Brothers is not a crank.
    ["Handlebar", "Grips/tape: Bontrager Race Lite, lock-on", []],
    ["Handlebar", "Grips/tape: Kona Cork Tape", ["Replace bar tape"]],
    ["Stem", "Crank Brothers Cobalt, alloy, custom polished ano black", []],
    ["Drivetrain", "COGSET: SRAM PG 1210, 12 Speed, 11-50t", ["Replace cassette"]],
    ["Drivetrain", "Shifter Casing: Jagwire LEX housing", ["Replace cables"]],
    // A hub motor, its battery and a headset's spacers need no interval.
    ["Other", "Specialized Turbo Direct Drive rear hub motor, X12 thru-axle, 250 watt", []],
    ["Other", "Headset Spacer: 1x10mm - Black / 1x5mm - Black", []],
    ["Other", "Headset: FSA No.57B", ["Clean and grease headset"]],
    ["Frame", "Derailleur hanger: Trek 284145", []],
    ["Wheels", "Rim tape: Bontrager TLR 25mm", []],
    ["Tires", "Sealant: Stan's NoTubes Race", ["Refresh sealant"]],
    ["Tires", "Tubeless valves: Bontrager TLR", []],
    ["Drivetrain", "Cables/Housing: Jagwire Sport", ["Replace cables"]],
    ["Drivetrain", "Schaltzüge: Shimano SP41", ["Replace cables"]],
    ["Other", "Lock: Abus Bordo 6000", []],
  ])("%s “%s” is suggested %j", (type, name, expected) => {
    expect(defaultIntervalsFor(type, name).map((i) => i.label)).toEqual(expected);
  });
});

describe("the interval form", () => {
  const typed = (everyKm: string) => ({ label: "Replace chain", everyKm, everyHours: "", everyMonths: "" });
  const messageOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
    result.success ? null : result.error?.issues[0]?.message;

  it("checks a miles distance in miles, naming miles, and sends the server km it accepts", () => {
    const miles = intervalFormSchema("mi");
    expect(messageOf(miles.safeParse(typed("700000")))).toBe("Distance must be at most 621,371.2 mi");
    expect(messageOf(miles.safeParse(typed("0.02")))).toBe("Distance must be at least 0.1 mi");
    expect(messageOf(miles.safeParse(typed("-1")))).toBe("Distance must be at least 0.1 mi");
    expect(miles.parse(typed("1864.1")).everyKm).toBe(3000);
    // The largest interval, as the form shows it in miles, saves again as it was.
    expect(miles.parse(typed("621371.2")).everyKm).toBe(1_000_000);
    // Whatever the form takes, the server takes once converted: the limits themselves included.
    expect(messageOf(miles.safeParse(typed("621371.3")))).toBe("Distance must be at most 621,371.2 mi");
    for (const mi of ["0.1", "0.15", "1", "621371.2"]) {
      const { everyKm } = miles.parse(typed(mi));
      expect(serviceIntervalInputSchema.safeParse({ label: "x", everyKm }).success, `${mi} mi`).toBe(true);
    }
  });

  it("checks a km distance against the server's own limits, naming km", () => {
    const km = intervalFormSchema("km");
    expect(messageOf(km.safeParse(typed("1000000.1")))).toBe("Distance must be at most 1,000,000 km");
    expect(messageOf(km.safeParse(typed("0.09")))).toBe("Distance must be at least 0.1 km");
    for (const everyKm of [0.1, 1_000_000]) {
      expect(km.parse(typed(String(everyKm))).everyKm).toBe(everyKm);
      expect(serviceIntervalInputSchema.safeParse({ label: "x", everyKm }).success).toBe(true);
    }
    for (const everyKm of [0.09, 1_000_000.1]) {
      expect(serviceIntervalInputSchema.safeParse({ label: "x", everyKm }).success).toBe(false);
    }
    // The rest is the server's schema: a label, and at least one measure.
    expect(messageOf(km.safeParse(typed("")))).toBe("Set a distance, hours or months");
    expect(messageOf(km.safeParse({ ...typed("10"), label: " " }))).toBe("Label is required");
  });
});
