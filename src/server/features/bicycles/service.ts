import { type AnyColumn, and, count, desc, eq, getTableColumns, sql, sum } from "drizzle-orm";
import { costPerKm } from "../../../shared/domain/costs.ts";
import { bicycleLimitFor, PLANS } from "../../../shared/domain/plans.ts";
import { messages } from "../../../shared/messages.ts";
import type { Bicycle, BicycleChanges, BicycleInput } from "../../../shared/schemas/bicycle.ts";
import type { BillingMode } from "../../../shared/schemas/subscription.ts";
import type { Storage } from "../../adapters/storage.ts";
import { changesAnything, converted } from "../../db/columns.ts";
import type { Database } from "../../db/index.ts";
import { bicycles, components, rides, serviceEntries, user } from "../../db/schema.ts";
import { AppError, notFound } from "../../errors.ts";
import { bicycleServiceCost } from "../costs/service.ts";
import { assertAttachable, releaseFileUrls } from "../files/service.ts";
import { currentTier } from "../subscriptions/service.ts";

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids that are not ours in shape can never match a row: answer them like a missing row. */
export function assertUuid(id: string): void {
  if (!UUID.test(id)) throw notFound();
}

type BicycleRow = typeof bicycles.$inferSelect & {
  componentCount: number;
  riddenKm: string | number | null;
  riddenSeconds: string | number | null;
  serviceCost: string | number | null;
};

export function toBicycle(row: BicycleRow): Bicycle {
  const price = row.price === null ? null : Number(row.price);
  const serviceCost = Number(row.serviceCost ?? 0);
  // To the metre, as rides keep it: rounding here would let a miles figure differ from the rides' own.
  const distanceKm = Math.round(Number(row.riddenKm ?? 0) * 1000) / 1000;
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    imageUrl: row.imageUrl,
    purchaseDate: row.purchaseDate,
    price,
    purchaseCondition:
      row.purchaseCondition === "new" || row.purchaseCondition === "used" ? row.purchaseCondition : null,
    storeName: row.storeName,
    serialNumber: row.serialNumber,
    storeLink: row.storeLink,
    componentCount: row.componentCount,
    distanceKm,
    movingSeconds: Number(row.riddenSeconds ?? 0),
    serviceCost,
    costPerKm: costPerKm((price ?? 0) + serviceCost, distanceKm),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** What a create writes, beside the owner. */
type Columns = Omit<typeof bicycles.$inferInsert, "userId">;

/**
 * The columns to write: from a create's input, all of them; from a change, a field it left out is undefined,
 * which Drizzle's `.set()` skips (decision 0057).
 */
function toColumns(input: BicycleInput): Columns;
function toColumns(input: BicycleChanges): Partial<Columns>;
function toColumns(input: BicycleChanges): Partial<Columns> {
  return {
    name: input.name,
    description: input.description,
    purchaseDate: input.purchaseDate,
    price: converted(input.price, (price) => price.toFixed(2)),
    purchaseCondition: input.purchaseCondition,
    storeName: input.storeName,
    serialNumber: input.serialNumber,
    storeLink: input.storeLink,
    imageUrl: input.imageUrl,
  };
}

export const IMAGE_PURPOSES = ["bicycle-image", "component-image"] as const;

/** The distance and moving time of a bicycle's rides, as subqueries of a select from `bicycles`. */
export function riddenOn(db: Database, bicycleId: AnyColumn) {
  const ofBicycle = eq(rides.bicycleId, bicycleId);
  return {
    riddenKm: sql<string | null>`(${db
      .select({ km: sum(rides.distanceKm) })
      .from(rides)
      .where(ofBicycle)})`,
    riddenSeconds: sql<string | null>`(${db
      .select({ s: sum(rides.movingSeconds) })
      .from(rides)
      .where(ofBicycle)})`,
  };
}

/** Bicycles with the number of components on each, what has been ridden on them and what they cost. */
function selectBicycles(db: Database) {
  return db
    .select({
      ...getTableColumns(bicycles),
      componentCount: db.$count(components, eq(components.bicycleId, bicycles.id)),
      ...riddenOn(db, bicycles.id),
      serviceCost: bicycleServiceCost(db, bicycles.id),
    })
    .from(bicycles);
}

/** The user's bicycles, newest first. */
export async function listBicycles(db: Database, userId: string): Promise<Bicycle[]> {
  const rows = await selectBicycles(db)
    .where(eq(bicycles.userId, userId))
    .orderBy(desc(bicycles.createdAt), desc(bicycles.id));
  return rows.map(toBicycle);
}

export async function getBicycle(db: Database, userId: string, id: string): Promise<Bicycle> {
  assertUuid(id);
  const [row] = await selectBicycles(db).where(and(eq(bicycles.id, id), eq(bicycles.userId, userId)));
  if (!row) throw notFound();
  return toBicycle(row);
}

/**
 * Creates a bicycle within the plan's limit (none when billing is off). The user's row is locked first, so
 * parallel creates are counted one after another and cannot pass the limit together.
 */
export async function createBicycle(
  db: Database,
  userId: string,
  input: BicycleInput,
  billingMode: BillingMode,
): Promise<Bicycle> {
  await assertAttachable(db, userId, "imageUrl", input.imageUrl, IMAGE_PURPOSES);
  return db.transaction(async (tx) => {
    if (billingMode !== "off") {
      await tx.select({ id: user.id }).from(user).where(eq(user.id, userId)).for("update");
      const { tier } = await currentTier(tx, userId);
      const [counted] = await tx.select({ n: count() }).from(bicycles).where(eq(bicycles.userId, userId));
      const limit = bicycleLimitFor(tier);
      if ((counted?.n ?? 0) >= limit) {
        throw new AppError("LIMIT_REACHED", messages.bicycles.limit(limit, PLANS.premium.bicycleLimit));
      }
    }
    const [row] = await tx
      .insert(bicycles)
      .values({ ...toColumns(input), userId })
      .returning();
    return toBicycle({ ...row!, componentCount: 0, riddenKm: 0, riddenSeconds: 0, serviceCost: 0 });
  });
}

export async function updateBicycle(
  db: Database,
  storage: Storage,
  userId: string,
  id: string,
  input: BicycleChanges,
): Promise<Bicycle> {
  assertUuid(id);
  const where = and(eq(bicycles.id, id), eq(bicycles.userId, userId));
  const [before] = await db.select({ imageUrl: bicycles.imageUrl }).from(bicycles).where(where);
  if (!before) throw notFound();
  if (!changesAnything(input)) return getBicycle(db, userId, id);
  await assertAttachable(db, userId, "imageUrl", input.imageUrl, IMAGE_PURPOSES);
  const updated = await db
    .update(bicycles)
    .set({ ...toColumns(input), updatedAt: new Date() })
    .where(where)
    .returning({ id: bicycles.id });
  if (updated.length === 0) throw notFound();
  if (input.imageUrl !== undefined && input.imageUrl !== before.imageUrl) {
    await releaseFileUrls(db, storage, userId, [before.imageUrl]);
  }
  return getBicycle(db, userId, id);
}

/** The photo and receipt URLs a bicycle's deletion takes with it: its own, its components', their entries'. */
async function fileUrlsOfBicycle(db: Database, userId: string, id: string) {
  const rows = await db
    .select({ bike: bicycles.imageUrl, component: components.imageUrl, receipt: serviceEntries.receiptUrl })
    .from(bicycles)
    .leftJoin(components, eq(components.bicycleId, bicycles.id))
    .leftJoin(serviceEntries, eq(serviceEntries.componentId, components.id))
    .where(and(eq(bicycles.id, id), eq(bicycles.userId, userId)));
  return rows.flatMap((r) => [r.bike, r.component, r.receipt]);
}

/** Deletes the bicycle; its components and their service entries go with it (cascading keys), and their files. */
export async function deleteBicycle(
  db: Database,
  storage: Storage,
  userId: string,
  id: string,
): Promise<void> {
  assertUuid(id);
  const urls = await fileUrlsOfBicycle(db, userId, id);
  const deleted = await db
    .delete(bicycles)
    .where(and(eq(bicycles.id, id), eq(bicycles.userId, userId)))
    .returning({ id: bicycles.id });
  if (deleted.length === 0) throw notFound();
  await releaseFileUrls(db, storage, userId, urls);
}
