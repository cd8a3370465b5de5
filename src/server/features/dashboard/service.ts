import { eq, sql } from "drizzle-orm";
import { bicycleLimitFor } from "../../../shared/domain/plans.ts";
import { type DashboardStats, RECENT_SERVICES_LIMIT } from "../../../shared/schemas/dashboard.ts";
import type { Database } from "../../db/index.ts";
import { preparedStatement } from "../../db/prepared.ts";
import { user, userStats } from "../../db/schema.ts";
import { listBicycles } from "../bicycles/service.ts";
import { listRecentServices } from "../services/service.ts";

/**
 * The user's figures: one row of `user_stats`, which triggers keep as bicycles, components and service
 * entries change (migration 0006), and whether the plan is Premium. A user with nothing yet has no row.
 */
const figuresOfUser = preparedStatement((db) =>
  db
    .select({
      bicycles: sql<number>`coalesce(${userStats.bicycles}, 0)`.mapWith(Number),
      components: sql<number>`coalesce(${userStats.components}, 0)`.mapWith(Number),
      inPartsBin: sql<number>`coalesce(${userStats.inPartsBin}, 0)`.mapWith(Number),
      serviceEntries: sql<number>`coalesce(${userStats.serviceEntries}, 0)`.mapWith(Number),
      totalCost: sql<string>`coalesce(${userStats.totalCost}, 0)`,
      // Written out in full: drizzle drops table qualifiers inside sql``.
      premium: sql<boolean>`exists (
        select 1 from "subscriptions" where "subscriptions"."user_id" = "user"."id" and "subscriptions"."tier" = 'premium'
          and ("subscriptions"."current_period_end" is null or "subscriptions"."current_period_end" > now()))`,
    })
    .from(user)
    .leftJoin(userStats, eq(userStats.userId, user.id))
    .where(eq(user.id, sql.placeholder("userId")))
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
