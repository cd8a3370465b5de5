import { describe, expect, it } from "vitest";
import { intervalStatus } from "./domain/interval-status.ts";
import { describeUsage, describeUsed } from "./interval-wording.ts";
import type { ServiceInterval } from "./schemas/service-interval.ts";

/** An interval of `everyKm` km or `everyMonths` months, `usedKm` used since Jan 1, seen on `today`. */
function chain(usedKm: number, today: string, kmPerDay = 0): ServiceInterval {
  const rule = { everyKm: 3000, everyHours: null, everyMonths: 12 };
  return {
    id: "i",
    componentId: "c",
    componentName: "Chain",
    componentType: "Drivetrain",
    bicycleId: "b",
    bicycleName: "Road",
    label: "Replace chain",
    ...rule,
    lastServiceDate: "2026-01-01",
    since: "2026-01-01",
    status: intervalStatus(rule, {
      since: "2026-01-01",
      today,
      usedKm,
      usedHours: 0,
      pace: { kmPerDay, hoursPerDay: 0 },
    }),
  };
}

describe("describeUsage", () => {
  it("gives the months limit's date while nothing is overdue", () => {
    const interval = chain(1000, "2026-03-01");
    expect(interval.status.state).toBe("ok");
    expect(describeUsage(interval, "km")).toEqual([
      "1,000 km of 3,000 km · 2,000 km left",
      "Due Jan 1, 2027",
    ]);
  });

  it("does not say 'Due' a future date for an interval overdue by distance", () => {
    const interval = chain(3100, "2026-03-01");
    expect(interval.status.state).toBe("overdue");
    const lines = describeUsage(interval, "mi");
    // The miles over are the difference of the figures shown (62.1 mi when the km difference was converted).
    expect(lines).toEqual(["1,926.3 mi of 1,864.1 mi · 62.2 mi over"]);
    expect(lines.join(" ")).not.toMatch(/\bDue\b/);
  });

  it("says when it was due once the months are up", () => {
    const interval = chain(100, "2027-01-05");
    expect(describeUsage(interval, "km")).toEqual([
      "100 km of 3,000 km · 2,900 km left",
      "Was due Jan 1, 2027",
    ]);
  });

  it("says 'Due today' on the day the months are up, not that it was due", () => {
    const interval = chain(100, "2027-01-01");
    expect(interval.status.state).toBe("overdue");
    expect(describeUsage(interval, "km")).toEqual(["100 km of 3,000 km · 2,900 km left", "Due today"]);
  });

  it("says when the distance is expected to run out at the recent pace, when that comes before the months", () => {
    // 2,000 km left at 40 km a day: 50 days after Mar 1, well before Jan 1.
    const interval = chain(1000, "2026-03-01", 40);
    expect(describeUsage(interval, "km")).toEqual([
      "1,000 km of 3,000 km · 2,000 km left",
      "Due Jan 1, 2027",
      "Expected due Apr 20, 2026 at your last 90 days' pace",
    ]);
  });

  it("gives no forecast when the months come first, or once it is overdue", () => {
    // 2,000 km at 5 km a day is 400 days: the months' Jan 1 comes first.
    expect(describeUsage(chain(1000, "2026-03-01", 5), "km")).toEqual([
      "1,000 km of 3,000 km · 2,000 km left",
      "Due Jan 1, 2027",
    ]);
    expect(describeUsage(chain(3100, "2026-03-01", 40), "km")).toEqual([
      "3,100 km of 3,000 km · 100 km over",
    ]);
  });

  it("names the hours' unit on both figures, as the distance's and the digest's", () => {
    const rule = { everyKm: null, everyHours: 50, everyMonths: null };
    const interval = {
      ...chain(0, "2026-03-01"),
      ...rule,
      status: intervalStatus(rule, { since: "2026-01-01", today: "2026-03-01", usedKm: 0, usedHours: 46.5 }),
    };
    expect(describeUsage(interval, "km")).toEqual(["46.5 h of 50 h · 3.5 h left"]);
  });
});

describe("describeUsed", () => {
  it("says what each measure has used, without what is left or any date", () => {
    const rule = { everyKm: 3000, everyHours: 50, everyMonths: 12 };
    const interval = {
      ...chain(0, "2026-03-01"),
      ...rule,
      status: intervalStatus(rule, {
        since: "2026-01-01",
        today: "2026-03-01",
        usedKm: 2850,
        usedHours: 46.5,
      }),
    };
    expect(describeUsed(interval, "km")).toBe("2,850 km of 3,000 km · 46.5 h of 50 h");
    expect(describeUsed(chain(1609.344, "2026-03-01"), "mi")).toBe("1,000 mi of 1,864.1 mi");
  });
});
