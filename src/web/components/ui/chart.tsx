import {
  type ComponentProps,
  type ComponentType,
  type CSSProperties,
  createContext,
  type ReactNode,
  useContext,
} from "react";
import {
  type DefaultLegendContentProps,
  Legend,
  ResponsiveContainer,
  Tooltip,
  type TooltipContentProps,
} from "recharts";
import { cn } from "@/lib/utils.ts";

/**
 * shadcn/ui's chart primitive (its API, trimmed to what Velolog uses): a series' key names its label and its
 * colour, which becomes `--color-<key>` on the chart's box, so marks use `fill="var(--color-<key>)"` and follow
 * the theme through CSS variables.
 */
export type ChartConfig = Record<string, { label?: ReactNode; icon?: ComponentType; color?: string }>;

const ChartContext = createContext<{ config: ChartConfig } | null>(null);

function useChart() {
  const context = useContext(ChartContext);
  if (!context) throw new Error("useChart must be used within a <ChartContainer />");
  return context;
}

export function ChartContainer({
  className,
  children,
  config,
  style,
  ...props
}: ComponentProps<"div"> & {
  config: ChartConfig;
  children: ComponentProps<typeof ResponsiveContainer>["children"];
}) {
  return (
    <ChartContext.Provider value={{ config }}>
      <div
        data-slot="chart"
        className={cn(
          "flex aspect-video justify-center text-xs [&_.recharts-cartesian-axis-tick_text]:fill-muted-foreground [&_.recharts-cartesian-grid_line[stroke='#ccc']]:stroke-border/50 [&_.recharts-layer]:outline-hidden [&_.recharts-rectangle.recharts-tooltip-cursor]:fill-muted [&_.recharts-surface]:outline-hidden",
          className,
        )}
        {...props}
        style={{ ...colourVariables(config), ...style }}
      >
        <ResponsiveContainer initialDimension={{ width: 320, height: 200 }}>{children}</ResponsiveContainer>
      </div>
    </ChartContext.Provider>
  );
}

/**
 * The series' colours as CSS variables on the chart's box. Unlike shadcn's `<style>` element this needs no
 * inner HTML; colours are theme variables (`var(--chart-1)`), so each theme applies its own.
 */
function colourVariables(config: ChartConfig): CSSProperties {
  return Object.fromEntries(
    Object.entries(config).flatMap(([key, item]) => (item.color ? [[`--color-${key}`, item.color]] : [])),
  );
}

export const ChartTooltip = Tooltip;

export function ChartTooltipContent({
  active,
  payload,
  label,
  labelFormatter,
  valueFormatter = (value) => value.toLocaleString(),
  className,
}: Partial<Pick<TooltipContentProps, "active" | "payload" | "label">> & {
  labelFormatter?: (label: string) => ReactNode;
  valueFormatter?: (value: number) => ReactNode;
  className?: string;
}) {
  const { config } = useChart();
  const items = (payload ?? []).filter((item) => item.type !== "none" && typeof item.value === "number");
  if (!active || items.length === 0) return null;
  return (
    <div
      className={cn(
        "grid min-w-[8rem] items-start gap-1.5 rounded-lg border border-border/50 bg-background px-2.5 py-1.5 text-xs shadow-xl",
        className,
      )}
    >
      {label !== undefined ? (
        <div className="font-medium">{labelFormatter ? labelFormatter(String(label)) : label}</div>
      ) : null}
      <div className="grid gap-1.5">
        {items.map((item) => {
          const key = String(item.dataKey ?? item.name ?? "value");
          return (
            <div key={key} className="flex w-full items-center gap-2">
              <div
                className="size-2.5 shrink-0 rounded-[2px]"
                style={{ backgroundColor: item.color ?? item.fill }}
                aria-hidden="true"
              />
              <div className="flex flex-1 items-center justify-between gap-4 leading-none">
                <span className="text-muted-foreground">{config[key]?.label ?? item.name}</span>
                <span className="font-mono font-medium text-foreground tabular-nums">
                  {valueFormatter(item.value as number)}
                </span>
              </div>
            </div>
          );
        })}
      </div>
    </div>
  );
}

export const ChartLegend = Legend;

export function ChartLegendContent({
  className,
  payload,
  verticalAlign = "bottom",
}: ComponentProps<"div"> & Pick<DefaultLegendContentProps, "payload" | "verticalAlign">) {
  const { config } = useChart();
  if (!payload?.length) return null;
  return (
    <div
      className={cn(
        "flex flex-wrap items-center justify-center gap-x-4 gap-y-1",
        verticalAlign === "top" ? "pb-3" : "pt-3",
        className,
      )}
    >
      {payload
        .filter((item) => item.type !== "none")
        .map((item) => {
          const key = String(item.dataKey ?? "value");
          const Icon = config[key]?.icon;
          return (
            <div key={key} className="flex min-w-0 items-center gap-1.5 wrap-anywhere">
              {Icon ? (
                <Icon />
              ) : (
                <div
                  className="size-2 shrink-0 rounded-[2px]"
                  style={{ backgroundColor: item.color }}
                  aria-hidden="true"
                />
              )}
              {config[key]?.label ?? item.value}
            </div>
          );
        })}
    </div>
  );
}
