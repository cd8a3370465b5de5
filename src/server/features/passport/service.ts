import { and, desc, eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { fileIdFromUrl } from "../../../shared/schemas/file.ts";
import type { Passport } from "../../../shared/schemas/passport.ts";
import type { Storage } from "../../adapters/storage.ts";
import type { Database } from "../../db/index.ts";
import { sharedBikes } from "../../db/schema.ts";
import { getBicycle } from "../bicycles/service.ts";
import { listBicycleComponents } from "../components/service.ts";
import { findOwnFile } from "../files/service.ts";
import { listBicycleServices, totalOf } from "../services/service.ts";
import { getSettings } from "../settings/service.ts";

/**
 * The newest share link made of the bicycle, as the public page's address; null when there is none. With
 * `withoutCosts`, the newest that shows no costs: its snapshot has no price (takeSnapshot leaves the price
 * out with the costs, and migration 0013 did the same to older links).
 */
async function shareUrlOf(
  db: Database,
  userId: string,
  bicycleId: string,
  publicUrl: string,
  { withoutCosts }: { withoutCosts: boolean },
) {
  const [row] = await db
    .select({ token: sharedBikes.shareToken })
    .from(sharedBikes)
    .where(
      and(
        eq(sharedBikes.bicycleId, bicycleId),
        eq(sharedBikes.userId, userId),
        withoutCosts ? sql`not ((${sharedBikes.bikeData} -> 'bike') ? 'price')` : undefined,
      ),
    )
    .orderBy(desc(sharedBikes.createdAt), desc(sharedBikes.id))
    .limit(1);
  return row ? `${publicUrl}/shared/${row.token}` : null;
}

/** A bicycle's service passport; another user's bicycle is a 404 (getBicycle). */
export async function readPassport(
  db: Database,
  userId: string,
  bicycleId: string,
  publicUrl: string,
): Promise<Passport> {
  const bicycle = await getBicycle(db, userId, bicycleId);
  const [parts, entries, shareUrl, shareUrlWithoutCosts, settings] = await Promise.all([
    listBicycleComponents(db, userId, bicycleId),
    listBicycleServices(db, userId, bicycleId),
    shareUrlOf(db, userId, bicycleId, publicUrl, { withoutCosts: false }),
    shareUrlOf(db, userId, bicycleId, publicUrl, { withoutCosts: true }),
    getSettings(db, userId),
  ]);
  return {
    bicycle: {
      id: bicycle.id,
      name: bicycle.name,
      imageUrl: bicycle.imageUrl,
      serialNumber: bicycle.serialNumber,
      purchaseDate: bicycle.purchaseDate,
      distanceKm: bicycle.distanceKm,
      movingSeconds: bicycle.movingSeconds,
    },
    components: parts.map(({ id, name, type, brand, distance, movingSeconds }) => ({
      id,
      name,
      type,
      brand,
      distance,
      movingSeconds,
    })),
    services: entries.map((entry) => ({
      id: entry.id,
      date: entry.date,
      componentName: entry.componentName,
      description: entry.description,
      cost: entry.cost,
      hasReceipt: entry.receiptUrl !== null,
    })),
    totals: { entries: entries.length, totalCost: totalOf(entries.map((e) => e.cost.toFixed(2))) },
    shareUrl,
    shareUrlWithoutCosts,
    distanceUnit: settings.distanceUnit,
  };
}

/**
 * The bicycle's photo as PNG for the PDF (photos are stored as WebP, which pdfkit cannot embed), or null
 * when it has none, it is an outside link (never fetched from here), or its bytes are gone.
 */
export async function passportPhoto(
  db: Database,
  storage: Storage,
  userId: string,
  imageUrl: string | null,
): Promise<Buffer | null> {
  const id = fileIdFromUrl(imageUrl);
  if (!id) return null;
  const file = await findOwnFile(db, userId, id).catch(() => null);
  const bytes = file && (await storage.get(file.key));
  if (!bytes) return null;
  return sharp(bytes).png().toBuffer();
}
