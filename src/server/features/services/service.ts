import { and, desc, eq, getTableColumns, sql } from "drizzle-orm";
import { messages } from "../../../shared/messages.ts";
import type {
  ServiceEntry,
  ServiceEntryChanges,
  ServiceEntryInput,
} from "../../../shared/schemas/service-entry.ts";
import type { Storage } from "../../adapters/storage.ts";
import { changesAnything, converted } from "../../db/columns.ts";
import type { Database } from "../../db/index.ts";
import { bicycles, components, serviceEntries, serviceEntryIntervals } from "../../db/schema.ts";
import { notFound } from "../../errors.ts";
import { assertUuid } from "../bicycles/service.ts";
import { assertOwnBicycle } from "../components/service.ts";
import { assertAttachable, releaseFileUrls } from "../files/service.ts";
import { setEntryResets } from "../intervals/service.ts";

/** What a service entry's receipt may be: an uploaded receipt, or a photo of the user's. */
export const RECEIPT_PURPOSES = ["receipt", "bicycle-image", "component-image"] as const;

const m = messages.services;

/** The names an entry's answer shows beside its row: its component's and that component's bicycle's. */
const names = {
  componentName: components.name,
  bicycleId: components.bicycleId,
  bicycleName: bicycles.name,
};

type EntryNames = { componentName: string | null; bicycleId: string | null; bicycleName: string | null };
type Row = typeof serviceEntries.$inferSelect & EntryNames;

function selectEntries(db: Database) {
  return db
    .select({ ...getTableColumns(serviceEntries), ...names })
    .from(serviceEntries)
    .innerJoin(components, eq(components.id, serviceEntries.componentId))
    .leftJoin(bicycles, eq(bicycles.id, components.bicycleId));
}

export function toEntry(row: Row): ServiceEntry {
  return {
    id: row.id,
    componentId: row.componentId,
    componentName: row.componentName ?? m.unknownComponent,
    bicycleId: row.bicycleId,
    bicycleName: row.bicycleName,
    date: row.date,
    description: row.description,
    cost: Number(row.cost),
    receiptUrl: row.receiptUrl,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The service log's order; the id last, so entries written at the same moment keep one order. */
export const newestFirst = [
  desc(serviceEntries.date),
  desc(serviceEntries.createdAt),
  desc(serviceEntries.id),
];

/** The component's names when it is the user's; 404 otherwise. */
async function ownComponent(db: Database, userId: string, componentId: string): Promise<EntryNames> {
  assertUuid(componentId);
  const [row] = await db
    .select(names)
    .from(components)
    .leftJoin(bicycles, eq(bicycles.id, components.bicycleId))
    .where(and(eq(components.id, componentId), eq(components.userId, userId)));
  if (!row) throw notFound(messages.components.notFound);
  return row;
}

/** Adds up costs in cents, so that the total is exact (0.1 + 0.2 is 0.3). */
export function totalOf(costs: string[]): number {
  return costs.reduce((cents, cost) => cents + Math.round(Number(cost) * 100), 0) / 100;
}

/** A component's service log, newest first, with the total of all its costs. */
export async function listComponentServices(db: Database, userId: string, componentId: string) {
  assertUuid(componentId);
  // From the component: one statement tells a component without entries from one that is not the user's.
  const resets = db
    .select({ ids: sql`array_agg(${serviceEntryIntervals.intervalId}::text)` })
    .from(serviceEntryIntervals)
    .where(eq(serviceEntryIntervals.serviceEntryId, serviceEntries.id));
  const rows = await db
    .select({
      entry: getTableColumns(serviceEntries),
      ...names,
      resetsIntervalIds: sql<string[] | null>`(${resets})`,
    })
    .from(components)
    .leftJoin(
      serviceEntries,
      and(eq(serviceEntries.componentId, components.id), eq(serviceEntries.userId, userId)),
    )
    .leftJoin(bicycles, eq(bicycles.id, components.bicycleId))
    .where(and(eq(components.id, componentId), eq(components.userId, userId)))
    .orderBy(...newestFirst);
  if (rows.length === 0) throw notFound(messages.components.notFound);
  const services = rows.flatMap(({ entry, resetsIntervalIds, ...entryNames }) =>
    entry ? [{ ...toEntry({ ...entry, ...entryNames }), resetsIntervalIds: resetsIntervalIds ?? [] }] : [],
  );
  return { services, totalCost: totalOf(rows.flatMap(({ entry }) => (entry ? [entry.cost] : []))) };
}

/** The service entries of the components now on a bicycle, newest first. */
export async function listBicycleServices(
  db: Database,
  userId: string,
  bicycleId: string,
): Promise<ServiceEntry[]> {
  await assertOwnBicycle(db, userId, bicycleId);
  const rows = await selectEntries(db)
    .where(and(eq(components.bicycleId, bicycleId), eq(serviceEntries.userId, userId)))
    .orderBy(...newestFirst);
  return rows.map(toEntry);
}

async function getEntry(db: Database, userId: string, id: string): Promise<ServiceEntry> {
  const [row] = await selectEntries(db).where(
    and(eq(serviceEntries.id, id), eq(serviceEntries.userId, userId)),
  );
  if (!row) throw notFound();
  return toEntry(row);
}

/** What a create writes, beside the owner and the component. */
type Columns = Omit<typeof serviceEntries.$inferInsert, "userId" | "componentId">;

/**
 * The columns to write: from a create's input, all of them; from a change, a field it left out is undefined,
 * which Drizzle's `.set()` skips (decision 0057).
 */
function toColumns(input: ServiceEntryInput): Columns;
function toColumns(input: ServiceEntryChanges): Partial<Columns>;
function toColumns(input: ServiceEntryChanges): Partial<Columns> {
  return {
    date: input.date,
    description: input.description,
    cost: converted(input.cost, (cost) => cost.toFixed(2)),
    receiptUrl: input.receiptUrl,
  };
}

export async function createServiceEntry(
  db: Database,
  userId: string,
  componentId: string,
  input: ServiceEntryInput,
): Promise<ServiceEntry> {
  const entryNames = await ownComponent(db, userId, componentId);
  await assertAttachable(db, userId, "receiptUrl", input.receiptUrl, RECEIPT_PURPOSES);
  const row = await db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(serviceEntries)
      .values({ ...toColumns(input), componentId, userId })
      .returning();
    await setEntryResets(tx, userId, { id: inserted!.id, componentId, isNew: true }, input.resetsIntervalIds);
    return inserted!;
  });
  return toEntry({ ...row, ...entryNames });
}

export async function updateServiceEntry(
  db: Database,
  storage: Storage,
  userId: string,
  id: string,
  input: ServiceEntryChanges,
): Promise<ServiceEntry> {
  assertUuid(id);
  const where = and(eq(serviceEntries.id, id), eq(serviceEntries.userId, userId));
  const [before] = await db
    .select({ receiptUrl: serviceEntries.receiptUrl, componentId: serviceEntries.componentId })
    .from(serviceEntries)
    .where(where);
  if (!before) throw notFound();
  if (!changesAnything(input)) return getEntry(db, userId, id);
  await assertAttachable(db, userId, "receiptUrl", input.receiptUrl, RECEIPT_PURPOSES);
  await db.transaction(async (tx) => {
    const updated = await tx
      .update(serviceEntries)
      .set({ ...toColumns(input), updatedAt: new Date() })
      .where(where)
      .returning({ id: serviceEntries.id });
    if (updated.length === 0) throw notFound();
    const entry = { id, componentId: before.componentId, isNew: false };
    await setEntryResets(tx, userId, entry, input.resetsIntervalIds);
  });
  if (input.receiptUrl !== undefined && input.receiptUrl !== before.receiptUrl) {
    await releaseFileUrls(db, storage, userId, [before.receiptUrl]);
  }
  return getEntry(db, userId, id);
}

export async function deleteServiceEntry(
  db: Database,
  storage: Storage,
  userId: string,
  id: string,
): Promise<void> {
  assertUuid(id);
  const deleted = await db
    .delete(serviceEntries)
    .where(and(eq(serviceEntries.id, id), eq(serviceEntries.userId, userId)))
    .returning({ receiptUrl: serviceEntries.receiptUrl });
  if (deleted.length === 0) throw notFound();
  await releaseFileUrls(
    db,
    storage,
    userId,
    deleted.map((d) => d.receiptUrl),
  );
}
