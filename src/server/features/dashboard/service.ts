import { sql } from "drizzle-orm";
import { bicycleLimitFor } from "../../../shared/domain/plans.ts";
import { type DashboardStats, RECENT_SERVICES_LIMIT } from "../../../shared/schemas/dashboard.ts";
import { DATA_VERSION, keptOrBuilt, userDataVersion, type VersionedAnswer } from "../../db/data-version.ts";
import type { Database } from "../../db/index.ts";
import { preparedStatement } from "../../db/prepared.ts";
import { session, user } from "../../db/schema.ts";
import { BY_SESSION_TOKEN, SESSION_ROW, SESSION_USER } from "../../db/session-row.ts";
import { BICYCLES_OF_USER_JSON } from "../bicycles/service.ts";
import { recentServicesOfUserJson } from "../services/service.ts";

/** A kept dashboard: its JSON text, the data version it was read at, and when a Premium plan ends by the clock. */
export interface KeptDashboard extends VersionedAnswer {
  /** Milliseconds since the epoch; null when the plan cannot change without a change of the data version. */
  premiumUntil: number | null;
}

/** True while `known` may be answered again at its data version: a Premium period it shows has not ended. */
export function stillCurrent(known: KeptDashboard, now: number): boolean {
  return known.premiumUntil === null || known.premiumUntil > now;
}

/**
 * The user's figures (the sums of their `user_stats` rows, which triggers keep as bicycles, components and
 * service entries change, migration 0006), their plan, and their bicycles and recent service entries as JSON
 * text; all of it built only when the caller does not already hold the dashboard at the user's current data
 * version (the placeholder `known`, decisions 0027 and 0028). The plan is part of that version
 * (subscriptions renew it, migration 0011) except for the clock: `premiumUntil` says when it ends by itself.
 */
const dashboardQuery = preparedStatement((db) => {
  const dataVersion = userDataVersion(db);
  const kept = sql`${DATA_VERSION} = ${sql.placeholder("known")}`;
  // Written out in full: drizzle drops table qualifiers inside sql``.
  const premium = sql.raw(`from "subscriptions" where "subscriptions"."user_id" = "user"."id"
    and "subscriptions"."tier" = 'premium'`);
  const periodEnd = sql.raw(`"subscriptions"."current_period_end"`);
  return db
    .select({
      session: SESSION_ROW,
      version: DATA_VERSION,
      figures: sql<string | null>`case when ${kept} then null else (select json_build_object(
        'bicycles', coalesce(sum("s"."bicycles"), 0), 'components', coalesce(sum("s"."components"), 0),
        'inPartsBin', coalesce(sum("s"."in_parts_bin"), 0), 'serviceEntries', coalesce(sum("s"."service_entries"), 0),
        'totalCost', coalesce(sum("s"."total_cost"), 0))::text
        from "user_stats" "s" where "s"."user_id" = "user"."id") end`,
      premium: sql<boolean | null>`case when ${kept} then null
        else exists (select 1 ${premium} and (${periodEnd} is null or ${periodEnd} > now())) end`,
      premiumUntil: sql<number | null>`case when ${kept} then null
        else (select (extract(epoch from ${periodEnd}) * 1000)::float8 ${premium} and ${periodEnd} > now()) end`,
      lists: sql<string | null>`case when ${kept} then null
        else '"recentServices":' || ${recentServicesOfUserJson(RECENT_SERVICES_LIMIT)} || ',"bicycles":' || ${BICYCLES_OF_USER_JSON} end`,
    })
    .from(session)
    .innerJoin(user, SESSION_USER)
    .leftJoinLateral(dataVersion, sql`true`)
    .where(BY_SESSION_TOKEN)
    .prepare("dashboard_of_session");
});

/**
 * The dashboard (`DashboardStats` as JSON text) in one statement whatever the amount of data: the figures,
 * the plan, the bicycles with their component counts and the recent service entries, the lists rendered as
 * JSON by the database (decision 0019), read with the session row (decision 0022); undefined when there is no
 * such session. `known`: the dashboard read before for this session, answered again while the user's data
 * version is the same and its Premium period has not ended (decisions 0027 and 0028).
 */
export async function dashboardOfSession(db: Database, token: string, known?: KeptDashboard) {
  const current = known && stillCurrent(known, Date.now()) ? known : undefined;
  const [row] = await dashboardQuery(db).execute({ token, known: current?.version ?? null });
  if (!row) return undefined;
  const answer = keptOrBuilt(current, row.version, row.lists === null, () => ({
    version: row.version,
    json: dashboardText(row),
    premiumUntil: row.premiumUntil === null ? null : Number(row.premiumUntil),
  }));
  return { session: row.session, answer };
}

type DashboardRow = Awaited<ReturnType<ReturnType<typeof dashboardQuery>["execute"]>>[number];

interface Figures {
  bicycles: number;
  components: number;
  inPartsBin: number;
  serviceEntries: number;
  totalCost: number;
}

function dashboardText(row: DashboardRow): string {
  const sums = JSON.parse(row.figures ?? "{}") as Partial<Figures>;
  const components = Number(sums.components ?? 0);
  const inPartsBin = Number(sums.inPartsBin ?? 0);
  const tier = row.premium ? "premium" : "free";
  const figures: Omit<DashboardStats, "recentServices" | "bicycles"> = {
    totalBicycles: Number(sums.bicycles ?? 0),
    totalComponents: components,
    componentsOnBicycles: components - inPartsBin,
    componentsInPartsBin: inPartsBin,
    totalServiceEntries: Number(sums.serviceEntries ?? 0),
    totalCost: Number(sums.totalCost ?? 0),
    plan: { tier, bicycleLimit: bicycleLimitFor(tier) },
  };
  return `${JSON.stringify(figures).slice(0, -1)},${row.lists ?? ""}}`;
}
