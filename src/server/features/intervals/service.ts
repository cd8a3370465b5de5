import { and, asc, eq, gte, isNull, lt, max, min, notExists, or, type SQL, sql } from "drizzle-orm";
import { byUrgency, intervalStatus } from "../../../shared/domain/interval-status.ts";
import { defaultIntervalsFor } from "../../../shared/domain/service-intervals.ts";
import { messages } from "../../../shared/messages.ts";
import {
  hasMeasure,
  type ServiceInterval,
  type ServiceIntervalChanges,
  type ServiceIntervalInput,
} from "../../../shared/schemas/service-interval.ts";
import { dayInZone } from "../../../shared/time-zone.ts";
import { changesAnything, converted } from "../../db/columns.ts";
import type { Database } from "../../db/index.ts";
import {
  bicycles,
  componentInstallations,
  components,
  rides,
  serviceEntries,
  serviceEntryIntervals,
  serviceIntervals,
} from "../../db/schema.ts";
import { AppError, notFound } from "../../errors.ts";
import { assertUuid } from "../bicycles/service.ts";
import { assertOwnBicycle } from "../components/service.ts";
import { getSettings } from "../settings/service.ts";

const NOT_FOUND = "Service interval not found";
const COMPONENT_NOT_FOUND = "Component not found";

/** Recent pace: the rides of the last this many days tell when distance and hours run out. */
const PACE_DAYS = 90;

/**
 * Every interval of the user's components (optionally one component's, or one bicycle's), each with its
 * status at `now` (today is the day in the user's time zone, decision 0060), overdue first. One statement:
 * per interval, its last resetting entry and its component's rides since (within the component's
 * installation periods, as `componentWear` counts them).
 */
export async function listIntervalStatuses(
  db: Database,
  userId: string,
  options: { componentId?: string; bicycleId?: string; now?: Date } = {},
): Promise<ServiceInterval[]> {
  const now = options.now ?? new Date();
  // First: the rider's time zone splits the statement's days.
  const { dueSoonPercent, timeZone } = await getSettings(db, userId);
  const reset = db
    .select({ lastDate: max(serviceEntries.date).as("last_date") })
    .from(serviceEntryIntervals)
    .innerJoin(serviceEntries, eq(serviceEntries.id, serviceEntryIntervals.serviceEntryId))
    .where(eq(serviceEntryIntervals.intervalId, serviceIntervals.id))
    .as("reset");
  // Rides count from the day after the resetting service (a service is recorded for a day, not a moment),
  // from its midnight in the rider's time zone.
  const countFrom = sql`coalesce((${reset.lastDate} + 1)::timestamp at time zone ${timeZone}, '-infinity'::timestamptz)`;
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
    })
    .from(componentInstallations)
    .innerJoin(
      rides,
      and(
        eq(rides.bicycleId, componentInstallations.bicycleId),
        gte(rides.startedAt, componentInstallations.startedAt),
        or(isNull(componentInstallations.endedAt), lt(rides.startedAt, componentInstallations.endedAt)),
      ),
    )
    .where(eq(componentInstallations.componentId, components.id))
    .as("used");
  // The pace is the riding of the bicycle the part is on now, not the part's own: a chain fitted last week
  // on a bicycle ridden daily wears at the bicycle's pace, not at a week's riding spread over 90 days. In the
  // parts bin it does not wear: no pace.
  const pace = db
    .select({
      recentKm: sql<string>`coalesce(sum(${rides.distanceKm}), 0)`.as("recent_km"),
      recentSeconds: sql<string>`coalesce(sum(${rides.movingSeconds}), 0)`.as("recent_seconds"),
    })
    .from(rides)
    .where(and(eq(rides.bicycleId, components.bicycleId), gte(rides.startedAt, paceFrom)))
    .as("pace");
  const installedAt = db
    .select({ at: min(componentInstallations.startedAt) })
    .from(componentInstallations)
    .where(eq(componentInstallations.componentId, components.id));

  const filters: SQL[] = [eq(serviceIntervals.userId, userId), eq(components.userId, userId)];
  if (options.componentId) filters.push(eq(serviceIntervals.componentId, options.componentId));
  if (options.bicycleId) filters.push(eq(components.bicycleId, options.bicycleId));

  const rows = await db
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
      recentKm: pace.recentKm,
      recentSeconds: pace.recentSeconds,
    })
    .from(serviceIntervals)
    .innerJoin(components, eq(components.id, serviceIntervals.componentId))
    .leftJoin(bicycles, eq(bicycles.id, components.bicycleId))
    .leftJoinLateral(reset, sql`true`)
    .leftJoinLateral(used, sql`true`)
    .leftJoinLateral(pace, sql`true`)
    .where(and(...filters))
    // Equally urgent intervals (none used yet) by creation time, then id: the same order on every read and
    // after an archive import (which keeps the times and the order of the ids), not whatever order the table
    // happens to return.
    .orderBy(asc(serviceIntervals.createdAt), asc(serviceIntervals.id));

  const today = dayInZone(now, timeZone);
  return rows
    .map((row): ServiceInterval => {
      const { interval } = row;
      const installed = row.installedAt ? new Date(row.installedAt) : row.createdAt;
      const lastServiceDate = row.lastDate ?? null;
      const since = lastServiceDate ?? dayInZone(installed, timeZone);
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

/** Throws 404 unless the component is the user's. */
async function assertOwnComponent(db: Database, userId: string, componentId: string): Promise<void> {
  assertUuid(componentId);
  const [row] = await db
    .select({ id: components.id })
    .from(components)
    .where(and(eq(components.id, componentId), eq(components.userId, userId)));
  if (!row) throw notFound(COMPONENT_NOT_FOUND);
}

/** What a create writes, beside the owner and the component. */
type Columns = Omit<typeof serviceIntervals.$inferInsert, "userId" | "componentId">;

/**
 * The columns to write: from a create's input, all of them; from a change, a field it left out is undefined,
 * which Drizzle's `.set()` skips (decision 0057).
 */
function toColumns(input: ServiceIntervalInput): Columns;
function toColumns(input: ServiceIntervalChanges): Partial<Columns>;
function toColumns(input: ServiceIntervalChanges): Partial<Columns> {
  return {
    label: input.label,
    everyKm: converted(input.everyKm, (km) => km.toFixed(1)),
    everyHours: converted(input.everyHours, (hours) => hours.toFixed(1)),
    everyMonths: input.everyMonths,
  };
}

async function getInterval(db: Database, userId: string, componentId: string, id: string) {
  const found = (await listIntervalStatuses(db, userId, { componentId })).find((i) => i.id === id);
  if (!found) throw notFound(NOT_FOUND);
  return found;
}

/** A component's intervals with their status, most urgent first; 404 when it is not the user's. */
export async function listComponentIntervals(db: Database, userId: string, componentId: string) {
  await assertOwnComponent(db, userId, componentId);
  return listIntervalStatuses(db, userId, { componentId });
}

export async function createInterval(
  db: Database,
  userId: string,
  componentId: string,
  input: ServiceIntervalInput,
): Promise<ServiceInterval> {
  await assertOwnComponent(db, userId, componentId);
  const [row] = await db
    .insert(serviceIntervals)
    .values({ ...toColumns(input), userId, componentId })
    .returning({ id: serviceIntervals.id });
  return getInterval(db, userId, componentId, row!.id);
}

/** Adds intervals to components just created (the form's or the import's choice), in their transaction. */
export async function addIntervals(
  db: Pick<Database, "insert">,
  userId: string,
  intervals: { componentId: string; interval: ServiceIntervalInput }[],
): Promise<void> {
  if (intervals.length === 0) return;
  await db
    .insert(serviceIntervals)
    .values(intervals.map(({ componentId, interval }) => ({ ...toColumns(interval), userId, componentId })));
}

export async function updateInterval(
  db: Database,
  userId: string,
  id: string,
  input: ServiceIntervalChanges,
): Promise<ServiceInterval> {
  assertUuid(id);
  const where = and(eq(serviceIntervals.id, id), eq(serviceIntervals.userId, userId));
  const componentId = await db.transaction(async (tx) => {
    // Locked, so that two changes that each clear a different measure cannot together leave none.
    const [stored] = await tx
      .select({
        componentId: serviceIntervals.componentId,
        everyKm: serviceIntervals.everyKm,
        everyHours: serviceIntervals.everyHours,
        everyMonths: serviceIntervals.everyMonths,
      })
      .from(serviceIntervals)
      .where(where)
      .for("update");
    if (!stored) throw notFound(NOT_FOUND);
    if (!changesAnything(input)) return stored.componentId;
    // A measure left out keeps its stored value: at least one must be left once the changes are applied.
    const after = {
      everyKm: input.everyKm === undefined ? stored.everyKm : input.everyKm,
      everyHours: input.everyHours === undefined ? stored.everyHours : input.everyHours,
      everyMonths: input.everyMonths === undefined ? stored.everyMonths : input.everyMonths,
    };
    if (!hasMeasure(after)) {
      const message = messages.intervals.measureRequired;
      throw new AppError("VALIDATION", message, { everyKm: message });
    }
    await tx
      .update(serviceIntervals)
      .set({ ...toColumns(input), updatedAt: new Date() })
      .where(where);
    return stored.componentId;
  });
  return getInterval(db, userId, componentId, id);
}

export async function deleteInterval(db: Database, userId: string, id: string): Promise<void> {
  assertUuid(id);
  const deleted = await db
    .delete(serviceIntervals)
    .where(and(eq(serviceIntervals.id, id), eq(serviceIntervals.userId, userId)))
    .returning({ id: serviceIntervals.id });
  if (deleted.length === 0) throw notFound(NOT_FOUND);
}

/**
 * Gives each component on the bicycle that has no interval yet the defaults for its type and name (one
 * click from the empty state); components that have intervals keep theirs. Answers how many were added.
 */
export async function applyDefaultsToBicycle(db: Database, userId: string, bicycleId: string) {
  await assertOwnBicycle(db, userId, bicycleId);
  const bare = await db
    .select({ id: components.id, name: components.name, type: components.type })
    .from(components)
    .where(
      and(
        eq(components.bicycleId, bicycleId),
        eq(components.userId, userId),
        notExists(
          db
            .select({ id: serviceIntervals.id })
            .from(serviceIntervals)
            .where(eq(serviceIntervals.componentId, components.id)),
        ),
      ),
    );
  const rows = bare.flatMap((part) =>
    defaultIntervalsFor(part.type, part.name).map((interval) => ({
      ...toColumns(interval),
      userId,
      componentId: part.id,
    })),
  );
  if (rows.length > 0) await db.insert(serviceIntervals).values(rows);
  return { added: rows.length, components: new Set(rows.map((r) => r.componentId)).size };
}

/** What the dashboard's Due card shows: the overdue and due-soon intervals, and how many intervals exist. */
export async function listDue(db: Database, userId: string) {
  const all = await listIntervalStatuses(db, userId);
  return { intervals: all.filter((i) => i.status.state !== "ok"), total: all.length };
}

/** How many intervals are overdue or due soon (the tab bar's badge). */
export async function countDue(db: Database, userId: string): Promise<number> {
  return (await listDue(db, userId)).intervals.length;
}

/**
 * Records which of the component's intervals a service entry resets, replacing what it reset before.
 * `intervalIds` undefined: on a new entry, the component's only interval (none when it has several); on a
 * changed entry, unchanged. Any id that is not one of the component's intervals is a 400 naming the field.
 */
export async function setEntryResets(
  db: Pick<Database, "select" | "insert" | "delete">,
  userId: string,
  entry: { id: string; componentId: string; isNew: boolean },
  intervalIds: string[] | null | undefined,
): Promise<void> {
  if (intervalIds === undefined && !entry.isNew) return;
  const own = await db
    .select({ id: serviceIntervals.id })
    .from(serviceIntervals)
    .where(and(eq(serviceIntervals.componentId, entry.componentId), eq(serviceIntervals.userId, userId)));
  const ownIds = new Set(own.map((i) => i.id));
  let chosen: string[];
  if (intervalIds === undefined) chosen = own.length === 1 ? [own[0]!.id] : [];
  else chosen = [...new Set(intervalIds ?? [])];
  if (chosen.some((id) => !ownIds.has(id))) {
    const message = messages.intervals.resetsNotOwn;
    throw new AppError("VALIDATION", message, { resetsIntervalIds: message });
  }
  if (!entry.isNew) {
    await db.delete(serviceEntryIntervals).where(eq(serviceEntryIntervals.serviceEntryId, entry.id));
  }
  if (chosen.length > 0) {
    await db
      .insert(serviceEntryIntervals)
      .values(chosen.map((intervalId) => ({ serviceEntryId: entry.id, intervalId })));
  }
}
