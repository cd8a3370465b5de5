import { randomBytes } from "node:crypto";
import { and, desc, eq } from "drizzle-orm";
import { messages } from "../../../shared/messages.ts";
import { fileIdFromUrl, sharedFileUrl } from "../../../shared/schemas/file.ts";
import type {
  CreateShareInput,
  SharedBikeSnapshot,
  SharedBikeView,
  SharedLink,
} from "../../../shared/schemas/share.ts";
import type { Storage } from "../../adapters/storage.ts";
import type { Database } from "../../db/index.ts";
import { components, serviceEntries, sharedBikes } from "../../db/schema.ts";
import { notFound } from "../../errors.ts";
import { assertUuid, getBicycle } from "../bicycles/service.ts";
import { listBicycleComponents } from "../components/service.ts";
import { deleteUnreferencedFiles, findOwnFile } from "../files/service.ts";
import { getSettings } from "../settings/service.ts";

/** 192 random bits, URL-safe: unguessable, and short enough to paste. */
export function newShareToken(): string {
  return randomBytes(24).toString("base64url");
}

const TOKEN = /^[A-Za-z0-9_-]{16,64}$/;

/** The snapshot holds what the shared page shows and nothing more; price and serial number as chosen. */
async function takeSnapshot(
  db: Database,
  userId: string,
  bicycleId: string,
  { includeCosts, includeSerialNumber }: Pick<CreateShareInput, "includeCosts" | "includeSerialNumber">,
): Promise<SharedBikeSnapshot> {
  const bicycle = await getBicycle(db, userId, bicycleId);
  const [parts, entries] = await Promise.all([
    listBicycleComponents(db, userId, bicycleId),
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
      ...(includeCosts ? { price: bicycle.price } : {}),
      purchaseCondition: bicycle.purchaseCondition,
      storeName: bicycle.storeName,
      ...(includeSerialNumber ? { serialNumber: bicycle.serialNumber } : {}),
      storeLink: bicycle.storeLink,
      ...(includeCosts ? { costPerKm: bicycle.costPerKm } : {}),
    },
    components: parts.map((c) => ({
      name: c.name,
      type: c.type,
      brand: c.brand,
      // The distance at the time of sharing: before tracking plus the rides.
      mileage: c.distance,
      notes: c.notes,
      imageUrl: c.imageUrl,
      ...(includeCosts ? { costPerKm: c.costPerKm } : {}),
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
  const snapshot = await takeSnapshot(db, userId, bicycleId, input);
  const [row] = await db
    .insert(sharedBikes)
    .values({ shareToken: newShareToken(), userId, bicycleId, bikeData: snapshot, notes: input.notes })
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

/**
 * Ends a link at once. The photos its snapshot showed are removed with it unless something else still
 * shows them (a bicycle's photo replaced after sharing, or a bicycle deleted while its link lived on).
 */
export async function deleteShare(db: Database, storage: Storage, userId: string, id: string): Promise<void> {
  assertUuid(id);
  const deleted = await db
    .delete(sharedBikes)
    .where(and(eq(sharedBikes.id, id), eq(sharedBikes.userId, userId)))
    .returning({ bikeData: sharedBikes.bikeData });
  if (deleted.length === 0) throw notFound();
  await deleteUnreferencedFiles(db, storage, userId, {
    ids: photoIdsOf(deleted[0]!.bikeData as SharedBikeSnapshot),
  });
}

async function findShare(db: Database, token: string) {
  if (!TOKEN.test(token)) throw notFound(messages.shares.notFound);
  const [row] = await db
    .select({
      userId: sharedBikes.userId,
      bikeData: sharedBikes.bikeData,
      notes: sharedBikes.notes,
      createdAt: sharedBikes.createdAt,
    })
    .from(sharedBikes)
    .where(eq(sharedBikes.shareToken, token));
  if (!row) throw notFound(messages.shares.notFound);
  return { ...row, snapshot: row.bikeData as SharedBikeSnapshot };
}

/** The snapshot's photos: the stored URLs (the owner's), each as a file id when it is one of ours. */
function photoIdsOf(snapshot: SharedBikeSnapshot): string[] {
  return [snapshot.bike?.imageUrl, ...(snapshot.components ?? []).map((c) => c.imageUrl)]
    .map(fileIdFromUrl)
    .filter((id): id is string => id !== null);
}

/** The public view of a share link, for anyone holding the token; its photos through the share's URLs. */
export async function viewShare(db: Database, token: string): Promise<SharedBikeView> {
  const { snapshot, notes, createdAt } = await findShare(db, token);
  const throughShare = (url: string | null) => {
    const id = fileIdFromUrl(url);
    return id ? sharedFileUrl(token, id) : url;
  };
  return {
    snapshot: {
      ...snapshot,
      bike: { ...snapshot.bike, imageUrl: throughShare(snapshot.bike.imageUrl) },
      components: snapshot.components.map((c) => ({ ...c, imageUrl: throughShare(c.imageUrl) })),
    },
    notes,
    createdAt: createdAt.toISOString(),
  };
}

/** A photo the share link shows, for anyone holding the token; any other file is a 404. */
export async function findSharedPhoto(db: Database, token: string, fileId: string) {
  const share = await findShare(db, token);
  if (!photoIdsOf(share.snapshot).includes(fileId)) throw notFound();
  return findOwnFile(db, share.userId, fileId);
}
