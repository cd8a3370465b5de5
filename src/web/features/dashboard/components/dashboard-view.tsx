import { Bike, ClipboardList, DollarSign, Wrench } from "lucide-react";
import type { ReactNode } from "react";
import { Link, useSearchParams } from "react-router";
import { Badge } from "@/components/ui/badge.tsx";
import { Button } from "@/components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card.tsx";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs.tsx";
import { BicycleCard } from "@/features/bicycles/components/bicycle-card.tsx";
import { NoBicycles } from "@/features/bicycles/components/no-bicycles.tsx";
import { formatCost, formatDate } from "../../../../shared/format.ts";
import { messages } from "../../../../shared/messages.ts";
import type { DashboardStats } from "../../../../shared/schemas/dashboard.ts";

function StatCard({
  title,
  Icon,
  value,
  children,
}: {
  title: string;
  Icon: typeof Bike;
  value: ReactNode;
  children?: ReactNode;
}) {
  return (
    <Card className="min-w-0 gap-2">
      <CardHeader className="flex flex-row items-center justify-between gap-2">
        <CardTitle className="text-sm font-medium text-muted-foreground">{title}</CardTitle>
        <Icon className="size-4 text-muted-foreground" aria-hidden="true" />
      </CardHeader>
      <CardContent className="grid gap-1">
        <p className="text-xl font-bold tabular-nums wrap-anywhere sm:text-2xl">{value}</p>
        {children}
      </CardContent>
    </Card>
  );
}

/** Four stat cards and the My Bicycles / Recent Maintenance tabs, for a user or for the demo. */
export function DashboardView({ stats }: { stats: DashboardStats }) {
  const premium = stats.plan.tier === "premium";
  const limit = stats.plan.bicycleLimit;
  const atLimit = !premium && limit !== null && stats.totalBicycles >= limit;
  // The tab is in the address (?tab=maintenance): Back from an entry's details finds it open.
  const [searchParams, setSearchParams] = useSearchParams();
  const tab = searchParams.get("tab") === "maintenance" ? "maintenance" : "bicycles";
  const setTab = (next: string) =>
    setSearchParams(next === "bicycles" ? {} : { tab: next }, { replace: true });
  return (
    <div className="grid gap-8">
      <section aria-labelledby="statistics-title" className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        {/* Keeps the headings in order (h1, h2, then the cards' h3) for screen readers and Lighthouse. */}
        <h2 id="statistics-title" className="sr-only">
          Statistics
        </h2>
        <StatCard
          title="Bicycles"
          Icon={Bike}
          value={limit === null ? stats.totalBicycles : `${stats.totalBicycles} / ${limit}`}
        >
          <div className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
            {limit === null ? (
              <span>{messages.billing.unlimitedTitle}</span>
            ) : premium ? (
              <Badge>Premium</Badge>
            ) : (
              <span>Free plan</span>
            )}
            {atLimit ? (
              // An informative state, not an error: the plan is full and upgrading is one click away.
              <span className="inline-flex flex-wrap items-center gap-2">
                <Badge variant="outline" className="border-primary/50 text-primary">
                  Limit reached
                </Badge>
                <Link to="/pricing" className="font-medium text-primary underline-offset-4 hover:underline">
                  Upgrade
                </Link>
              </span>
            ) : null}
          </div>
        </StatCard>
        <StatCard title="Components" Icon={Wrench} value={stats.totalComponents}>
          <p className="text-xs text-muted-foreground">
            {stats.componentsOnBicycles} on bicycles · {stats.componentsInPartsBin} in parts bin
          </p>
        </StatCard>
        <StatCard title="Service Entries" Icon={ClipboardList} value={stats.totalServiceEntries} />
        <StatCard title="Total Spent" Icon={DollarSign} value={formatCost(stats.totalCost)} />
      </section>
      <Tabs defaultValue="bicycles" value={tab} onValueChange={setTab}>
        <TabsList>
          <TabsTrigger value="bicycles">My Bicycles</TabsTrigger>
          <TabsTrigger value="maintenance">Recent Maintenance</TabsTrigger>
        </TabsList>
        <TabsContent value="bicycles" className="pt-4">
          {stats.bicycles.length === 0 ? (
            <NoBicycles />
          ) : (
            <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Bicycles">
              {stats.bicycles.map((bicycle) => (
                <li key={bicycle.id}>
                  <BicycleCard bicycle={bicycle} href={`/bicycles/${bicycle.id}`} />
                </li>
              ))}
            </ul>
          )}
        </TabsContent>
        <TabsContent value="maintenance" className="pt-4">
          {stats.recentServices.length === 0 ? (
            <p className="rounded-lg border border-dashed p-10 text-center text-muted-foreground">
              No recent service entries found.
            </p>
          ) : (
            <ul className="grid gap-3" aria-label="Recent maintenance">
              {stats.recentServices.map((entry) => {
                const href = entry.bicycleId
                  ? `/bicycles/${entry.bicycleId}/components/${entry.componentId}`
                  : `/parts-bin/components/${entry.componentId}`;
                return (
                  <li
                    key={entry.id}
                    className="flex flex-wrap items-center justify-between gap-3 rounded-lg border bg-card p-4"
                  >
                    <div className="grid min-w-0 gap-1">
                      <p className="font-medium wrap-anywhere">
                        {entry.componentName || messages.services.unknownComponent} -{" "}
                        {entry.bicycleName ?? messages.services.unknownBicycle}
                      </p>
                      <p className="text-sm wrap-anywhere text-muted-foreground">{entry.description}</p>
                      <p className="text-xs text-muted-foreground">{formatDate(entry.date)}</p>
                    </div>
                    <div className="flex items-center gap-3">
                      <span className="font-medium tabular-nums">{formatCost(entry.cost)}</span>
                      <Button asChild size="sm" variant="outline">
                        <Link to={href} aria-label={`View Details of ${entry.componentName}`}>
                          View Details
                        </Link>
                      </Button>
                    </div>
                  </li>
                );
              })}
            </ul>
          )}
        </TabsContent>
      </Tabs>
    </div>
  );
}
