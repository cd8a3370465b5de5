import { describe, expect, it } from "vitest";
import { canonicalTimeZone, dayInZone, startOfDayInZone, timeZoneAsWritten } from "./time-zone.ts";

describe("days in a time zone", () => {
  it("begins a day at the zone's midnight, at both edges of the Earth's clock", () => {
    expect(startOfDayInZone("2026-01-10", "Pacific/Pago_Pago").toISOString()).toBe(
      "2026-01-10T11:00:00.000Z",
    );
    expect(startOfDayInZone("2026-01-10", "Pacific/Kiritimati").toISOString()).toBe(
      "2026-01-09T10:00:00.000Z",
    );
    expect(startOfDayInZone("2026-01-10", "UTC").toISOString()).toBe("2026-01-10T00:00:00.000Z");
  });

  it("follows summer time, and begins a day whose midnight was skipped when the clocks went forward", () => {
    expect(startOfDayInZone("2026-07-01", "Europe/Berlin").toISOString()).toBe("2026-06-30T22:00:00.000Z");
    expect(startOfDayInZone("2026-03-29", "Europe/Berlin").toISOString()).toBe("2026-03-28T23:00:00.000Z");
    // Santiago's clocks go from 00:00 to 01:00 on the first Sunday of September.
    const start = startOfDayInZone("2026-09-06", "America/Santiago");
    expect(dayInZone(start, "America/Santiago")).toBe("2026-09-06");
    expect(dayInZone(new Date(start.getTime() - 1000), "America/Santiago")).toBe("2026-09-05");
  });

  it("tells the day it is in a zone", () => {
    const at = new Date("2026-11-28T02:00:00Z");
    expect(dayInZone(at, "Pacific/Pago_Pago")).toBe("2026-11-27");
    expect(dayInZone(at, "UTC")).toBe("2026-11-28");
    expect(dayInZone(new Date("2026-11-28T10:30:00Z"), "Pacific/Kiritimati")).toBe("2026-11-29");
  });

  it("knows zone names and nothing else", () => {
    expect(canonicalTimeZone("europe/berlin")).toBe("Europe/Berlin");
    expect(canonicalTimeZone("UTC")).toBe("UTC");
    for (const name of ["+05:00", "Mars/Olympus_Mons", "", "Europe/Berlin; drop table"]) {
      expect(canonicalTimeZone(name)).toBeNull();
    }
  });
});

describe("timeZoneAsWritten", () => {
  it("puts the letter case right and keeps the spelling that was sent", () => {
    expect(timeZoneAsWritten("europe/BERLIN")).toBe("Europe/Berlin");
    expect(timeZoneAsWritten("utc")).toBe("UTC");
    expect(timeZoneAsWritten("Asia/Kolkata")).toBe("Asia/Kolkata");
    expect(timeZoneAsWritten("US/Eastern")).toBe("US/Eastern");
  });
});
