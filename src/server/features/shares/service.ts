import { randomBytes } from "node:crypto";
import { and, asc, desc, eq } from "drizzle-orm";
import { messages } from "../../../shared/messages.ts";
import type {
  CreateShareInput,
  SharedBikeSnapshot,
  SharedBikeView,
  SharedLink,
} from "../../../shared/schemas/share.ts";
import type { Database } from "../../db/index.ts";
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
      .orderBy(asc(components.createdAt), asc(components.id)),
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
      .orderBy(desc(serviceEntries.date), desc(serviceEntries.createdAt), desc(serviceEntries.id)),
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
    .orderBy(desc(sharedBikes.createdAt), desc(sharedBikes.id));
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

/** The public view of a share link, for anyone holding the token. */
export async function viewShare(db: Database, token: string): Promise<SharedBikeView> {
  if (!TOKEN.test(token)) throw notFound(messages.shares.notFound);
  const [row] = await db
    .select({ bikeData: sharedBikes.bikeData, notes: sharedBikes.notes, createdAt: sharedBikes.createdAt })
    .from(sharedBikes)
    .where(eq(sharedBikes.shareToken, token));
  if (!row) throw notFound(messages.shares.notFound);
  return {
    snapshot: row.bikeData as SharedBikeSnapshot,
    notes: row.notes,
    createdAt: row.createdAt.toISOString(),
  };
}
