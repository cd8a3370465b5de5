import { randomUUID } from "node:crypto";
import { and, desc, eq, inArray, lt, sql } from "drizzle-orm";
import { maxImageSide } from "../../../shared/image-sizes.ts";
import { messages } from "../../../shared/messages.ts";
import {
  type FilePurpose,
  fileIdFromUrl,
  fileUrl,
  IMAGE_TYPES,
  isFileId,
  MAX_UPLOAD_BYTES,
  RECEIPT_TYPES,
  type UploadedFile,
} from "../../../shared/schemas/file.ts";
import { newStorageKey, type Storage } from "../../adapters/storage.ts";
import type { Database } from "../../db/index.ts";
import { hitRateLimit } from "../../db/rate-limit.ts";
import { components, files, serviceEntries, user } from "../../db/schema.ts";
import { AppError, notFound } from "../../errors.ts";
import { detectType, isNormalizedImage, normalizeImage } from "./image.ts";
import type { ReceiptEntry } from "./receipt-name.ts";

const m = messages.images;

export const UPLOAD_LIMIT = { count: 30, windowMs: 10 * 60 * 1000 };
export const QUOTA_BYTES = 200 * 1024 * 1024;
/** Uploads not attached to anything after this long (e.g. a form cancelled after picking) are removed. */
const UNATTACHED_GRACE_MS = 24 * 60 * 60 * 1000;

export const prefixFor: Record<FilePurpose, string | undefined> = {
  "bicycle-image": undefined,
  "component-image": "component_images",
  receipt: "receipts",
};

/**
 * An upload's checks: its size, its type read from the bytes, and images re-encoded. An archive import
 * (features/export) keeps an image that already is what this makes (`keepNormalized`: a WebP within the
 * size, without metadata, that decodes), so a photo comes back byte for byte.
 */
export async function prepareFile(
  bytes: Uint8Array,
  purpose: FilePurpose,
  { keepNormalized = false } = {},
): Promise<{ bytes: Uint8Array; contentType: string; extension: string }> {
  if (bytes.byteLength > MAX_UPLOAD_BYTES)
    throw new AppError("PAYLOAD_TOO_LARGE", m.tooLarge, { file: m.tooLarge });
  if (bytes.byteLength === 0) throw new AppError("VALIDATION", m.empty, { file: m.empty });
  const type = detectType(bytes);
  const allowed: readonly string[] = purpose === "receipt" ? RECEIPT_TYPES : IMAGE_TYPES;
  if (!type || !allowed.includes(type)) {
    const message = purpose === "receipt" ? m.invalidReceiptType : m.invalidType;
    throw new AppError("VALIDATION", message, { file: message });
  }
  if (type === "application/pdf") return { bytes, contentType: type, extension: "pdf" };
  const maxSide = maxImageSide(purpose);
  if (keepNormalized && type === "image/webp" && (await isNormalizedImage(bytes, maxSide)))
    return { bytes, contentType: type, extension: "webp" };
  return { bytes: await normalizeImage(bytes, maxSide), contentType: "image/webp", extension: "webp" };
}

/** Checks, re-encodes and stores an upload under a new name, within the user's rate limit and quota. */
export async function uploadFile(
  db: Database,
  storage: Storage,
  userId: string,
  input: { bytes: Uint8Array; purpose: FilePurpose },
): Promise<UploadedFile> {
  if (!(await hitRateLimit(db, `upload:${userId}`, UPLOAD_LIMIT.count, UPLOAD_LIMIT.windowMs))) {
    throw new AppError("RATE_LIMITED", m.rateLimited);
  }
  const prepared = await prepareFile(input.bytes, input.purpose);
  await deleteUnreferencedFiles(db, storage, userId, {
    createdBefore: new Date(Date.now() - UNATTACHED_GRACE_MS),
  });
  const key = newStorageKey(prepared.extension, prefixFor[input.purpose]);
  await storage.put(key, prepared.bytes, prepared.contentType);
  const id = randomUUID();
  const size = prepared.bytes.byteLength;
  try {
    await db.transaction(async (tx) => {
      // Locking the user's row makes parallel uploads count against the quota one after another.
      await tx.select({ id: user.id }).from(user).where(eq(user.id, userId)).for("update");
      const [used] = await tx
        .select({ bytes: sql<string>`coalesce(sum(${files.size}), 0)` })
        .from(files)
        .where(eq(files.userId, userId));
      if (Number(used?.bytes ?? 0) + size > QUOTA_BYTES) throw new AppError("LIMIT_REACHED", m.quotaReached);
      await tx
        .insert(files)
        .values({ id, userId, key, contentType: prepared.contentType, size, purpose: input.purpose });
    });
  } catch (error) {
    await storage.delete(key);
    throw error;
  }
  return { id, url: fileUrl(id), contentType: prepared.contentType, size };
}

/** One of the user's own files; anyone else's, or a missing one, is a 404. */
export async function findOwnFile(db: Database, userId: string, id: string) {
  if (!isFileId(id)) throw notFound();
  const [row] = await db
    .select({ id: files.id, key: files.key, contentType: files.contentType })
    .from(files)
    .where(and(eq(files.id, id), eq(files.userId, userId)));
  if (!row) throw notFound();
  return row;
}

/** The user's newest service entry that shows this receipt, with its component's name; null when none does. */
export async function receiptEntryOf(
  db: Database,
  userId: string,
  fileId: string,
): Promise<ReceiptEntry | null> {
  const [row] = await db
    .select({ date: serviceEntries.date, componentName: components.name })
    .from(serviceEntries)
    .innerJoin(components, eq(components.id, serviceEntries.componentId))
    .where(and(eq(serviceEntries.userId, userId), eq(serviceEntries.receiptUrl, fileUrl(fileId))))
    .orderBy(desc(serviceEntries.date), desc(serviceEntries.createdAt))
    .limit(1);
  return row ?? null;
}

/**
 * Whether one of these files may be attached for one of the purposes: "yours" when it is the user's own
 * and was uploaded for one of them, "wrong purpose" when it is theirs but for something else, "not yours"
 * when another user's or missing (the two are never told apart). For many at once (a spreadsheet's receipts).
 */
export async function attachability(
  db: Pick<Database, "select">,
  userId: string,
  ids: readonly string[],
  purposes: readonly FilePurpose[],
): Promise<Map<string, "yours" | "wrong purpose" | "not yours">> {
  const wanted = [...new Set(ids)];
  const rows =
    wanted.length === 0
      ? []
      : await db
          .select({ id: files.id, purpose: files.purpose })
          .from(files)
          .where(and(inArray(files.id, wanted), eq(files.userId, userId)));
  const purposeOf = new Map(rows.map((row) => [row.id, row.purpose]));
  return new Map(
    wanted.map((id) => {
      const purpose = purposeOf.get(id);
      if (purpose === undefined) return [id, "not yours"];
      return [id, (purposes as readonly string[]).includes(purpose) ? "yours" : "wrong purpose"];
    }),
  );
}

/**
 * Throws unless a URL about to be saved is fine: not one of our file URLs (an outside link), or one of
 * the user's own files uploaded for one of the given purposes (else a 400 naming `field`). Another user's
 * file is a 404.
 */
export async function assertAttachable(
  db: Database,
  userId: string,
  field: "imageUrl" | "receiptUrl",
  url: string | null | undefined,
  purposes: readonly FilePurpose[],
): Promise<void> {
  const id = fileIdFromUrl(url);
  if (!id) return;
  const verdict = (await attachability(db, userId, [id], purposes)).get(id);
  if (verdict === "not yours") throw notFound(m.notYourFile);
  if (verdict === "wrong purpose")
    throw new AppError("VALIDATION", m.wrongPurpose, { [field]: m.wrongPurpose });
}

// A file is in use while a bicycle, component, service entry or share snapshot of its owner shows its URL.
const unreferenced = sql`
  not exists (select 1 from "bicycles" b where b."user_id" = "files"."user_id" and b."image_url" = '/api/files/' || "files"."id")
  and not exists (select 1 from "components" c where c."user_id" = "files"."user_id" and c."image_url" = '/api/files/' || "files"."id")
  and not exists (select 1 from "service_entries" s where s."user_id" = "files"."user_id" and s."receipt_url" = '/api/files/' || "files"."id")
  and not exists (select 1 from "shared_bikes" sb where sb."user_id" = "files"."user_id" and position('/api/files/' || "files"."id" in sb."bike_data"::text) > 0)`;

/** The user's files that something shows (what an account export holds), by id. */
export function referencedFilesOf(db: Database, userId: string) {
  return db
    .select({ id: files.id, key: files.key, contentType: files.contentType, purpose: files.purpose })
    .from(files)
    .where(and(eq(files.userId, userId), sql`not (${unreferenced})`))
    .orderBy(files.id);
}

/** Deletes the user's files that nothing shows any more: the given ones, or all made before a time. */
export async function deleteUnreferencedFiles(
  db: Database,
  storage: Storage,
  userId: string,
  which: { ids: string[] } | { createdBefore: Date },
): Promise<void> {
  if ("ids" in which && which.ids.length === 0) return;
  const scope = "ids" in which ? inArray(files.id, which.ids) : lt(files.createdAt, which.createdBefore);
  const deleted = await db
    .delete(files)
    .where(and(eq(files.userId, userId), scope, unreferenced))
    .returning({ key: files.key });
  for (const { key } of deleted) await storage.delete(key);
}

/**
 * The scheduled sweep (jobs/schedule.ts): every user's uploads that nothing shows and that are older than
 * the grace period (a form cancelled after picking, a link deleted while its request failed half-way),
 * so none waits for its owner's next upload. Returns how many were removed.
 */
export async function sweepUnattachedFiles(db: Database, storage: Storage, now: Date): Promise<number> {
  const deleted = await db
    .delete(files)
    .where(and(lt(files.createdAt, new Date(now.getTime() - UNATTACHED_GRACE_MS)), unreferenced))
    .returning({ key: files.key });
  for (const { key } of deleted) await storage.delete(key);
  return deleted.length;
}

/** After a photo or receipt URL was replaced or its owner deleted: removes those files if now unused. */
export async function releaseFileUrls(
  db: Database,
  storage: Storage,
  userId: string,
  urls: (string | null | undefined)[],
): Promise<void> {
  const ids = [...new Set(urls.map(fileIdFromUrl).filter((id): id is string => id !== null))];
  await deleteUnreferencedFiles(db, storage, userId, { ids });
}

/**
 * Everything a user uploaded, for account deletion: call it before the user row goes (the rows would
 * cascade away, leaving the bytes in storage with nothing pointing at them).
 */
export async function deleteAllFilesOf(db: Database, storage: Storage, userId: string): Promise<void> {
  const deleted = await db.delete(files).where(eq(files.userId, userId)).returning({ key: files.key });
  for (const { key } of deleted) await storage.delete(key);
}
