import { Bar, BarChart, CartesianGrid, usePlotArea, XAxis, YAxis } from "recharts";
import {
  ChartContainer,
  ChartLegend,
  ChartLegendContent,
  ChartTooltip,
  ChartTooltipContent,
} from "@/components/ui/chart.tsx";
import { formatCost, formatPrice } from "../../../../shared/format.ts";
import type { Spending } from "../../../../shared/schemas/spending.ts";
import { monthAxis } from "./month-axis.ts";
import { chartConfigOf, monthLabel, type SpendingSeries } from "./spending-series.ts";

/** The months as stacked bars, one colour per bicycle. Loaded on its own (React.lazy): Recharts is large. */
export default function SpendingChart({ spending, series }: { spending: Spending; series: SpendingSeries }) {
  const data = spending.months.map((month, i) => ({
    month,
    ...Object.fromEntries(series.map((s) => [s.key, s.amounts[i] ?? 0])),
  }));
  return (
    <ChartContainer config={chartConfigOf(series)} className="aspect-auto h-72 w-full">
      <BarChart data={data} margin={{ left: 4, right: 4 }} accessibilityLayer={false}>
        <CartesianGrid vertical={false} />
        <MonthAxis months={spending.months} />
        <YAxis
          tickLine={false}
          axisLine={false}
          width={56}
          tickFormatter={(amount: number) => formatPrice(amount)}
        />
        <ChartTooltip
          cursor={false}
          content={<ChartTooltipContent labelFormatter={monthLabel} valueFormatter={formatCost} />}
        />
        <ChartLegend content={<ChartLegendContent />} />
        {series.map((s) => (
          <Bar
            key={s.key}
            dataKey={s.key}
            stackId="spending"
            fill={`var(--color-${s.key})`}
            radius={[3, 3, 0, 0]}
            isAnimationActive={false}
          />
        ))}
      </BarChart>
    </ChartContainer>
  );
}

/** The months along the bottom: which are labelled is chosen for the plot's width (`monthAxis`). */
function MonthAxis({ months }: { months: string[] }) {
  const { ticks, labels } = monthAxis(months, usePlotArea()?.width ?? 0);
  return (
    <XAxis
      dataKey="month"
      tickLine={false}
      axisLine={false}
      tickMargin={8}
      ticks={ticks}
      interval={0}
      tickFormatter={(month: string) => labels.get(month) ?? ""}
    />
  );
}
