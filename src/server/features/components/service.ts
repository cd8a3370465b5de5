import { and, asc, desc, eq, getTableColumns, inArray, isNull, sql } from "drizzle-orm";
import { costPerKm } from "../../../shared/domain/costs.ts";
import { messages } from "../../../shared/messages.ts";
import type { Component, ComponentChanges, ComponentInput } from "../../../shared/schemas/component.ts";
import type { ServiceIntervalInput } from "../../../shared/schemas/service-interval.ts";
import { DEFAULT_TIME_ZONE } from "../../../shared/time-zone.ts";
import type { Storage } from "../../adapters/storage.ts";
import { changesAnything, converted } from "../../db/columns.ts";
import type { Database } from "../../db/index.ts";
import { bicycles, components, serviceEntries } from "../../db/schema.ts";
import { AppError, notFound } from "../../errors.ts";
import { assertUuid, IMAGE_PURPOSES } from "../bicycles/service.ts";
import { componentServiceCost } from "../costs/service.ts";
import { assertAttachable, releaseFileUrls } from "../files/service.ts";
import { addIntervals } from "../intervals/service.ts";
import { getSettings } from "../settings/service.ts";
import { componentWear, installationStart, listInstallations, placeComponents } from "./installations.ts";

const m = messages.components;

type Row = typeof components.$inferSelect & {
  serviceCount: number;
  bicycleName: string | null;
  riddenKm: string | null;
  riddenSeconds: string | null;
  serviceCost: string | null;
};

function toComponent(row: Row): Component {
  // To the metre, as rides keep it: rounding here would let a miles figure differ from the rides' own.
  const distance = Math.round((Number(row.mileage) + Number(row.riddenKm ?? 0)) * 1000) / 1000;
  return {
    id: row.id,
    bicycleId: row.bicycleId,
    bicycleName: row.bicycleName,
    name: row.name,
    type: row.type,
    brand: row.brand,
    mileage: Number(row.mileage),
    distance,
    movingSeconds: Number(row.riddenSeconds ?? 0),
    costPerKm: costPerKm(Number(row.serviceCost ?? 0), distance),
    notes: row.notes,
    imageUrl: row.imageUrl,
    serviceCount: row.serviceCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * What a component's answer adds to its row: its bicycle's name, how many service entries it has, and the
 * distance and time of the rides it was on (from `wear`, joined laterally), and what its services cost.
 */
function componentExtras(db: Database, wear: ReturnType<typeof componentWear>) {
  return {
    bicycleName: bicycles.name,
    serviceCount: db.$count(serviceEntries, eq(serviceEntries.componentId, components.id)),
    riddenKm: wear.riddenKm,
    riddenSeconds: wear.riddenSeconds,
    serviceCost: componentServiceCost(db),
  };
}

function selectComponents(db: Database) {
  const wear = componentWear(db);
  return db
    .select({ ...getTableColumns(components), ...componentExtras(db, wear) })
    .from(components)
    .leftJoin(bicycles, eq(bicycles.id, components.bicycleId))
    .leftJoinLateral(wear, sql`true`);
}

/** Throws 404 unless the bicycle exists and is the user's. */
export async function assertOwnBicycle(db: Database, userId: string, bicycleId: string): Promise<void> {
  assertUuid(bicycleId);
  const [row] = await db
    .select({ id: bicycles.id })
    .from(bicycles)
    .where(and(eq(bicycles.id, bicycleId), eq(bicycles.userId, userId)));
  if (!row) throw notFound(messages.components.bicycleFetchFailed);
}

/** A bicycle's components, oldest first; 404 when the bicycle is not the user's. */
export async function listBicycleComponents(
  db: Database,
  userId: string,
  bicycleId: string,
): Promise<Component[]> {
  assertUuid(bicycleId);
  // From the bicycle: one statement tells a bicycle without components from one that is not the user's.
  const wear = componentWear(db);
  const rows = await db
    .select({ component: getTableColumns(components), ...componentExtras(db, wear) })
    .from(bicycles)
    .leftJoin(components, and(eq(components.bicycleId, bicycles.id), eq(components.userId, userId)))
    .leftJoinLateral(wear, sql`true`)
    .where(and(eq(bicycles.id, bicycleId), eq(bicycles.userId, userId)))
    .orderBy(asc(components.createdAt), asc(components.id));
  if (rows.length === 0) throw notFound(messages.components.bicycleFetchFailed);
  return rows.flatMap(({ component, ...extras }) =>
    component ? [toComponent({ ...component, ...extras })] : [],
  );
}

/** The parts bin: the user's components on no bicycle, most recently changed first. */
export async function listPartsBin(db: Database, userId: string): Promise<Component[]> {
  const rows = await selectComponents(db)
    .where(and(eq(components.userId, userId), isNull(components.bicycleId)))
    .orderBy(desc(components.updatedAt), desc(components.id));
  return rows.map(toComponent);
}

/** All the user's components, on bicycles and in the parts bin, oldest first (the CSV export). */
export async function listAllComponents(db: Database, userId: string): Promise<Component[]> {
  const rows = await selectComponents(db)
    .where(eq(components.userId, userId))
    .orderBy(asc(components.createdAt), asc(components.id));
  return rows.map(toComponent);
}

export async function getComponent(db: Database, userId: string, id: string): Promise<Component> {
  assertUuid(id);
  const [row] = await selectComponents(db).where(and(eq(components.id, id), eq(components.userId, userId)));
  if (!row) throw notFound(m.notFound);
  return toComponent(row);
}

/** Where the component has been, oldest first; 404 when it is not the user's. */
export async function getInstallations(db: Database, userId: string, id: string) {
  assertUuid(id);
  const installations = await listInstallations(db, userId, id);
  if (installations.length === 0) throw notFound(m.notFound);
  return installations;
}

/** What a create writes, beside the owner and the bicycle. */
type Columns = Omit<typeof components.$inferInsert, "userId" | "bicycleId">;

/**
 * The columns to write: from a create's input, all of them; from a change, a field it left out is undefined,
 * which Drizzle's `.set()` skips (decision 0057).
 */
function toColumns(input: ComponentInput): Columns;
function toColumns(input: ComponentChanges): Partial<Columns>;
function toColumns(input: ComponentChanges): Partial<Columns> {
  return {
    name: input.name,
    type: input.type,
    brand: input.brand,
    mileage: converted(input.mileage, (km) => km.toFixed(1)),
    notes: input.notes,
    imageUrl: input.imageUrl,
  };
}

/** Creates a component where it is fitted (or in the parts bin) since `installedAt` (a date), else now. */
export async function createComponent(
  db: Database,
  userId: string,
  input: ComponentInput & {
    bicycleId: string | null;
    installedAt?: string | null;
    intervals?: ServiceIntervalInput[];
  },
): Promise<Component> {
  if (input.bicycleId) await assertOwnBicycle(db, userId, input.bicycleId);
  await assertAttachable(db, userId, "imageUrl", input.imageUrl, IMAGE_PURPOSES);
  const timeZone = input.installedAt ? (await getSettings(db, userId)).timeZone : DEFAULT_TIME_ZONE;
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(components)
      .values({ ...toColumns(input), bicycleId: input.bicycleId, userId })
      .returning({ id: components.id, createdAt: components.createdAt });
    const since = installationStart(input.installedAt, row!.createdAt, timeZone);
    await placeComponents(tx, userId, [row!.id], input.bicycleId, since);
    const componentId = row!.id;
    await addIntervals(
      tx,
      userId,
      (input.intervals ?? []).map((interval) => ({ componentId, interval })),
    );
    return componentId;
  });
  return getComponent(db, userId, id);
}

export async function updateComponent(
  db: Database,
  storage: Storage,
  userId: string,
  id: string,
  input: ComponentChanges,
): Promise<Component> {
  assertUuid(id);
  const where = and(eq(components.id, id), eq(components.userId, userId));
  const [before] = await db.select({ imageUrl: components.imageUrl }).from(components).where(where);
  if (!before) throw notFound(m.notFound);
  if (!changesAnything(input)) return getComponent(db, userId, id);
  await assertAttachable(db, userId, "imageUrl", input.imageUrl, IMAGE_PURPOSES);
  const updated = await db
    .update(components)
    .set({ ...toColumns(input), updatedAt: new Date() })
    .where(where)
    .returning({ id: components.id });
  if (updated.length === 0) throw notFound(m.notFound);
  if (input.imageUrl !== undefined && input.imageUrl !== before.imageUrl) {
    await releaseFileUrls(db, storage, userId, [before.imageUrl]);
  }
  return getComponent(db, userId, id);
}

/** Deletes the component and its service entries, in one transaction, then their photo and receipts. */
export async function deleteComponent(
  db: Database,
  storage: Storage,
  userId: string,
  id: string,
): Promise<void> {
  assertUuid(id);
  const rows = await db
    .select({ image: components.imageUrl, receipt: serviceEntries.receiptUrl })
    .from(components)
    .leftJoin(serviceEntries, eq(serviceEntries.componentId, components.id))
    .where(and(eq(components.id, id), eq(components.userId, userId)));
  await db.transaction(async (tx) => {
    const deleted = await tx
      .delete(components)
      .where(and(eq(components.id, id), eq(components.userId, userId)))
      .returning({ id: components.id });
    if (deleted.length === 0) throw notFound(m.notFound);
  });
  await releaseFileUrls(
    db,
    storage,
    userId,
    rows.flatMap((r) => [r.image, r.receipt]),
  );
}

/**
 * Puts the user's components on a bicycle (null: the parts bin), all or none: any id that is not the user's
 * component is a 404 and changes nothing. Those that change place get a new installation period.
 */
async function placeOwnComponents(
  db: Database,
  userId: string,
  ids: string[],
  bicycleId: string | null,
  { expectedOn }: { expectedOn?: string } = {},
) {
  return db.transaction(async (tx) => {
    const owned = and(inArray(components.id, ids), eq(components.userId, userId));
    const before = await tx
      .select({ id: components.id, bicycleId: components.bicycleId })
      .from(components)
      .where(owned)
      .for("update");
    if (before.length !== ids.length) throw notFound(m.notFound);
    // Moved meanwhile (another tab, another device): the rider acted on a bicycle it is no longer on.
    if (expectedOn !== undefined && before.some((part) => part.bicycleId !== expectedOn)) {
      throw new AppError("CONFLICT", m.movedMeanwhile);
    }
    await tx.update(components).set({ bicycleId, updatedAt: new Date() }).where(owned);
    const moved = before.filter((part) => part.bicycleId !== bicycleId).map((part) => part.id);
    await placeComponents(tx, userId, moved, bicycleId);
    return before.length;
  });
}

/**
 * Moves a component into the parts bin: its period on the bicycle ends now (a no-op when already there).
 * With `fromBicycleId` (the bicycle the rider saw it on), a part that is on another bicycle by now is a 409.
 */
export async function moveToPartsBin(
  db: Database,
  userId: string,
  id: string,
  fromBicycleId?: string,
): Promise<Component> {
  assertUuid(id);
  await placeOwnComponents(db, userId, [id], null, { expectedOn: fromBicycleId });
  return getComponent(db, userId, id);
}

export async function assignToBicycle(
  db: Database,
  userId: string,
  id: string,
  bicycleId: string,
): Promise<Component> {
  assertUuid(id);
  if (!bicycleId) throw new AppError("VALIDATION", m.selectBicycle, { bicycleId: m.selectBicycle });
  await assertOwnBicycle(db, userId, bicycleId);
  await placeOwnComponents(db, userId, [id], bicycleId);
  return getComponent(db, userId, id);
}

/**
 * Puts several of the user's components on one of the user's bicycles, all or none: any id that is not
 * the user's component (or the bicycle not theirs) is a 404 and changes nothing.
 */
export async function assignManyToBicycle(
  db: Database,
  userId: string,
  componentIds: string[],
  bicycleId: string,
): Promise<number> {
  const ids = [...new Set(componentIds)];
  for (const id of ids) assertUuid(id);
  await assertOwnBicycle(db, userId, bicycleId);
  return placeOwnComponents(db, userId, ids, bicycleId);
}
