import { sql } from "drizzle-orm";
import { bicycleLimitFor } from "../../../shared/domain/plans.ts";
import { type DashboardStats, RECENT_SERVICES_LIMIT } from "../../../shared/schemas/dashboard.ts";
import type { Database } from "../../db/index.ts";
import { listBicycles } from "../bicycles/service.ts";
import { listRecentServices } from "../services/service.ts";

interface FiguresRow {
  bicycles: string;
  components: string;
  in_parts_bin: string;
  services: string;
  total_cost: string;
  premium: boolean;
}

/**
 * The dashboard in three queries whatever the amount of data: the figures (aggregated in SQL), the
 * bicycles with their component counts, and the recent service entries.
 */
export async function dashboardStats(db: Database, userId: string): Promise<DashboardStats> {
  const [figures, bicycles, recentServices] = await Promise.all([
    // One pass over the user's components and one over their service entries (count and sum together).
    db.execute(sql`
      select
        (select count(*) from bicycles where user_id = ${userId}) as bicycles,
        c.components,
        c.in_parts_bin,
        s.services,
        s.total_cost,
        exists (
          select 1 from subscriptions
          where user_id = ${userId} and tier = 'premium' and (current_period_end is null or current_period_end > now())
        ) as premium
      from
        (select count(*) as components, count(*) filter (where bicycle_id is null) as in_parts_bin
          from components where user_id = ${userId}) as c,
        (select count(*) as services, coalesce(sum(cost), 0) as total_cost
          from service_entries where user_id = ${userId}) as s
    `),
    listBicycles(db, userId),
    listRecentServices(db, userId, RECENT_SERVICES_LIMIT),
  ]);
  // Both drivers answer raw SQL with { rows }; counts and sums arrive as strings (bigint, numeric).
  const row = (figures as unknown as { rows: FiguresRow[] }).rows[0]!;
  const tier = row.premium ? "premium" : "free";
  const totalComponents = Number(row.components);
  const componentsInPartsBin = Number(row.in_parts_bin);
  return {
    totalBicycles: Number(row.bicycles),
    totalComponents,
    componentsOnBicycles: totalComponents - componentsInPartsBin,
    componentsInPartsBin,
    totalServiceEntries: Number(row.services),
    totalCost: Number(row.total_cost),
    recentServices,
    bicycles,
    plan: { tier, bicycleLimit: bicycleLimitFor(tier) },
  };
}
