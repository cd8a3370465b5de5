import { describe, expect, it } from "vitest";
import { monthAxis } from "./month-axis.ts";

/** The 12 months from `first` (yyyy-MM). */
function twelveMonths(first: string): string[] {
  const [year, month] = first.split("-").map(Number) as [number, number];
  return Array.from({ length: 12 }, (_, i) =>
    new Date(Date.UTC(year, month - 1 + i, 1)).toISOString().slice(0, 7),
  );
}
const shown = (axis: ReturnType<typeof monthAxis>) => axis.ticks.map((month) => axis.labels.get(month));

describe("the Spending chart's month axis", () => {
  it("labels every month when there is room, the first and January with their year", () => {
    expect(shown(monthAxis(twelveMonths("2025-08"), 900))).toEqual([
      "Aug 2025",
      "Sep",
      "Oct",
      "Nov",
      "Dec",
      "Jan 2026",
      "Feb",
      "Mar",
      "Apr",
      "May",
      "Jun",
      "Jul",
    ]);
  });

  it("on a phone labels every few months from the first, and still says each year", () => {
    // About the plot's width at 375 px: January 2026 was the tick the axis dropped, leaving no year at all.
    expect(shown(monthAxis(twelveMonths("2026-01"), 240))).toEqual(["Jan 2026", "Apr", "Jul", "Oct"]);
    // January itself not labelled: the first month labelled in the new year carries it.
    expect(shown(monthAxis(twelveMonths("2025-08"), 240))).toEqual(["Aug 2025", "Nov", "Feb 2026", "May"]);
  });

  it("keeps at least the first month, with its year, however narrow", () => {
    expect(shown(monthAxis(twelveMonths("2025-08"), 0))).toEqual(["Aug 2025"]);
    expect(shown(monthAxis([], 300))).toEqual([]);
  });
});
