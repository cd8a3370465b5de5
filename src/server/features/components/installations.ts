import { and, asc, eq, gte, inArray, isNull, lt, or, sql } from "drizzle-orm";
import { startOfDayInZone } from "../../../shared/time-zone.ts";
import type { Database } from "../../db/index.ts";
import { bicycles, componentInstallations, components, rides } from "../../db/schema.ts";

/** A transaction or the database: placements are written in the same transaction as the component. */
type Writer = Pick<Database, "insert" | "update">;

/**
 * Where a part's first installation period starts: the install date given, from its beginning in the rider's
 * time zone (decision 0060), never later than `now` (a period that starts in the future would end before it
 * starts when the part moves; the schema allows the date where it is latest on Earth). Without a date, `now`.
 */
export function installationStart(installedAt: string | null | undefined, now: Date, timeZone: string): Date {
  const date = installedAt ? startOfDayInZone(installedAt, timeZone) : null;
  return date && date < now ? date : now;
}

/**
 * Records that components are now on a bicycle (or in the parts bin when `bicycleId` is null) from `at`:
 * each one's open period ends there and a new one starts.
 */
export async function placeComponents(
  db: Writer,
  userId: string,
  componentIds: string[],
  bicycleId: string | null,
  at: Date = new Date(),
): Promise<void> {
  if (componentIds.length === 0) return;
  await db
    .update(componentInstallations)
    .set({ endedAt: at })
    .where(
      and(
        eq(componentInstallations.userId, userId),
        inArray(componentInstallations.componentId, componentIds),
        isNull(componentInstallations.endedAt),
      ),
    );
  await db
    .insert(componentInstallations)
    .values(componentIds.map((componentId) => ({ userId, componentId, bicycleId, startedAt: at })));
}

/** The rides that wore a component: its bicycles' rides, each within a period the component was on it. */
const rideInPeriod = and(
  eq(rides.bicycleId, componentInstallations.bicycleId),
  gte(rides.startedAt, componentInstallations.startedAt),
  or(isNull(componentInstallations.endedAt), lt(rides.startedAt, componentInstallations.endedAt)),
);

/**
 * Per component row, the distance (km) and moving time (s) of the rides it was on, as a lateral subquery to
 * join to a select of `components`: a range join of rides to installation periods, on the rides' index.
 */
export function componentWear(db: Database) {
  return db
    .select({
      riddenKm: sql<string>`coalesce(sum(${rides.distanceKm}), 0)`.as("ridden_km"),
      riddenSeconds: sql<string>`coalesce(sum(${rides.movingSeconds}), 0)`.as("ridden_seconds"),
    })
    .from(componentInstallations)
    .innerJoin(rides, rideInPeriod)
    .where(eq(componentInstallations.componentId, components.id))
    .as("wear");
}

/** A component's periods, oldest first, with the distance and time ridden in each; [] if not the user's. */
export async function listInstallations(db: Database, userId: string, componentId: string) {
  const rows = await db
    .select({
      bicycleId: componentInstallations.bicycleId,
      bicycleName: bicycles.name,
      startedAt: componentInstallations.startedAt,
      endedAt: componentInstallations.endedAt,
      riddenKm: sql<string>`coalesce(sum(${rides.distanceKm}), 0)`,
      riddenSeconds: sql<string>`coalesce(sum(${rides.movingSeconds}), 0)`,
    })
    .from(componentInstallations)
    .leftJoin(bicycles, eq(bicycles.id, componentInstallations.bicycleId))
    .leftJoin(rides, rideInPeriod)
    .where(
      and(eq(componentInstallations.componentId, componentId), eq(componentInstallations.userId, userId)),
    )
    .groupBy(componentInstallations.id, bicycles.name)
    .orderBy(asc(componentInstallations.startedAt), asc(componentInstallations.id));
  return rows.map((row) => ({
    bicycleId: row.bicycleId,
    bicycleName: row.bicycleName,
    startedAt: row.startedAt.toISOString(),
    endedAt: row.endedAt?.toISOString() ?? null,
    distanceKm: Number(row.riddenKm),
    movingSeconds: Number(row.riddenSeconds),
  }));
}
