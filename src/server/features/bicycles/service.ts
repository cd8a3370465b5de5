import { and, count, eq, sql } from "drizzle-orm";
import { bicycleLimitFor, PLANS } from "../../../shared/domain/plans.ts";
import { messages } from "../../../shared/messages.ts";
import type { Bicycle, BicycleInput } from "../../../shared/schemas/bicycle.ts";
import type { Storage } from "../../adapters/storage.ts";
import { DATA_VERSION, userDataVersion, type VersionedAnswer } from "../../db/data-version.ts";
import type { Database } from "../../db/index.ts";
import { isoTimestamp, jsonArrayOf } from "../../db/json.ts";
import { preparedStatement } from "../../db/prepared.ts";
import { bicycles, components, serviceEntries, session, user } from "../../db/schema.ts";
import { BY_SESSION_TOKEN, SESSION_ROW, SESSION_USER } from "../../db/session-row.ts";
import { AppError, notFound } from "../../errors.ts";
import { assertAttachable, releaseFileUrls } from "../files/service.ts";
import { currentTier } from "../subscriptions/service.ts";

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids that are not ours in shape can never match a row: answer them like a missing row. */
export function assertUuid(id: string): void {
  if (!UUID.test(id)) throw notFound();
}

/**
 * For a statement that also reads the session (decision 0022): an id that cannot match becomes null, which
 * matches no row, so the session is still checked first (401 before 404, as for every other route).
 */
export function uuidOrNull(id: string): string | null {
  return UUID.test(id) ? id : null;
}

type BicycleRow = typeof bicycles.$inferSelect;

function toBicycle(row: BicycleRow): Bicycle {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    imageUrl: row.imageUrl,
    purchaseDate: row.purchaseDate,
    price: row.price === null ? null : Number(row.price),
    purchaseCondition:
      row.purchaseCondition === "new" || row.purchaseCondition === "used" ? row.purchaseCondition : null,
    storeName: row.storeName,
    serialNumber: row.serialNumber,
    storeLink: row.storeLink,
    componentCount: row.componentCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function toColumns(input: BicycleInput) {
  return {
    name: input.name,
    description: input.description,
    purchaseDate: input.purchaseDate,
    price: input.price === null ? null : input.price.toFixed(2),
    purchaseCondition: input.purchaseCondition,
    storeName: input.storeName,
    serialNumber: input.serialNumber,
    storeLink: input.storeLink,
    imageUrl: input.imageUrl,
  };
}

export const IMAGE_PURPOSES = ["bicycle-image", "component-image"] as const;

/**
 * A bicycle as the API answers it (`Bicycle`), as the select list of a query over "bicycles"; JSON by the
 * database (decision 0019), field for field as `toBicycle` maps a row.
 */
const BICYCLE_JSON_FIELDS = `"bicycles"."id" as "id", "bicycles"."name" as "name",
  "bicycles"."description" as "description", "bicycles"."image_url" as "imageUrl",
  "bicycles"."purchase_date" as "purchaseDate", "bicycles"."price" as "price",
  case when "bicycles"."purchase_condition" in ('new', 'used') then "bicycles"."purchase_condition" end as "purchaseCondition",
  "bicycles"."store_name" as "storeName", "bicycles"."serial_number" as "serialNumber",
  "bicycles"."store_link" as "storeLink",
  "bicycles"."component_count" as "componentCount",
  ${isoTimestamp('"bicycles"."created_at"')} as "createdAt", ${isoTimestamp('"bicycles"."updated_at"')} as "updatedAt"`;

/** The bicycles of the user of an outer query over "user", newest first, as a JSON array (text). */
export const BICYCLES_OF_USER_JSON = jsonArrayOf(`select ${BICYCLE_JSON_FIELDS} from "bicycles"
  where "bicycles"."user_id" = "user"."id" order by "bicycles"."created_at" desc, "bicycles"."id"`);

const bicyclesQuery = preparedStatement((db) =>
  db
    .select({ session: SESSION_ROW, version: DATA_VERSION, json: BICYCLES_OF_USER_JSON })
    .from(session)
    .innerJoin(user, SESSION_USER)
    .leftJoinLateral(userDataVersion(db), sql`true`)
    .where(BY_SESSION_TOKEN)
    .prepare("bicycles_of_session"),
);

/**
 * The bicycles of the session's user (`{ bicycles: Bicycle[] }` as JSON text), newest first, with the data
 * version it was read at (decision 0029), read with the session row in one statement (decision 0022);
 * undefined when there is no such session.
 */
export async function bicyclesOfSession(db: Database, token: string) {
  const [row] = await bicyclesQuery(db).execute({ token });
  return row && { session: row.session, answer: { version: row.version, json: `{"bicycles":${row.json}}` } };
}

const bicycleQuery = preparedStatement((db) =>
  db
    .select({ session: SESSION_ROW, version: DATA_VERSION, bicycle: bicycles })
    .from(session)
    .innerJoin(user, SESSION_USER)
    .leftJoin(bicycles, and(eq(bicycles.id, sql.placeholder("id")), eq(bicycles.userId, user.id)))
    .leftJoinLateral(userDataVersion(db), sql`true`)
    .where(BY_SESSION_TOKEN)
    .prepare("bicycle_of_session"),
);

/**
 * One bicycle of the session's user (`{ bicycle: Bicycle }` as JSON text), with the data version it was read
 * at (decision 0029), read with the session row in one statement (decision 0022): `answer` is null when the
 * bicycle is not the user's; undefined when there is no such session.
 */
export async function bicycleOfSession(db: Database, token: string, id: string) {
  const [row] = await bicycleQuery(db).execute({ token, id: uuidOrNull(id) });
  if (!row) return undefined;
  const answer: VersionedAnswer | null = row.bicycle && {
    version: row.version,
    json: JSON.stringify({ bicycle: toBicycle(row.bicycle) }),
  };
  return { session: row.session, answer };
}

export async function getBicycle(db: Database, userId: string, id: string): Promise<Bicycle> {
  assertUuid(id);
  const [row] = await db
    .select()
    .from(bicycles)
    .where(and(eq(bicycles.id, id), eq(bicycles.userId, userId)));
  if (!row) throw notFound();
  return toBicycle(row);
}

/**
 * Creates a bicycle within the plan's limit. The user's row is locked first, so parallel creates are
 * counted one after another and cannot pass the limit together.
 */
export async function createBicycle(db: Database, userId: string, input: BicycleInput): Promise<Bicycle> {
  await assertAttachable(db, userId, input.imageUrl, IMAGE_PURPOSES);
  return db.transaction(async (tx) => {
    await tx.select({ id: user.id }).from(user).where(eq(user.id, userId)).for("update");
    const { tier } = await currentTier(tx, userId);
    const [counted] = await tx.select({ n: count() }).from(bicycles).where(eq(bicycles.userId, userId));
    const limit = bicycleLimitFor(tier);
    if ((counted?.n ?? 0) >= limit) {
      throw new AppError("LIMIT_REACHED", messages.bicycles.limit(limit, PLANS.premium.bicycleLimit));
    }
    const [row] = await tx
      .insert(bicycles)
      .values({ ...toColumns(input), userId })
      .returning();
    return toBicycle(row!);
  });
}

export async function updateBicycle(
  db: Database,
  storage: Storage,
  userId: string,
  id: string,
  input: BicycleInput,
): Promise<Bicycle> {
  assertUuid(id);
  const where = and(eq(bicycles.id, id), eq(bicycles.userId, userId));
  const [before] = await db.select({ imageUrl: bicycles.imageUrl }).from(bicycles).where(where);
  if (!before) throw notFound();
  await assertAttachable(db, userId, input.imageUrl, IMAGE_PURPOSES);
  const [row] = await db
    .update(bicycles)
    .set({ ...toColumns(input), updatedAt: new Date() })
    .where(where)
    .returning();
  if (!row) throw notFound();
  if (before.imageUrl !== input.imageUrl) await releaseFileUrls(db, storage, userId, [before.imageUrl]);
  return toBicycle(row);
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
