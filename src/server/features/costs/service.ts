import { type AnyColumn, and, asc, eq, gte, inArray, isNull, lt, or, type SQL, sql, sum } from "drizzle-orm";
import { SPENDING_MONTHS, type Spending } from "../../../shared/schemas/spending.ts";
import { dayInZone } from "../../../shared/time-zone.ts";
import type { Database } from "../../db/index.ts";
import {
  bicycles,
  componentInstallations,
  components,
  serviceEntries,
  userSettings,
} from "../../db/schema.ts";
import { getSettings } from "../settings/service.ts";

/**
 * The end of a service entry's day in the rider's time zone (decision 0060): where its component was then is
 * where the cost belongs.
 */
const endOfServiceDay = (timeZone: SQL | string) =>
  sql`((${serviceEntries.date} + 1)::timestamp at time zone ${timeZone})`;

/**
 * The bicycle a service entry's cost counts to (null: the parts bin), as a subquery of a select from
 * `service_entries`: where its component was at the end of that day; for an entry dated before the component's
 * first placement (a log typed in afterwards), where it was first placed. Decision 0045.
 */
function serviceBicycleId(db: Database, timeZone: string) {
  const placedBefore = sql`${componentInstallations.startedAt} < ${endOfServiceDay(timeZone)}`;
  return sql<string | null>`(${db
    .select({ bicycleId: componentInstallations.bicycleId })
    .from(componentInstallations)
    .where(eq(componentInstallations.componentId, serviceEntries.componentId))
    .orderBy(
      sql`case when ${placedBefore} then ${componentInstallations.startedAt} end desc nulls last`,
      asc(componentInstallations.startedAt),
    )
    .limit(1)})`;
}

/** What a component's service entries cost, as a subquery of a select from `components`. */
export function componentServiceCost(db: Database) {
  return sql<string | null>`(${db
    .select({ total: sum(serviceEntries.cost) })
    .from(serviceEntries)
    .where(eq(serviceEntries.componentId, components.id))})`;
}

/**
 * What the service entries that count to a bicycle cost, as a subquery of a select from `bicycles`: the rule
 * of `serviceBicycleId` as a range join, each installation period on the bicycle taking its component's entries
 * whose day ends within it (periods follow one another), the component's first period also those dated before
 * it. Only the periods of components that were ever on the bicycle are read.
 */
export function bicycleServiceCost(db: Database, bicycleId: AnyColumn) {
  const everOnIt = db
    .select({ id: componentInstallations.componentId })
    .from(componentInstallations)
    .where(eq(componentInstallations.bicycleId, bicycleId));
  const periods = db
    .select({
      componentId: componentInstallations.componentId,
      bicycleId: componentInstallations.bicycleId,
      startedAt: componentInstallations.startedAt,
      endedAt: componentInstallations.endedAt,
      isFirst:
        sql<boolean>`${componentInstallations.startedAt} = min(${componentInstallations.startedAt}) over (partition by ${componentInstallations.componentId})`.as(
          "is_first",
        ),
    })
    .from(componentInstallations)
    .where(inArray(componentInstallations.componentId, everOnIt))
    .as("periods");
  // The rider's zone, read with the entries: the reads of bicycles (lists, the dashboard, share links) know
  // no user settings of their own.
  const endOfDay = endOfServiceDay(sql`coalesce(${userSettings.timeZone}, 'UTC')`);
  const dayEndsInPeriod = and(
    lt(periods.startedAt, endOfDay),
    or(isNull(periods.endedAt), gte(periods.endedAt, endOfDay)),
  );
  const beforeFirstPeriod = and(periods.isFirst, gte(periods.startedAt, endOfDay));
  return sql<string | null>`(${db
    .select({ total: sum(serviceEntries.cost) })
    .from(periods)
    .innerJoin(serviceEntries, eq(serviceEntries.componentId, periods.componentId))
    .leftJoin(userSettings, eq(userSettings.userId, serviceEntries.userId))
    .where(and(eq(periods.bicycleId, bicycleId), or(dayEndsInPeriod, beforeFirstPeriod)))})`;
}

/** The first day of each of the last 12 months up to `today` (YYYY-MM-DD), oldest first, and the first day after them. */
function spendingMonths(today: string) {
  const [year, month0] = [Number(today.slice(0, 4)), Number(today.slice(5, 7)) - 1];
  const month = (back: number) => new Date(Date.UTC(year, month0 - back, 1));
  const starts = Array.from({ length: SPENDING_MONTHS }, (_, i) => month(SPENDING_MONTHS - 1 - i));
  const day = (date: Date) => date.toISOString().slice(0, 10);
  return {
    months: starts.map((start) => day(start).slice(0, 7)),
    from: day(starts[0]!),
    until: day(month(-1)),
  };
}

/**
 * The user's service costs of the last 12 months by month and by the bicycle each counts to (the parts bin as
 * its own group), summed in one grouped statement. Months are calendar months of the entries' dates; which
 * 12 months is decided by today in the rider's time zone (decision 0060).
 */
export async function spending(db: Database, userId: string, now = new Date()): Promise<Spending> {
  const { timeZone } = await getSettings(db, userId);
  const { months, from, until } = spendingMonths(dayInZone(now, timeZone));
  const counted = db
    .select({
      month: sql<string>`to_char(${serviceEntries.date}, 'YYYY-MM')`.as("month"),
      bicycleId: serviceBicycleId(db, timeZone).as("bicycle_id"),
      cost: serviceEntries.cost,
    })
    .from(serviceEntries)
    .where(
      and(eq(serviceEntries.userId, userId), gte(serviceEntries.date, from), lt(serviceEntries.date, until)),
    )
    .as("counted");
  const rows = await db
    .select({
      month: counted.month,
      bicycleId: counted.bicycleId,
      bicycleName: bicycles.name,
      total: sum(counted.cost).mapWith(Number),
    })
    .from(counted)
    .leftJoin(bicycles, eq(bicycles.id, counted.bicycleId))
    .groupBy(counted.month, counted.bicycleId, bicycles.name);

  const groups = new Map<string | null, Spending["groups"][number]>();
  for (const row of rows) {
    const group = groups.get(row.bicycleId) ?? {
      bicycleId: row.bicycleId,
      bicycleName: row.bicycleName,
      amounts: months.map(() => 0),
      total: 0,
    };
    group.amounts[months.indexOf(row.month)] = row.total;
    group.total = cents(group.total + row.total);
    groups.set(row.bicycleId, group);
  }
  const sorted = [...groups.values()].sort(
    (a, b) => b.total - a.total || (a.bicycleName ?? "").localeCompare(b.bicycleName ?? ""),
  );
  return { months, groups: sorted, total: cents(sorted.reduce((all, group) => all + group.total, 0)) };
}

/** Sums of 2-decimal amounts, kept exact to the cent. */
function cents(amount: number): number {
  return Math.round(amount * 100) / 100;
}
