import { and, eq, getTableColumns, type SQL, sql } from "drizzle-orm";
import { messages } from "../../../shared/messages.ts";
import type { Component, ComponentInput } from "../../../shared/schemas/component.ts";
import type { Storage } from "../../adapters/storage.ts";
import { DATA_VERSION, keptOrBuilt, userDataVersion, type VersionedAnswer } from "../../db/data-version.ts";
import type { Database } from "../../db/index.ts";
import { isoTimestamp, jsonArrayOf } from "../../db/json.ts";
import { preparedStatement } from "../../db/prepared.ts";
import { bicycles, components, serviceEntries, session, user } from "../../db/schema.ts";
import { BY_SESSION_TOKEN, SESSION_ROW, SESSION_USER } from "../../db/session-row.ts";
import { AppError, notFound } from "../../errors.ts";
import { assertUuid, IMAGE_PURPOSES, uuidOrNull } from "../bicycles/service.ts";
import { assertAttachable, releaseFileUrls } from "../files/service.ts";

const m = messages.components;

// Written out in full: drizzle drops table qualifiers inside sql``.
const SERVICE_COUNT = `(select count(*) from "service_entries" where "service_entries"."component_id" = "components"."id")`;
const serviceCount = (sql.raw(SERVICE_COUNT) as SQL<number>).mapWith(Number).as("service_count");

type Row = typeof components.$inferSelect & { serviceCount: number; bicycleName: string | null };

function toComponent(row: Row): Component {
  return {
    id: row.id,
    bicycleId: row.bicycleId,
    bicycleName: row.bicycleName,
    name: row.name,
    type: row.type,
    brand: row.brand,
    mileage: Number(row.mileage),
    notes: row.notes,
    imageUrl: row.imageUrl,
    serviceCount: Number(row.serviceCount),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function selectComponents(db: Database) {
  return db
    .select({ ...getTableColumns(components), serviceCount, bicycleName: bicycles.name })
    .from(components)
    .leftJoin(bicycles, eq(bicycles.id, components.bicycleId));
}

const ownBicycle = preparedStatement((db) =>
  db
    .select({ id: bicycles.id })
    .from(bicycles)
    .where(and(eq(bicycles.id, sql.placeholder("id")), eq(bicycles.userId, sql.placeholder("userId"))))
    .prepare("own_bicycle"),
);

/** Throws 404 unless the bicycle exists and is the user's. */
export async function assertOwnBicycle(db: Database, userId: string, bicycleId: string): Promise<void> {
  assertUuid(bicycleId);
  const [row] = await ownBicycle(db).execute({ id: bicycleId, userId });
  if (!row) throw notFound(messages.components.bicycleFetchFailed);
}

/**
 * A component as the API answers it (`Component`), as the select list of a query over "components" where
 * "bicycles" names the component's bicycle (a join, or the row of an outer query); JSON by the database.
 */
const COMPONENT_JSON_FIELDS = `"components"."id" as "id", "components"."bicycle_id" as "bicycleId",
  "bicycles"."name" as "bicycleName", "components"."name" as "name", "components"."type" as "type",
  "components"."brand" as "brand", "components"."mileage" as "mileage", "components"."notes" as "notes",
  "components"."image_url" as "imageUrl",
  ${SERVICE_COUNT} as "serviceCount",
  ${isoTimestamp('"components"."created_at"')} as "createdAt", ${isoTimestamp('"components"."updated_at"')} as "updatedAt"`;

const bicycleComponentsQuery = preparedStatement((db) => {
  const dataVersion = userDataVersion(db);
  return db
    .select({
      session: SESSION_ROW,
      bicycleId: bicycles.id,
      version: DATA_VERSION,
      // Not built when the caller already holds the answer of this version (the placeholder `known`).
      json: sql<
        string | null
      >`case when ${DATA_VERSION} = ${sql.placeholder("known")} then null else ${jsonArrayOf(`select ${COMPONENT_JSON_FIELDS} from "components"
        where "components"."bicycle_id" = "bicycles"."id" and "components"."user_id" = "bicycles"."user_id"
        order by "components"."created_at", "components"."id"`)} end`,
    })
    .from(session)
    .innerJoin(user, SESSION_USER)
    .leftJoin(bicycles, and(eq(bicycles.id, sql.placeholder("bicycleId")), eq(bicycles.userId, user.id)))
    .leftJoinLateral(dataVersion, sql`true`)
    .where(BY_SESSION_TOKEN)
    .prepare("components_of_session_bicycle");
});

/**
 * A bicycle's components (`{ components: Component[] }` as JSON text), oldest first, read with the session
 * row in one statement (decision 0022). `answer` is null when the bicycle is not the user's, undefined when
 * there is no such session. Given `known`, an answer read before for this bicycle, the statement only checks
 * its version (decision 0027) and answers with `known` itself while the user's data has not changed.
 */
export async function bicycleComponentsOfSession(
  db: Database,
  token: string,
  bicycleId: string,
  known?: VersionedAnswer,
) {
  const [row] = await bicycleComponentsQuery(db).execute({
    token,
    bicycleId: uuidOrNull(bicycleId),
    known: known?.version ?? null,
  });
  if (!row) return undefined;
  const answer: VersionedAnswer | null =
    row.bicycleId === null
      ? null
      : keptOrBuilt(known, row.version, row.json === null, () => ({
          version: row.version,
          json: `{"components":${row.json}}`,
        }));
  return { session: row.session, answer };
}

const partsBinQuery = preparedStatement((db) =>
  db
    .select({
      session: SESSION_ROW,
      version: DATA_VERSION,
      json: jsonArrayOf(`select ${COMPONENT_JSON_FIELDS} from "components"
        left join "bicycles" on "bicycles"."id" = "components"."bicycle_id"
        where "components"."user_id" = "user"."id" and "components"."bicycle_id" is null
        order by "components"."updated_at" desc, "components"."id"`),
    })
    .from(session)
    .innerJoin(user, SESSION_USER)
    .leftJoinLateral(userDataVersion(db), sql`true`)
    .where(BY_SESSION_TOKEN)
    .prepare("parts_bin_of_session"),
);

/**
 * The parts bin (`{ components: Component[] }` as JSON text): components on no bicycle, latest changed
 * first, with the data version it was read at (decision 0029), read with the session row in one statement
 * (decision 0022); undefined when there is no such session.
 */
export async function partsBinOfSession(db: Database, token: string) {
  const [row] = await partsBinQuery(db).execute({ token });
  return (
    row && { session: row.session, answer: { version: row.version, json: `{"components":${row.json}}` } }
  );
}

export async function getComponent(db: Database, userId: string, id: string): Promise<Component> {
  assertUuid(id);
  const [row] = await selectComponents(db).where(and(eq(components.id, id), eq(components.userId, userId)));
  if (!row) throw notFound(m.notFound);
  return toComponent(row);
}

function toColumns(input: ComponentInput) {
  return {
    name: input.name,
    type: input.type,
    brand: input.brand,
    mileage: input.mileage.toFixed(1),
    notes: input.notes,
    imageUrl: input.imageUrl,
  };
}

export async function createComponent(
  db: Database,
  userId: string,
  input: ComponentInput & { bicycleId: string | null },
): Promise<Component> {
  if (input.bicycleId) await assertOwnBicycle(db, userId, input.bicycleId);
  await assertAttachable(db, userId, input.imageUrl, IMAGE_PURPOSES);
  const [row] = await db
    .insert(components)
    .values({ ...toColumns(input), bicycleId: input.bicycleId, userId })
    .returning({ id: components.id });
  return getComponent(db, userId, row!.id);
}

export async function updateComponent(
  db: Database,
  storage: Storage,
  userId: string,
  id: string,
  input: ComponentInput,
): Promise<Component> {
  assertUuid(id);
  const where = and(eq(components.id, id), eq(components.userId, userId));
  const [before] = await db.select({ imageUrl: components.imageUrl }).from(components).where(where);
  if (!before) throw notFound(m.notFound);
  await assertAttachable(db, userId, input.imageUrl, IMAGE_PURPOSES);
  const updated = await db
    .update(components)
    .set({ ...toColumns(input), updatedAt: new Date() })
    .where(where)
    .returning({ id: components.id });
  if (updated.length === 0) throw notFound(m.notFound);
  if (before.imageUrl !== input.imageUrl) await releaseFileUrls(db, storage, userId, [before.imageUrl]);
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

export async function moveToPartsBin(db: Database, userId: string, id: string): Promise<Component> {
  assertUuid(id);
  const moved = await db
    .update(components)
    .set({ bicycleId: null, updatedAt: new Date() })
    .where(and(eq(components.id, id), eq(components.userId, userId)))
    .returning({ id: components.id });
  if (moved.length === 0) throw notFound(m.notFound);
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
  const assigned = await db
    .update(components)
    .set({ bicycleId, updatedAt: new Date() })
    .where(and(eq(components.id, id), eq(components.userId, userId)))
    .returning({ id: components.id });
  if (assigned.length === 0) throw notFound(m.notFound);
  return getComponent(db, userId, id);
}
