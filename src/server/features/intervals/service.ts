import { and, eq, gte, isNull, lt, max, min, or, type SQL, sql } from "drizzle-orm";
import { byUrgency, intervalStatus } from "../../../shared/domain/service-intervals.ts";
import type { ServiceInterval } from "../../../shared/schemas/service-interval.ts";
import type { Database } from "../../db/index.ts";
import {
  bicycles,
  componentInstallations,
  components,
  rides,
  serviceEntries,
  serviceEntryIntervals,
  serviceIntervals,
  userSettings,
} from "../../db/schema.ts";

/** Recent pace: the rides of the last this many days tell when distance and hours run out. */
const PACE_DAYS = 90;

const isoDay = (at: Date) => at.toISOString().slice(0, 10);

/** The user's due-soon percentage (90 until they change it). */
async function dueSoonPercentOf(db: Database, userId: string): Promise<number> {
  const [row] = await db
    .select({ percent: userSettings.dueSoonPercent })
    .from(userSettings)
    .where(eq(userSettings.userId, userId));
  return row?.percent ?? 90;
}

/**
 * Every interval of the user's components (optionally one component's, or one bicycle's), each with its
 * status at `now`, overdue first. One statement: per interval, its last resetting entry and its component's
 * rides since (within the component's installation periods, as `componentWear` counts them).
 */
export async function listIntervalStatuses(
  db: Database,
  userId: string,
  options: { componentId?: string; bicycleId?: string; now?: Date } = {},
): Promise<ServiceInterval[]> {
  const now = options.now ?? new Date();
  const reset = db
    .select({ lastDate: max(serviceEntries.date).as("last_date") })
    .from(serviceEntryIntervals)
    .innerJoin(serviceEntries, eq(serviceEntries.id, serviceEntryIntervals.serviceEntryId))
    .where(eq(serviceEntryIntervals.intervalId, serviceIntervals.id))
    .as("reset");
  // Rides count from the day after the resetting service (a service is recorded for a day, not a moment).
  const countFrom = sql`coalesce((${reset.lastDate} + 1)::timestamp at time zone 'UTC', '-infinity'::timestamptz)`;
  const paceFrom = new Date(now.getTime() - PACE_DAYS * 86_400_000);
  const used = db
    .select({
      usedKm:
        sql<string>`coalesce(sum(${rides.distanceKm}) filter (where ${rides.startedAt} >= ${countFrom}), 0)`.as(
          "used_km",
        ),
      usedSeconds:
        sql<string>`coalesce(sum(${rides.movingSeconds}) filter (where ${rides.startedAt} >= ${countFrom}), 0)`.as(
          "used_seconds",
        ),
      recentKm:
        sql<string>`coalesce(sum(${rides.distanceKm}) filter (where ${rides.startedAt} >= ${paceFrom.toISOString()}::timestamptz), 0)`.as(
          "recent_km",
        ),
      recentSeconds:
        sql<string>`coalesce(sum(${rides.movingSeconds}) filter (where ${rides.startedAt} >= ${paceFrom.toISOString()}::timestamptz), 0)`.as(
          "recent_seconds",
        ),
    })
    .from(componentInstallations)
    .innerJoin(
      rides,
      and(
        eq(rides.bicycleId, componentInstallations.bicycleId),
        gte(rides.startedAt, componentInstallations.startedAt),
        or(isNull(componentInstallations.endedAt), lt(rides.startedAt, componentInstallations.endedAt)),
        lt(rides.startedAt, now),
      ),
    )
    .where(eq(componentInstallations.componentId, components.id))
    .as("used");
  const installedAt = db
    .select({ at: min(componentInstallations.startedAt) })
    .from(componentInstallations)
    .where(eq(componentInstallations.componentId, components.id));

  const filters: SQL[] = [eq(serviceIntervals.userId, userId), eq(components.userId, userId)];
  if (options.componentId) filters.push(eq(serviceIntervals.componentId, options.componentId));
  if (options.bicycleId) filters.push(eq(components.bicycleId, options.bicycleId));

  const [rows, dueSoonPercent] = await Promise.all([
    db
      .select({
        interval: serviceIntervals,
        componentName: components.name,
        componentType: components.type,
        mileage: components.mileage,
        createdAt: components.createdAt,
        bicycleId: components.bicycleId,
        bicycleName: bicycles.name,
        lastDate: reset.lastDate,
        installedAt: sql<Date | string | null>`(${installedAt})`,
        usedKm: used.usedKm,
        usedSeconds: used.usedSeconds,
        recentKm: used.recentKm,
        recentSeconds: used.recentSeconds,
      })
      .from(serviceIntervals)
      .innerJoin(components, eq(components.id, serviceIntervals.componentId))
      .leftJoin(bicycles, eq(bicycles.id, components.bicycleId))
      .leftJoinLateral(reset, sql`true`)
      .leftJoinLateral(used, sql`true`)
      .where(and(...filters)),
    dueSoonPercentOf(db, userId),
  ]);

  const today = isoDay(now);
  return rows
    .map((row): ServiceInterval => {
      const { interval } = row;
      const installed = row.installedAt ? new Date(row.installedAt) : row.createdAt;
      const lastServiceDate = row.lastDate ?? null;
      const since = lastServiceDate ?? isoDay(installed);
      // Never serviced: the distance the part had before tracking counts too.
      const usedKm = Number(row.usedKm ?? 0) + (lastServiceDate ? 0 : Number(row.mileage));
      const rule = {
        everyKm: interval.everyKm === null ? null : Number(interval.everyKm),
        everyHours: interval.everyHours === null ? null : Number(interval.everyHours),
        everyMonths: interval.everyMonths,
      };
      const status = intervalStatus(
        rule,
        {
          since,
          today,
          usedKm,
          usedHours: Number(row.usedSeconds ?? 0) / 3600,
          pace: {
            kmPerDay: Number(row.recentKm ?? 0) / PACE_DAYS,
            hoursPerDay: Number(row.recentSeconds ?? 0) / 3600 / PACE_DAYS,
          },
        },
        dueSoonPercent,
      );
      return {
        id: interval.id,
        componentId: interval.componentId,
        componentName: row.componentName,
        componentType: row.componentType,
        bicycleId: row.bicycleId,
        bicycleName: row.bicycleName,
        label: interval.label,
        ...rule,
        lastServiceDate,
        since,
        status,
      };
    })
    .sort(byUrgency);
}
