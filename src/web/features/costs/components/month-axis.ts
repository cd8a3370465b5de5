import { monthLabel } from "./spending-series.ts";

// Only the chart (loaded on its own, React.lazy) uses this: it stays out of the dashboard's first scripts.

/** A little over the width of a character of the axis' 12 px text, so estimated labels never touch. */
const AXIS_CHAR_PX = 7;
const AXIS_GAP_PX = 6;

/**
 * Which months the axis labels, and how: every n-th month from the first, n as small as lets the labels fit
 * the plot's width. The first labelled month and the first labelled one of each new year carry the year
 * ("Jan 2026", "Apr", ...): left to itself, the axis dropped ticks from the start on a phone, January's
 * (the one with the year) among them, and no label said which year the months were.
 */
export function monthAxis(months: readonly string[], plotWidth: number) {
  const band = plotWidth / Math.max(months.length, 1);
  for (let step = 1; ; step++) {
    const ticks = months.filter((_, i) => i % step === 0);
    const labels = ticks.map((month, i) => {
      const newYear = i === 0 || month.slice(0, 4) !== ticks[i - 1]?.slice(0, 4);
      return newYear ? monthLabel(month) : monthLabel(month).slice(0, 3);
    });
    const fits = labels.every(
      (label, i) =>
        i === 0 ||
        ((label.length + (labels[i - 1]?.length ?? 0)) * AXIS_CHAR_PX) / 2 + AXIS_GAP_PX <= step * band,
    );
    if (fits || ticks.length <= 1)
      return { ticks, labels: new Map(ticks.map((month, i) => [month, labels[i]])) };
  }
}
