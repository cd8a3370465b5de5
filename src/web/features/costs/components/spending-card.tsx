import { BarChart3, Table2 } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { LoadFailed } from "@/components/load-failed.tsx";
import { Button } from "@/components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card.tsx";
import { Skeleton } from "@/components/ui/skeleton.tsx";
import { cn } from "@/lib/utils.ts";
import { formatCost } from "../../../../shared/format.ts";
import type { Spending } from "../../../../shared/schemas/spending.ts";
import { useSpending } from "../api.ts";
import { monthLabel, type SpendingSeries, spendingSeries } from "./spending-series.ts";

const SpendingChart = lazy(() => import("./spending-chart.tsx"));

const chartPlaceholder = <Skeleton className="h-72 w-full" />;

/** The dashboard's Spending card: service costs of the last 12 months by month and bicycle, chart or table. */
export function SpendingCard() {
  const spending = useSpending();
  const [asTable, setAsTable] = useState(false);
  const hasCosts = (spending.data?.total ?? 0) > 0;
  return (
    <section aria-labelledby="spending-title">
      <Card>
        <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3">
          <div className="grid gap-1.5">
            <CardTitle as="h2" id="spending-title">
              Spending
            </CardTitle>
            <CardDescription>
              Service costs of the last 12 months, by bicycle
              {hasCosts && spending.data ? ` · ${formatCost(spending.data.total)} in all` : ""}
            </CardDescription>
          </div>
          {hasCosts ? (
            <Button variant="outline" size="sm" aria-pressed={asTable} onClick={() => setAsTable(!asTable)}>
              {asTable ? <BarChart3 aria-hidden="true" /> : <Table2 aria-hidden="true" />}
              {asTable ? "Show as chart" : "Show as table"}
            </Button>
          ) : null}
        </CardHeader>
        <CardContent>
          {spending.isPending ? (
            <div role="status" aria-live="polite">
              <span className="sr-only">Loading spending...</span>
              <div aria-hidden="true">{chartPlaceholder}</div>
            </div>
          ) : spending.isError ? (
            <LoadFailed title="Error loading spending" onRetry={() => void spending.refetch()} />
          ) : !hasCosts ? (
            <p className="rounded-lg border border-dashed p-6 text-center text-muted-foreground">
              No service costs in the last 12 months.
            </p>
          ) : (
            <SpendingFigures spending={spending.data} asTable={asTable} />
          )}
        </CardContent>
      </Card>
    </section>
  );
}

function SpendingFigures({ spending, asTable }: { spending: Spending; asTable: boolean }) {
  const series = spendingSeries(spending);
  return (
    <>
      {asTable ? null : (
        // The figures reach screen readers through the table below (hidden from sight while the chart shows).
        <div aria-hidden="true">
          <Suspense fallback={chartPlaceholder}>
            <SpendingChart spending={spending} series={series} />
          </Suspense>
        </div>
      )}
      {asTable ? (
        // Scrolls sideways on a phone with several bicycles: focusable, so a keyboard can scroll it too.
        // biome-ignore lint/a11y/noNoninteractiveTabindex: axe's scrollable-region-focusable asks for it.
        <section className="overflow-x-auto" aria-label="Spending by month" tabIndex={0}>
          <SpendingTable spending={spending} series={series} />
        </section>
      ) : (
        // A table sizes itself to its content: hide its box, not the table, so nothing overflows.
        <div className="sr-only">
          <SpendingTable spending={spending} series={series} />
        </div>
      )}
    </>
  );
}

function SpendingTable({ spending, series }: { spending: Spending; series: SpendingSeries }) {
  const cell = "py-2 pl-4 text-right tabular-nums whitespace-nowrap";
  // A bicycle's name wraps (anywhere, for a long one without spaces): on one line it would push every
  // figure out of a phone's view.
  const seriesHeader = "py-2 pl-4 text-right align-bottom font-medium wrap-anywhere";
  const monthTotal = (i: number) => series.reduce((sum, s) => sum + (s.amounts[i] ?? 0), 0);
  return (
    <table className="w-full text-sm">
      <caption className="sr-only">Service costs by month and bicycle, last 12 months</caption>
      <thead>
        <tr className="border-b text-left text-muted-foreground">
          <th scope="col" className="py-2 pr-4 align-bottom font-medium">
            Month
          </th>
          {series.map((s) => (
            <th key={s.key} scope="col" className={seriesHeader}>
              {s.label}
            </th>
          ))}
          <th scope="col" className={cn(cell, "align-bottom font-medium")}>
            Total
          </th>
        </tr>
      </thead>
      <tbody>
        {spending.months.map((month, i) => (
          <tr key={month} className="border-b">
            <th scope="row" className="py-2 pr-4 text-left font-normal whitespace-nowrap">
              {monthLabel(month)}
            </th>
            {series.map((s) => (
              <td key={s.key} className={cell}>
                {formatCost(s.amounts[i] ?? 0)}
              </td>
            ))}
            <td className={cn(cell, "font-medium")}>{formatCost(monthTotal(i))}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row" className="py-2 pr-4 text-left font-medium">
            Total
          </th>
          {series.map((s) => (
            <td key={s.key} className={cn(cell, "font-medium")}>
              {formatCost(s.total)}
            </td>
          ))}
          <td className={cn(cell, "font-semibold")}>{formatCost(spending.total)}</td>
        </tr>
      </tfoot>
    </table>
  );
}
