import { type AnyColumn, and, count, desc, eq, isNull, type SQL, sql, sum } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { bicycleLimitOn } from "../../../shared/domain/plans.ts";
import { type DashboardStats, RECENT_SERVICES_LIMIT } from "../../../shared/schemas/dashboard.ts";
import type { BillingMode } from "../../../shared/schemas/subscription.ts";
import type { Database } from "../../db/index.ts";
import { bicycles, components, serviceEntries, user } from "../../db/schema.ts";
import { riddenOn, toBicycle } from "../bicycles/service.ts";
import { bicycleServiceCost } from "../costs/service.ts";
import { newestFirst, toEntry } from "../services/service.ts";
import { tierOf } from "../subscriptions/service.ts";

/**
 * A count as a subquery inside a relational query's extras (a string from PostgreSQL's bigint). A select, unlike `db.$count`, keeps its own
 * tables' names there (Drizzle renames the columns of an extra's SQL to the queried table's alias).
 */
function countOf(db: Database, table: PgTable, where: SQL | undefined) {
  return sql<number | string>`(${db.select({ n: count() }).from(table).where(where)})`;
}

/**
 * The dashboard in one relational query: the user's figures (counted with the indexes on user_id), their
 * subscription, their bicycles with component counts, and their most recent service entries.
 */
function readDashboard(db: Database, userId: string) {
  return db.query.user.findFirst({
    where: eq(user.id, userId),
    columns: {},
    extras: (owner) => {
      const own = (column: AnyColumn) => eq(column, owner.id);
      const totalCost = db.select({ total: sum(serviceEntries.cost) }).from(serviceEntries);
      return {
        bicycleCount: countOf(db, bicycles, own(bicycles.userId)).as("bicycle_count"),
        componentCount: countOf(db, components, own(components.userId)).as("component_count"),
        inPartsBin: countOf(db, components, and(own(components.userId), isNull(components.bicycleId))).as(
          "in_parts_bin",
        ),
        serviceCount: countOf(db, serviceEntries, own(serviceEntries.userId)).as("service_count"),
        totalCost: sql<string>`coalesce((${totalCost.where(own(serviceEntries.userId))}), 0)`.as(
          "total_cost",
        ),
      };
    },
    with: {
      subscription: { columns: { tier: true, currentPeriodEnd: true } },
      bicycles: {
        orderBy: [desc(bicycles.createdAt), desc(bicycles.id)],
        extras: (bicycle) => ({
          componentCount: countOf(db, components, eq(components.bicycleId, bicycle.id)).as("component_count"),
          riddenKm: riddenOn(db, bicycle.id).riddenKm.as("ridden_km"),
          riddenSeconds: riddenOn(db, bicycle.id).riddenSeconds.as("ridden_seconds"),
          serviceCost: bicycleServiceCost(db, bicycle.id).as("service_cost"),
        }),
      },
      serviceEntries: {
        orderBy: newestFirst,
        limit: RECENT_SERVICES_LIMIT,
        with: {
          component: {
            columns: { name: true, bicycleId: true },
            with: { bicycle: { columns: { name: true } } },
          },
        },
      },
    },
  });
}

/** The dashboard: the figures, the bicycles with their component counts, and the recent service entries. */
export async function dashboardStats(
  db: Database,
  userId: string,
  billingMode: BillingMode,
): Promise<DashboardStats> {
  const row = await readDashboard(db, userId);
  const subscription = row?.subscription ?? null;
  const tier =
    billingMode === "off"
      ? "free"
      : tierOf(subscription?.tier ?? null, subscription?.currentPeriodEnd ?? null).tier;
  const totalComponents = Number(row?.componentCount ?? 0);
  const componentsInPartsBin = Number(row?.inPartsBin ?? 0);
  return {
    totalBicycles: Number(row?.bicycleCount ?? 0),
    totalComponents,
    componentsOnBicycles: totalComponents - componentsInPartsBin,
    componentsInPartsBin,
    totalServiceEntries: Number(row?.serviceCount ?? 0),
    totalCost: Number(row?.totalCost ?? 0),
    recentServices: (row?.serviceEntries ?? []).map(({ component, ...entry }) =>
      toEntry({
        ...entry,
        componentName: component.name,
        bicycleId: component.bicycleId,
        bicycleName: component.bicycle?.name ?? null,
      }),
    ),
    bicycles: (row?.bicycles ?? []).map((bicycle) =>
      toBicycle({ ...bicycle, componentCount: Number(bicycle.componentCount) }),
    ),
    plan: { tier, bicycleLimit: bicycleLimitOn(billingMode, tier) },
  };
}
