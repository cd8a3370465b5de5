import { type AnyColumn, and, eq, isNull, sql } from "drizzle-orm";
import { bicycleLimitOn } from "../../../shared/domain/plans.ts";
import { type DashboardStats, RECENT_SERVICES_LIMIT } from "../../../shared/schemas/dashboard.ts";
import type { BillingMode } from "../../../shared/schemas/subscription.ts";
import type { Database } from "../../db/index.ts";
import { bicycles, components, serviceEntries, subscriptions, user } from "../../db/schema.ts";
import { listBicycles } from "../bicycles/service.ts";
import { listRecentServices } from "../services/service.ts";
import { tierOf } from "../subscriptions/service.ts";

/** The user's figures (counted with the indexes on user_id) and their subscription. */
function figures(db: Database, userId: string) {
  const own = (table: { userId: AnyColumn }) => eq(table.userId, userId);
  return db
    .select({
      bicycles: db.$count(bicycles, own(bicycles)),
      components: db.$count(components, own(components)),
      inPartsBin: db.$count(components, and(own(components), isNull(components.bicycleId))),
      services: db.$count(serviceEntries, own(serviceEntries)),
      totalCost: sql<string>`(select coalesce(sum(${serviceEntries.cost}), 0) from ${serviceEntries} where ${own(serviceEntries)})`,
      tier: subscriptions.tier,
      periodEnd: subscriptions.currentPeriodEnd,
    })
    .from(user)
    .leftJoin(subscriptions, own(subscriptions))
    .where(eq(user.id, userId));
}

/** The dashboard: the figures, the bicycles with their component counts, and the recent service entries. */
export async function dashboardStats(
  db: Database,
  userId: string,
  billingMode: BillingMode,
): Promise<DashboardStats> {
  const [[row], bicycleList, recentServices] = await Promise.all([
    figures(db, userId),
    listBicycles(db, userId),
    listRecentServices(db, userId, RECENT_SERVICES_LIMIT),
  ]);
  const tier = billingMode === "off" ? "free" : tierOf(row?.tier ?? null, row?.periodEnd ?? null).tier;
  const totalComponents = row?.components ?? 0;
  const componentsInPartsBin = row?.inPartsBin ?? 0;
  return {
    totalBicycles: row?.bicycles ?? 0,
    totalComponents,
    componentsOnBicycles: totalComponents - componentsInPartsBin,
    componentsInPartsBin,
    totalServiceEntries: row?.services ?? 0,
    totalCost: Number(row?.totalCost ?? 0),
    recentServices,
    bicycles: bicycleList,
    plan: { tier, bicycleLimit: bicycleLimitOn(billingMode, tier) },
  };
}
