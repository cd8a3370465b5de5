import { eq, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { bicycleLimitFor } from "../../../shared/domain/plans.ts";
import { type DashboardStats, RECENT_SERVICES_LIMIT } from "../../../shared/schemas/dashboard.ts";
import { DATA_VERSION, userDataVersion, type VersionedAnswer } from "../../db/data-version.ts";
import type { Database } from "../../db/index.ts";
import { preparedStatement } from "../../db/prepared.ts";
import { session, user, userStats } from "../../db/schema.ts";
import { BY_SESSION_TOKEN, SESSION_ROW, SESSION_USER } from "../../db/session-row.ts";
import { BICYCLES_OF_USER_JSON } from "../bicycles/service.ts";
import { recentServicesOfUserJson } from "../services/service.ts";

const total = (column: AnyPgColumn) => sql<number>`coalesce(sum(${column}), 0)`.mapWith(Number);

/**
 * The user's figures: the sum of their `user_stats` rows, which triggers keep as bicycles, components and
 * service entries change (migration 0006), and whether the plan is Premium; with their bicycles and recent
 * service entries as JSON text (`lists`), built only when the caller does not already hold them at the
 * user's current data version (the placeholder `known`, decision 0027). The figures and the plan are read
 * every time: the plan depends on the subscription and the clock, which have no version.
 */
const dashboardQuery = preparedStatement((db) => {
  const dataVersion = userDataVersion(db);
  return db
    .select({
      session: SESSION_ROW,
      bicycles: total(userStats.bicycles),
      components: total(userStats.components),
      inPartsBin: total(userStats.inPartsBin),
      serviceEntries: total(userStats.serviceEntries),
      totalCost: sql<string>`coalesce(sum(${userStats.totalCost}), 0)`,
      // Written out in full: drizzle drops table qualifiers inside sql``.
      premium: sql<boolean>`exists (
        select 1 from "subscriptions" where "subscriptions"."user_id" = "user"."id" and "subscriptions"."tier" = 'premium'
          and ("subscriptions"."current_period_end" is null or "subscriptions"."current_period_end" > now()))`,
      version: DATA_VERSION,
      lists: sql<string | null>`case when ${DATA_VERSION} = ${sql.placeholder("known")} then null
        else '"recentServices":' || ${recentServicesOfUserJson(RECENT_SERVICES_LIMIT)} || ',"bicycles":' || ${BICYCLES_OF_USER_JSON} end`,
    })
    .from(session)
    .innerJoin(user, SESSION_USER)
    .leftJoin(userStats, eq(userStats.userId, user.id))
    .leftJoinLateral(dataVersion, sql`true`)
    .where(BY_SESSION_TOKEN)
    .groupBy(session.id, user.id, DATA_VERSION)
    .prepare("dashboard_of_session");
});

/**
 * The dashboard (`DashboardStats` as JSON text) in one statement whatever the amount of data: the figures,
 * the bicycles with their component counts and the recent service entries, the lists rendered as JSON by
 * the database (decision 0019), read with the session row (decision 0022); undefined when there is no such
 * session. `known`: the lists read before for this session (`lists`), used again while the user's data
 * version is the same (decision 0027).
 */
export async function dashboardOfSession(db: Database, token: string, known?: VersionedAnswer) {
  const [row] = await dashboardQuery(db).execute({ token, known: known?.version ?? null });
  if (!row) return undefined;
  const lists: VersionedAnswer =
    row.lists === null && known && row.version === known.version
      ? known
      : { version: row.version, json: row.lists ?? "" };
  return { session: row.session, json: dashboardText(row, lists.json), lists };
}

type DashboardRow = Awaited<ReturnType<ReturnType<typeof dashboardQuery>["execute"]>>[number];

function dashboardText(row: DashboardRow, lists: string): string {
  const tier = row.premium ? "premium" : "free";
  const figures: Omit<DashboardStats, "recentServices" | "bicycles"> = {
    totalBicycles: row.bicycles,
    totalComponents: row.components,
    componentsOnBicycles: row.components - row.inPartsBin,
    componentsInPartsBin: row.inPartsBin,
    totalServiceEntries: row.serviceEntries,
    totalCost: Number(row.totalCost),
    plan: { tier, bicycleLimit: bicycleLimitFor(tier) },
  };
  return `${JSON.stringify(figures).slice(0, -1)},${lists}}`;
}
