import { and, desc, eq, getTableColumns, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { messages } from "../../../shared/messages.ts";
import type { ServiceEntry, ServiceEntryInput } from "../../../shared/schemas/service-entry.ts";
import type { Storage } from "../../adapters/storage.ts";
import { CoalescedBatch } from "../../db/coalesced.ts";
import { DATA_VERSION, keptOrBuilt, userDataVersion, type VersionedAnswer } from "../../db/data-version.ts";
import type { Database } from "../../db/index.ts";
import { isoTimestamp, jsonArrayOf } from "../../db/json.ts";
import { oncePerDatabase, preparedStatement } from "../../db/prepared.ts";
import { bicycles, components, serviceEntries, session, user } from "../../db/schema.ts";
import { BY_SESSION_TOKEN, SESSION_ROW, SESSION_USER } from "../../db/session-row.ts";
import { notFound } from "../../errors.ts";
import { sessionAcceptedSql } from "../../http/session.ts";
import { assertUuid, uuidOrNull } from "../bicycles/service.ts";
import { assertOwnBicycle } from "../components/service.ts";
import { assertAttachable, releaseFileUrls } from "../files/service.ts";

const RECEIPT_PURPOSES = ["receipt", "bicycle-image", "component-image"] as const;

const m = messages.services;

const entryColumns = {
  id: serviceEntries.id,
  componentId: serviceEntries.componentId,
  componentName: components.name,
  bicycleId: components.bicycleId,
  bicycleName: bicycles.name,
  date: serviceEntries.date,
  description: serviceEntries.description,
  cost: serviceEntries.cost,
  receiptUrl: serviceEntries.receiptUrl,
  createdAt: serviceEntries.createdAt,
  updatedAt: serviceEntries.updatedAt,
};

function selectEntries(db: Database) {
  return db
    .select(entryColumns)
    .from(serviceEntries)
    .innerJoin(components, eq(components.id, serviceEntries.componentId))
    .leftJoin(bicycles, eq(bicycles.id, components.bicycleId));
}

const newestFirst = [desc(serviceEntries.date), desc(serviceEntries.createdAt)];

type Row = Awaited<ReturnType<ReturnType<typeof selectEntries>["execute"]>>[number];

/** Field by field: rows may carry more columns (the owner, a running total) than the answer shows. */
function toEntry(row: Row): ServiceEntry {
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

/**
 * A service entry as the API answers it (`ServiceEntry`), as the select list of a query over
 * "service_entries" joined to "components" and left-joined to "bicycles"; JSON by the database
 * (decision 0019), field for field as `toEntry` maps a row.
 */
const ENTRY_JSON_FIELDS = `"service_entries"."id" as "id", "service_entries"."component_id" as "componentId",
  "components"."name" as "componentName", "components"."bicycle_id" as "bicycleId",
  "bicycles"."name" as "bicycleName", "service_entries"."date" as "date",
  "service_entries"."description" as "description", "service_entries"."cost" as "cost",
  "service_entries"."receipt_url" as "receiptUrl",
  ${isoTimestamp('"service_entries"."created_at"')} as "createdAt", ${isoTimestamp('"service_entries"."updated_at"')} as "updatedAt"`;

const ENTRIES_WITH_NAMES = `"service_entries"
  join "components" on "components"."id" = "service_entries"."component_id"
  left join "bicycles" on "bicycles"."id" = "components"."bicycle_id"`;

// As the index (user_id, date desc, created_at desc) reads them, so the recent five stop after five rows.
// Entries are created one per request, so their creation times differ.
const NEWEST_FIRST = `order by "service_entries"."date" desc, "service_entries"."created_at" desc`;

/** The most recent entries of the user of an outer query over "user", as a JSON array (text). */
export function recentServicesOfUserJson(limit: number) {
  if (!Number.isSafeInteger(limit) || limit < 0) throw new Error(`Not a row limit: ${limit}`);
  return jsonArrayOf(`select ${ENTRY_JSON_FIELDS} from ${ENTRIES_WITH_NAMES}
    where "service_entries"."user_id" = "user"."id" ${NEWEST_FIRST} limit ${limit}`);
}

const ownedComponent = alias(components, "owned");

const componentServicesQuery = preparedStatement((db) => {
  const dataVersion = userDataVersion(db);
  // Not built when the caller already holds the answer of this version (the placeholder `known`).
  const kept = sql`${DATA_VERSION} = ${sql.placeholder("known")}`;
  return db
    .select({
      session: SESSION_ROW,
      componentId: ownedComponent.id,
      version: DATA_VERSION,
      services: sql<
        string | null
      >`case when ${kept} then null else ${jsonArrayOf(`select ${ENTRY_JSON_FIELDS} from ${ENTRIES_WITH_NAMES}
        where "service_entries"."component_id" = "owned"."id" and "service_entries"."user_id" = "owned"."user_id"
        ${NEWEST_FIRST}`)} end`,
      // Summed exactly in SQL; numeric text is a JSON number.
      totalCost: sql<
        string | null
      >`case when ${kept} then null else ${sql.raw(`(select coalesce(sum("service_entries"."cost"), 0) from "service_entries"
        where "service_entries"."component_id" = "owned"."id" and "service_entries"."user_id" = "owned"."user_id")::text`)} end`,
    })
    .from(session)
    .innerJoin(user, SESSION_USER)
    .leftJoin(
      ownedComponent,
      and(eq(ownedComponent.id, sql.placeholder("componentId")), eq(ownedComponent.userId, user.id)),
    )
    .leftJoinLateral(dataVersion, sql`true`)
    .where(BY_SESSION_TOKEN)
    .prepare("component_services_of_session");
});

/**
 * A component's service log, newest first, with the total of all its costs (`{ services, totalCost }` as
 * JSON text), read with the session row in one statement (decision 0022): `answer` is null when the
 * component is not the user's; undefined when there is no such session. Given `known`, an answer read before
 * for this component, the statement only checks its version (decision 0027) and answers with `known` itself
 * while the user's data has not changed.
 */
export async function componentServicesOfSession(
  db: Database,
  token: string,
  componentId: string,
  known?: VersionedAnswer,
) {
  const [row] = await componentServicesQuery(db).execute({
    token,
    componentId: uuidOrNull(componentId),
    known: known?.version ?? null,
  });
  if (!row) return undefined;
  const answer: VersionedAnswer | null =
    row.componentId === null
      ? null
      : keptOrBuilt(known, row.version, row.services === null, () => ({
          version: row.version,
          json: `{"services":${row.services},"totalCost":${row.totalCost}}`,
        }));
  return { session: row.session, answer };
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

function toColumns(input: ServiceEntryInput) {
  return {
    date: input.date,
    description: input.description,
    cost: input.cost.toFixed(2),
    receiptUrl: input.receiptUrl,
  };
}

const insertEntry = preparedStatement((db) =>
  db
    .insert(serviceEntries)
    .values({
      date: sql.placeholder("date"),
      description: sql.placeholder("description"),
      cost: sql.placeholder("cost"),
      receiptUrl: sql.placeholder("receiptUrl"),
      componentId: sql.placeholder("componentId"),
      userId: sql.placeholder("userId"),
    })
    .returning()
    .prepare("insert_service_entry"),
);

// A sub-select, not a join: with a second outer join PostgreSQL read all the user's components to find the
// one asked for (232 buffers instead of 10).
const BICYCLE_NAME_OF_COMPONENT = `(select "bicycles"."name" from "bicycles"
  where "bicycles"."id" = "components"."bicycle_id")`;

const componentOfSessionQuery = preparedStatement((db) =>
  db
    .select({
      session: SESSION_ROW,
      componentId: components.id,
      componentName: components.name,
      bicycleId: components.bicycleId,
      bicycleName: sql.raw(BICYCLE_NAME_OF_COMPONENT) as SQL<string | null>,
    })
    .from(session)
    .innerJoin(user, SESSION_USER)
    .leftJoin(
      components,
      and(eq(components.id, sql.placeholder("componentId")), eq(components.userId, user.id)),
    )
    .where(BY_SESSION_TOKEN)
    .prepare("component_of_session"),
);

/**
 * The component a new service entry is for (its name and bicycle), read with the session row in one
 * statement (decision 0022): `componentId` is null when it is not the user's; undefined when there is no such
 * session. The entry itself is written by `createServiceEntry` once the session is accepted.
 */
export async function componentOfSession(db: Database, token: string, componentId: string) {
  const [row] = await componentOfSessionQuery(db).execute({ token, componentId: uuidOrNull(componentId) });
  return row;
}

export type ComponentOfSession = NonNullable<Awaited<ReturnType<typeof componentOfSession>>>;

/**
 * The user and component a new entry is written for, as columns of the statements that write entries with
 * their sessions; `returnedColumns` reads them back beside the written row.
 */
const userAndComponentColumns = () => ({
  userId: sql`${user.id}`.as("user_id"),
  email: sql`${user.email}`.as("email"),
  userName: sql`${user.name}`.as("user_name"),
  componentId: sql`${components.id}`.as("component_id"),
  componentName: sql`${components.name}`.as("component_name"),
  bicycleId: sql`${components.bicycleId}`.as("bicycle_id"),
  bicycleName: sql.raw(BICYCLE_NAME_OF_COMPONENT).as("bicycle_name"),
});

function returnedColumns(of: (column: string) => SQL) {
  return {
    componentName: of("component_name") as SQL<string>,
    bicycleId: of("bicycle_id") as SQL<string | null>,
    bicycleName: of("bicycle_name") as SQL<string | null>,
    email: of("email") as SQL<string>,
    userName: of("user_name") as SQL<string>,
  };
}

/** The session of a token with its user and the component a new entry is for, when it is the user's. */
const sessionAndComponent = (db: Database) =>
  db.$with("session_component").as(
    db
      .select({
        expiresAt: sql`${session.expiresAt}`.as("expires_at"),
        sessionCreatedAt: sql`${session.createdAt}`.as("session_created_at"),
        ...userAndComponentColumns(),
      })
      .from(session)
      .innerJoin(user, SESSION_USER)
      .innerJoin(
        components,
        and(eq(components.id, sql.placeholder("componentId")), eq(components.userId, user.id)),
      )
      .where(BY_SESSION_TOKEN),
  );

const fromSessionComponent = (column: string) => sql.raw(`(select "${column}" from "session_component")`);

const createEntryOfSessionQuery = preparedStatement((db) =>
  db
    .with(sessionAndComponent(db))
    .insert(serviceEntries)
    // Every column, in the table's order.
    .select(
      sql`select gen_random_uuid(), "component_id", "user_id", ${sql.placeholder("date")}::date,
        ${sql.placeholder("description")}::text, ${sql.placeholder("cost")}::numeric, null, now(), now()
        from "session_component"
        where ${sessionAcceptedSql(sql`"expires_at"`, sql`"session_created_at"`, sql`${sql.placeholder("now")}::timestamptz`)}`,
    )
    .returning({
      ...getTableColumns(serviceEntries),
      ...returnedColumns(fromSessionComponent),
    })
    .prepare("create_service_entry_of_session"),
);

/** One request's new entry, as the statements that write entries with their sessions bind it. */
interface EntryOfSession {
  token: string;
  componentId: string | null;
  date: string;
  description: string;
  cost: string;
}

type EntryOfSessionRow = Row & { userId: string; email: string; userName: string };

function writtenEntry(row: EntryOfSessionRow | undefined) {
  return (
    row && {
      user: { id: row.userId, email: row.email, name: row.userName },
      result: toEntry(row),
    }
  );
}

/**
 * The requests of one batch (`unnest` of one array per column, numbered), each with its session, user and
 * component when the session is accepted at `now` and the component is the user's, and the id its entry gets.
 * Volatile (`gen_random_uuid`), so PostgreSQL computes it once however often the statement reads it.
 */
const acceptedRequests = (db: Database) =>
  db.$with("accepted_request").as(
    db
      .select({
        id: sql`gen_random_uuid()`.as("id"),
        n: sql`"request"."n"`.as("n"),
        date: sql`"request"."date"`.as("date"),
        description: sql`"request"."description"`.as("description"),
        cost: sql`"request"."cost"`.as("cost"),
        ...userAndComponentColumns(),
      })
      .from(
        sql`unnest(${sql.placeholder("tokens")}::text[], ${sql.placeholder("componentIds")}::uuid[],
          ${sql.placeholder("dates")}::date[], ${sql.placeholder("descriptions")}::text[],
          ${sql.placeholder("costs")}::numeric[])
          with ordinality as "request"("token", "component_id", "date", "description", "cost", "n")`,
      )
      .innerJoin(session, sql`${session.token} = "request"."token"`)
      .innerJoin(user, SESSION_USER)
      .innerJoin(
        components,
        and(sql`${components.id} = "request"."component_id"`, eq(components.userId, user.id)),
      )
      .where(
        sessionAcceptedSql(session.expiresAt, session.createdAt, sql`${sql.placeholder("now")}::timestamptz`),
      ),
  );

const ofAcceptedRequest = (column: string) =>
  sql.raw(
    `(select "${column}" from "accepted_request" where "accepted_request"."id" = "service_entries"."id")`,
  );

const createEntriesOfSessionsQuery = preparedStatement((db) =>
  db
    .with(acceptedRequests(db))
    .insert(serviceEntries)
    // Every column, in the table's order.
    .select(
      sql`select "id", "component_id", "user_id", "date", "description", "cost", null, now(), now()
        from "accepted_request"`,
    )
    .returning({
      ...getTableColumns(serviceEntries),
      n: ofAcceptedRequest("n") as SQL<string>,
      ...returnedColumns(ofAcceptedRequest),
    })
    .prepare("create_service_entries_of_sessions"),
);

/**
 * The entries of concurrent requests written in one statement, and so one commit (decision 0030); when that
 * statement fails, each is written again by itself, so that only the request at fault gets the error.
 */
const entriesOfSessions = oncePerDatabase(
  (db) =>
    new CoalescedBatch<EntryOfSession, EntryOfSessionRow>({
      send: async (requests) => {
        const rows = await createEntriesOfSessionsQuery(db).execute({
          tokens: requests.map((request) => request.token),
          componentIds: requests.map((request) => request.componentId),
          dates: requests.map((request) => request.date),
          descriptions: requests.map((request) => request.description),
          costs: requests.map((request) => request.cost),
          now: new Date().toISOString(),
        });
        const written: (EntryOfSessionRow | undefined)[] = new Array(requests.length);
        for (const { n, ...row } of rows) written[Number(n) - 1] = row;
        return written;
      },
      alone: async (request) => {
        const [row] = await createEntryOfSessionQuery(db).execute({
          ...request,
          now: new Date().toISOString(),
        });
        return row;
      },
    }),
);

/**
 * Creates a service entry without a receipt in a statement that also reads the session of `token`
 * (decision 0025): written only when that session is accepted as it stands when the statement is sent
 * (`sessionAcceptedSql`) and the component is the user's. Requests that arrive together share the statement
 * (decision 0030). The entry with the session's user when written; undefined otherwise, and nothing is written.
 */
export async function createServiceEntryOfSession(
  db: Database,
  token: string,
  componentId: string,
  input: ServiceEntryInput & { receiptUrl: null },
) {
  const row = await entriesOfSessions(db).add({
    token,
    componentId: uuidOrNull(componentId),
    date: input.date,
    description: input.description,
    cost: input.cost.toFixed(2),
  });
  return writtenEntry(row);
}

/** Writes a service entry for a component read by `componentOfSession` (404 when it was not the user's). */
export async function createServiceEntry(
  db: Database,
  userId: string,
  component: ComponentOfSession,
  input: ServiceEntryInput,
): Promise<ServiceEntry> {
  const { componentId } = component;
  if (componentId === null) throw notFound(messages.components.notFound);
  await assertAttachable(db, userId, input.receiptUrl, RECEIPT_PURPOSES);
  const [row] = await insertEntry(db).execute({ ...toColumns(input), componentId, userId });
  // The component was read just before: its names complete the answer without reading the entry back.
  return toEntry({
    ...row!,
    componentName: component.componentName!,
    bicycleId: component.bicycleId,
    bicycleName: component.bicycleName,
  });
}

export async function updateServiceEntry(
  db: Database,
  storage: Storage,
  userId: string,
  id: string,
  input: ServiceEntryInput,
): Promise<ServiceEntry> {
  assertUuid(id);
  const where = and(eq(serviceEntries.id, id), eq(serviceEntries.userId, userId));
  const [before] = await db
    .select({ receiptUrl: serviceEntries.receiptUrl })
    .from(serviceEntries)
    .where(where);
  if (!before) throw notFound();
  await assertAttachable(db, userId, input.receiptUrl, RECEIPT_PURPOSES);
  const updated = await db
    .update(serviceEntries)
    .set({ ...toColumns(input), updatedAt: new Date() })
    .where(where)
    .returning({ id: serviceEntries.id });
  if (updated.length === 0) throw notFound();
  if (before.receiptUrl !== input.receiptUrl) await releaseFileUrls(db, storage, userId, [before.receiptUrl]);
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
