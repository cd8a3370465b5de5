import { randomBytes } from "node:crypto";
import { and, asc, desc, eq, sql } from "drizzle-orm";
import { messages } from "../../../shared/messages.ts";
import type {
  CreateShareInput,
  SharedBikeSnapshot,
  SharedBikeView,
  SharedLink,
} from "../../../shared/schemas/share.ts";
import { CoalescedLookup } from "../../db/coalesced.ts";
import type { VersionedAnswer } from "../../db/data-version.ts";
import type { Database } from "../../db/index.ts";
import { oncePerDatabase, preparedStatement } from "../../db/prepared.ts";
import { components, serviceEntries, sharedBikes } from "../../db/schema.ts";
import { notFound } from "../../errors.ts";
import { assertUuid, getBicycle } from "../bicycles/service.ts";
import { getSettings } from "../settings/service.ts";

/** 192 random bits, URL-safe: unguessable, and short enough to paste. */
export function newShareToken(): string {
  return randomBytes(24).toString("base64url");
}

const TOKEN = /^[A-Za-z0-9_-]{16,64}$/;

async function takeSnapshot(
  db: Database,
  userId: string,
  bicycleId: string,
  includeCosts: boolean,
): Promise<SharedBikeSnapshot> {
  const bicycle = await getBicycle(db, userId, bicycleId);
  const [parts, entries] = await Promise.all([
    db
      .select()
      .from(components)
      .where(and(eq(components.bicycleId, bicycleId), eq(components.userId, userId)))
      .orderBy(asc(components.createdAt)),
    db
      .select({
        date: serviceEntries.date,
        description: serviceEntries.description,
        componentName: components.name,
        cost: serviceEntries.cost,
      })
      .from(serviceEntries)
      .innerJoin(components, eq(components.id, serviceEntries.componentId))
      .where(and(eq(components.bicycleId, bicycleId), eq(serviceEntries.userId, userId)))
      .orderBy(desc(serviceEntries.date), desc(serviceEntries.createdAt)),
  ]);
  return {
    bike: {
      name: bicycle.name,
      description: bicycle.description,
      imageUrl: bicycle.imageUrl,
      purchaseDate: bicycle.purchaseDate,
      price: bicycle.price,
      purchaseCondition: bicycle.purchaseCondition,
      storeName: bicycle.storeName,
      serialNumber: bicycle.serialNumber,
      storeLink: bicycle.storeLink,
    },
    components: parts.map((c) => ({
      name: c.name,
      type: c.type,
      brand: c.brand,
      mileage: Number(c.mileage),
      notes: c.notes,
      imageUrl: c.imageUrl,
    })),
    services: entries.map((e) => ({
      date: e.date,
      description: e.description,
      componentName: e.componentName,
      ...(includeCosts ? { cost: Number(e.cost) } : {}),
    })),
    distanceUnit: (await getSettings(db, userId)).distanceUnit,
  };
}

function toLink(row: typeof sharedBikes.$inferSelect): SharedLink {
  const snapshot = row.bikeData as SharedBikeSnapshot;
  return {
    id: row.id,
    token: row.shareToken,
    bicycleName: snapshot.bike?.name || messages.shares.unnamed,
    notes: row.notes,
    componentCount: snapshot.components?.length ?? 0,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function createShare(
  db: Database,
  userId: string,
  bicycleId: string,
  input: CreateShareInput,
): Promise<SharedLink> {
  const snapshot = await takeSnapshot(db, userId, bicycleId, input.includeCosts);
  const [row] = await db
    .insert(sharedBikes)
    .values({ shareToken: newShareToken(), userId, bikeData: snapshot, notes: input.notes })
    .returning();
  return toLink(row!);
}

export async function listShares(db: Database, userId: string): Promise<SharedLink[]> {
  const rows = await db
    .select()
    .from(sharedBikes)
    .where(eq(sharedBikes.userId, userId))
    .orderBy(desc(sharedBikes.createdAt));
  return rows.map(toLink);
}

export async function deleteShare(db: Database, userId: string, id: string): Promise<void> {
  assertUuid(id);
  const deleted = await db
    .delete(sharedBikes)
    .where(and(eq(sharedBikes.id, id), eq(sharedBikes.userId, userId)))
    .returning({ id: sharedBikes.id });
  if (deleted.length === 0) throw notFound();
}

/**
 * A share row's version: its id and the transaction that last wrote it (`xmin`), so that any change to the
 * row, by the app or by hand, gives a new version, and a link deleted and made again is a new row.
 */
const SHARE_VERSION = sql<string>`"shared_bikes"."id"::text || ':' || "shared_bikes"."xmin"::text`;

const shareTextByToken = preparedStatement((db) =>
  db
    .select({
      version: SHARE_VERSION,
      snapshot: sql<string>`${sharedBikes.bikeData}::text`,
      notes: sharedBikes.notes,
      createdAt: sharedBikes.createdAt,
    })
    .from(sharedBikes)
    .where(eq(sharedBikes.shareToken, sql.placeholder("token")))
    .prepare("share_text_by_token"),
);

const shareVersionsQuery = preparedStatement((db) =>
  db
    .select({ token: sharedBikes.shareToken, version: SHARE_VERSION })
    .from(sharedBikes)
    .where(sql`"shared_bikes"."share_token" = any(${sql.placeholder("tokens")}::text[])`)
    .prepare("share_versions"),
);

/** The versions of share rows by token, looked up for many requests in one statement (decision 0029). */
const shareVersions = oncePerDatabase(
  (db) =>
    new CoalescedLookup<string>(async (tokens) => {
      const rows = await shareVersionsQuery(db).execute({ tokens });
      return new Map(rows.map((row) => [row.token, row.version]));
    }),
);

/**
 * The public view as JSON text, for the API. The stored snapshot is most of the answer (tens of KB for a
 * bicycle with a long history): it is sent as the database writes it instead of being parsed and written
 * out again, which was most of the route's CPU. Given `known`, the view read before for this token, the row's
 * version is checked along with other requests' (`shareVersions`) and `known` answered again while the row
 * is unchanged.
 */
export async function viewShareAnswer(
  db: Database,
  token: string,
  known?: VersionedAnswer,
): Promise<VersionedAnswer> {
  if (!TOKEN.test(token)) throw notFound(messages.shares.notFound);
  if (known && known.version === (await shareVersions(db).get(token))) return known;
  const [row] = await shareTextByToken(db).execute({ token });
  if (!row) throw notFound(messages.shares.notFound);
  const rest = JSON.stringify({ notes: row.notes, createdAt: row.createdAt.toISOString() }).slice(1);
  return { version: row.version, json: `{"snapshot":${row.snapshot},${rest}` };
}

/** The public view of a share link, for anyone holding the token (parsed: for the page's preview tags). */
export async function viewShare(db: Database, token: string): Promise<SharedBikeView> {
  return JSON.parse((await viewShareAnswer(db, token)).json) as SharedBikeView;
}
