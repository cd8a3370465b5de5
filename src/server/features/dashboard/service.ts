import { eq, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { bicycleLimitFor } from "../../../shared/domain/plans.ts";
import { type DashboardStats, RECENT_SERVICES_LIMIT } from "../../../shared/schemas/dashboard.ts";
import type { Database } from "../../db/index.ts";
import { preparedStatement } from "../../db/prepared.ts";
import { user, userStats } from "../../db/schema.ts";
import { listBicycles } from "../bicycles/service.ts";
import { listRecentServices } from "../services/service.ts";

const total = (column: AnyPgColumn) => sql<number>`coalesce(sum(${column}), 0)`.mapWith(Number);

/**
 * The user's figures: the sum of their `user_stats` rows, which triggers keep as bicycles, components and
 * service entries change (migration 0006), and whether the plan is Premium.
 */
const figuresOfUser = preparedStatement((db) =>
  db
    .select({
      bicycles: total(userStats.bicycles),
      components: total(userStats.components),
      inPartsBin: total(userStats.inPartsBin),
      serviceEntries: total(userStats.serviceEntries),
      totalCost: sql<string>`coalesce(sum(${userStats.totalCost}), 0)`,
      // Written out in full: drizzle drops table qualifiers inside sql``.
      premium: sql<boolean>`exists (
        select 1 from "subscriptions" where "subscriptions"."user_id" = "user"."id" and "subscriptions"."tier" = 'premium'
          and ("subscriptions"."current_period_end" is null or "subscriptions"."current_period_end" > now()))`,
    })
    .from(user)
    .leftJoin(userStats, eq(userStats.userId, user.id))
    .where(eq(user.id, sql.placeholder("userId")))
    .groupBy(user.id)
    .prepare("dashboard_figures"),
);

/**
 * The dashboard in three queries whatever the amount of data: the figures (one row), the bicycles with
 * their component counts, and the recent service entries.
 */
export async function dashboardStats(db: Database, userId: string): Promise<DashboardStats> {
  const [[figures], bicycles, recentServices] = await Promise.all([
    figuresOfUser(db).execute({ userId }),
    listBicycles(db, userId),
    listRecentServices(db, userId, RECENT_SERVICES_LIMIT),
  ]);
  const tier = figures?.premium ? "premium" : "free";
  const totalComponents = figures?.components ?? 0;
  const componentsInPartsBin = figures?.inPartsBin ?? 0;
  return {
    totalBicycles: figures?.bicycles ?? 0,
    totalComponents,
    componentsOnBicycles: totalComponents - componentsInPartsBin,
    componentsInPartsBin,
    totalServiceEntries: figures?.serviceEntries ?? 0,
    totalCost: Number(figures?.totalCost ?? 0),
    recentServices,
    bicycles,
    plan: { tier, bicycleLimit: bicycleLimitFor(tier) },
  };
}
