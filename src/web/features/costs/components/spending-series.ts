import type { ChartConfig } from "@/components/ui/chart.tsx";
import { formatMonthYear } from "../../../../shared/format.ts";
import type { Spending } from "../../../../shared/schemas/spending.ts";

export const PARTS_BIN_LABEL = "Parts bin";

/** One series per group: a stable key for CSS (`--color-<key>`), its label and a theme colour. */
export function spendingSeries(spending: Spending) {
  let bicycleIndex = 0;
  return spending.groups.map((group) => {
    const partsBin = group.bicycleId === null;
    // Bicycles take the theme's five chart colours in turn; the parts bin is neutral.
    const color = partsBin ? "var(--muted-foreground)" : `var(--chart-${(bicycleIndex++ % 5) + 1})`;
    return {
      key: partsBin ? "parts-bin" : `bicycle-${group.bicycleId}`,
      label: group.bicycleName ?? PARTS_BIN_LABEL,
      color,
      amounts: group.amounts,
      total: group.total,
    };
  });
}

export type SpendingSeries = ReturnType<typeof spendingSeries>;

export function chartConfigOf(series: SpendingSeries): ChartConfig {
  return Object.fromEntries(series.map((s) => [s.key, { label: s.label, color: s.color }]));
}

/** "2026-03" as "Mar 2026". */
export function monthLabel(month: string): string {
  return formatMonthYear(`${month}-01`);
}
