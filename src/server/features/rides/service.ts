import { and, count, desc, eq, type SQL, sql, sum } from "drizzle-orm";
import { messages } from "../../../shared/messages.ts";
import {
  RIDES_PAGE_SIZE,
  type Ride,
  type RideChanges,
  type RideInput,
  type RidesPage,
  type RideTotals,
} from "../../../shared/schemas/ride.ts";
import { changesAnything, converted } from "../../db/columns.ts";
import type { Database } from "../../db/index.ts";
import { bicycles, rides, stravaSkippedActivities } from "../../db/schema.ts";
import { notFound } from "../../errors.ts";
import { assertUuid } from "../bicycles/service.ts";
import { assertOwnBicycle } from "../components/service.ts";

const m = messages.rides;

type Row = typeof rides.$inferSelect & { bicycleName: string };

function toRide(row: Row): Ride {
  return {
    id: row.id,
    bicycleId: row.bicycleId,
    bicycleName: row.bicycleName,
    name: row.name,
    startedAt: row.startedAt.toISOString(),
    distanceKm: Number(row.distanceKm),
    movingSeconds: row.movingSeconds,
    elevationGainM: row.elevationGainM,
    source: row.source as Ride["source"],
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** What a create writes, beside the owner, the bicycle and the source. */
type Columns = Omit<typeof rides.$inferInsert, "userId" | "bicycleId" | "source">;

/**
 * The columns to write: from a create's input, all of them; from a change, a field it left out is undefined,
 * which Drizzle's `.set()` skips (decision 0057).
 */
function toColumns(input: RideInput): Columns;
function toColumns(input: RideChanges): Partial<Columns>;
function toColumns(input: RideChanges): Partial<Columns> {
  return {
    name: input.name,
    startedAt: converted(input.startedAt, (at) => new Date(at)),
    distanceKm: converted(input.distanceKm, (km) => km.toFixed(3)),
    movingSeconds: input.movingSeconds,
    elevationGainM: input.elevationGainM,
  };
}

const totals = {
  rides: count(),
  distanceKm: sql<string>`coalesce(${sum(rides.distanceKm)}, 0)`,
  movingSeconds: sql<string>`coalesce(${sum(rides.movingSeconds)}, 0)`,
};

function toTotals(row: { rides: number; distanceKm: string; movingSeconds: string } | undefined): RideTotals {
  return {
    rides: row?.rides ?? 0,
    distanceKm: Math.round(Number(row?.distanceKm ?? 0) * 1000) / 1000,
    movingSeconds: Number(row?.movingSeconds ?? 0),
  };
}

/** Which page, and the rider's offset from UTC at New Year in minutes (where a year begins for them). */
export type RidesPageQuery = { page: number; utcOffset: number };

/** One page of rides (newest first), with totals per year and overall, of the rides `where` selects. */
async function ridesPage(
  db: Database,
  where: SQL | undefined,
  { page, utcOffset }: RidesPageQuery,
): Promise<RidesPage> {
  const year = sql<number>`extract(year from (${rides.startedAt} at time zone 'UTC') + make_interval(mins => ${utcOffset}::int))::int`;
  const [rows, years, perBicycle] = await Promise.all([
    db
      .select({ ride: rides, bicycleName: bicycles.name })
      .from(rides)
      .innerJoin(bicycles, eq(bicycles.id, rides.bicycleId))
      .where(where)
      .orderBy(desc(rides.startedAt), desc(rides.id))
      .limit(RIDES_PAGE_SIZE)
      .offset((page - 1) * RIDES_PAGE_SIZE),
    db
      .select({ year, ...totals })
      .from(rides)
      .where(where)
      // By position: the year's expression holds a parameter, and a repeated one would not match it.
      .groupBy(sql`1`)
      .orderBy(sql`1 desc`),
    db
      .select({ bicycleId: rides.bicycleId, bicycleName: bicycles.name, ...totals })
      .from(rides)
      .innerJoin(bicycles, eq(bicycles.id, rides.bicycleId))
      .where(where)
      .groupBy(rides.bicycleId, bicycles.name)
      .orderBy(bicycles.name, rides.bicycleId),
  ]);
  const byYear = years.map((row) => ({ year: Number(row.year), ...toTotals(row) }));
  const overall = byYear.reduce(
    (sum, y) => ({
      rides: sum.rides + y.rides,
      distanceKm: Math.round((sum.distanceKm + y.distanceKm) * 1000) / 1000,
      movingSeconds: sum.movingSeconds + y.movingSeconds,
    }),
    toTotals(undefined),
  );
  return {
    rides: rows.map(({ ride, bicycleName }) => toRide({ ...ride, bicycleName })),
    page,
    pageCount: Math.max(1, Math.ceil(overall.rides / RIDES_PAGE_SIZE)),
    totals: overall,
    byYear,
    byBicycle: perBicycle.map(({ bicycleId, bicycleName, ...row }) => ({
      bicycleId,
      bicycleName,
      ...toTotals(row),
    })),
  };
}

export async function listBicycleRides(
  db: Database,
  userId: string,
  bicycleId: string,
  query: RidesPageQuery,
) {
  await assertOwnBicycle(db, userId, bicycleId);
  return ridesPage(db, and(eq(rides.bicycleId, bicycleId), eq(rides.userId, userId)), query);
}

export async function listRides(db: Database, userId: string, query: RidesPageQuery) {
  return ridesPage(db, eq(rides.userId, userId), query);
}

export async function getRide(db: Database, userId: string, id: string): Promise<Ride> {
  const [row] = await db
    .select({ ride: rides, bicycleName: bicycles.name })
    .from(rides)
    .innerJoin(bicycles, eq(bicycles.id, rides.bicycleId))
    .where(and(eq(rides.id, id), eq(rides.userId, userId)));
  if (!row) throw notFound(m.notFound);
  return toRide({ ...row.ride, bicycleName: row.bicycleName });
}

export async function createRide(db: Database, userId: string, bicycleId: string, input: RideInput) {
  await assertOwnBicycle(db, userId, bicycleId);
  const [row] = await db
    .insert(rides)
    .values({ ...toColumns(input), userId, bicycleId, source: "manual" })
    .returning({ id: rides.id });
  return getRide(db, userId, row!.id);
}

/**
 * Changes a ride; with `bicycleId`, moves it to another of the rider's bicycles. Nothing about a ride is kept
 * per bicycle: wear, due intervals, totals and costs per km are read from where the ride is (decision 0040).
 */
export async function updateRide(db: Database, userId: string, id: string, input: RideChanges) {
  assertUuid(id);
  // Nothing sent, nothing changed: a Strava ride is not made the rider's by it.
  if (!changesAnything(input)) return getRide(db, userId, id);
  const { bicycleId, ...fields } = input;
  await db.transaction(async (tx) => {
    if (bicycleId !== undefined) {
      // Another user's bicycle is a 404 like a missing one; held until the move is written, so that one
      // deleted meanwhile is a 404 too, not a broken reference.
      const [target] = await tx
        .select({ id: bicycles.id })
        .from(bicycles)
        .where(and(eq(bicycles.id, bicycleId), eq(bicycles.userId, userId)))
        .for("key share");
      if (!target) throw notFound(messages.components.bicycleFetchFailed);
    }
    const updated = await tx
      .update(rides)
      // Changed here: a Strava ride is the rider's from now on (imports leave it, and leave it where it was
      // moved to; decision 0041).
      .set({ ...toColumns(fields), bicycleId, editedAt: new Date(), updatedAt: new Date() })
      .where(and(eq(rides.id, id), eq(rides.userId, userId)))
      .returning({ id: rides.id });
    if (updated.length === 0) throw notFound(m.notFound);
  });
  return getRide(db, userId, id);
}

/** Deletes a ride; a ride from Strava is remembered as skipped, so an import does not bring it back. */
export async function deleteRide(db: Database, userId: string, id: string): Promise<void> {
  assertUuid(id);
  await db.transaction(async (tx) => {
    const [deleted] = await tx
      .delete(rides)
      .where(and(eq(rides.id, id), eq(rides.userId, userId)))
      .returning({ source: rides.source, externalId: rides.externalId });
    if (!deleted) throw notFound(m.notFound);
    if (deleted.source === "strava" && deleted.externalId) {
      await tx
        .insert(stravaSkippedActivities)
        .values({ userId, activityId: deleted.externalId })
        .onConflictDoNothing();
    }
  });
}
