import { randomUUID } from "node:crypto";
import { open } from "node:fs/promises";
import { and, count, eq, inArray, isNull, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import yauzl from "yauzl";
import { bicycleLimitFor } from "../../../shared/domain/plans.ts";
import { passedOver } from "../../../shared/domain/ride-archive.ts";
import { latestToday } from "../../../shared/format.ts";
import { messages } from "../../../shared/messages.ts";
import {
  ARCHIVE_FILE_PATH,
  type ArchiveImportResult,
  EXPORT_FORMAT_VERSION,
  EXPORT_JSON_NAME,
  type ExportFile,
  type ExportV1,
  exportV1Schema,
  type ImportCounts,
  MAX_ARCHIVE_ENTRIES,
  MAX_ARCHIVE_FILES_BYTES,
  MAX_EXPORT_JSON_BYTES,
} from "../../../shared/schemas/export.ts";
import { fileUrl, isHttpUrl, MAX_UPLOAD_BYTES } from "../../../shared/schemas/file.ts";
import { rideInputSchema } from "../../../shared/schemas/ride.ts";
import type { SharedBikeSnapshot } from "../../../shared/schemas/share.ts";
import type { BillingMode } from "../../../shared/schemas/subscription.ts";
import { newStorageKey, type Storage } from "../../adapters/storage.ts";
import type { Database } from "../../db/index.ts";
import { hitRateLimit } from "../../db/rate-limit.ts";
import {
  bicycles,
  componentInstallations,
  components,
  files,
  importSources,
  reminderNotices,
  reminderPreferences,
  rides,
  serviceEntries,
  serviceEntryIntervals,
  serviceIntervals,
  sharedBikes,
  stravaGear,
  stravaSkippedActivities,
  user,
  userSettings,
} from "../../db/schema.ts";
import { AppError } from "../../errors.ts";
import { EntryTooLargeError, entryName, isUnsafeEntryName, readEntryAtMost } from "../../zip-read.ts";
import { prefixFor, prepareFile, QUOTA_BYTES } from "../files/service.ts";
import { getSettings } from "../settings/service.ts";
import { newShareToken } from "../shares/service.ts";
import { currentTier } from "../subscriptions/service.ts";

const m = messages.archive;
export const ARCHIVE_IMPORTS_PER_HOUR = 10;

const refuse = (message: string) => new AppError("VALIDATION", message, { file: message });

// ---- Reading the archive ----

/**
 * Upgrades velolog.json of an older format version to the current one, one step at a time: `upgrades[n]` turns
 * version n into n + 1. Version 1 is the first, so there is no step yet; a version 2 adds `1: (v1) => v2`.
 */
const upgrades: Record<number, (data: Record<string, unknown>) => Record<string, unknown>> = {};

/** velolog.json's text, checked: a known version (older ones upgraded) of the schema. */
export function readExportJson(text: string): ExportV1 {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw refuse(m.notJson);
  }
  if (typeof data !== "object" || data === null || Array.isArray(data))
    throw refuse(m.wrongFormat("not an object"));
  let version = (data as { formatVersion?: unknown }).formatVersion;
  if (typeof version !== "number" || !Number.isInteger(version) || version < 1)
    throw refuse(m.wrongFormat("no formatVersion"));
  if (version > EXPORT_FORMAT_VERSION) throw refuse(m.newerVersion(version, EXPORT_FORMAT_VERSION));
  let upgraded = data as Record<string, unknown>;
  while (version < EXPORT_FORMAT_VERSION) {
    const step = upgrades[version];
    if (!step) throw refuse(m.wrongFormat(`version ${version} cannot be read`));
    upgraded = step(upgraded);
    version++;
  }
  const parsed = exportV1Schema.safeParse(upgraded);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const where = issue.path.length > 0 ? `${issue.path.join(".")}: ` : "";
    throw refuse(m.wrongFormat(`${where}${issue.message}`));
  }
  return parsed.data;
}

interface OpenArchive {
  zip: yauzl.ZipFile;
  entries: Map<string, yauzl.Entry>;
}

/**
 * Whether the file starts as every .zip does ("PK"): a ride file, a photo or a PDF chosen by mistake is told
 * it is no .zip at all, not that "the .zip could not be read". Checked before the hour's imports are counted.
 */
async function startsLikeZip(path: string): Promise<boolean> {
  const file = await open(path, "r");
  try {
    const head = Buffer.alloc(2);
    const { bytesRead } = await file.read(head, 0, 2, 0);
    return bytesRead === 2 && head[0] === 0x50 && head[1] === 0x4b;
  } finally {
    await file.close();
  }
}

function openZip(path: string): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) => {
    yauzl.open(path, { lazyEntries: true, decodeStrings: false, autoClose: false }, (error, zip) =>
      error || !zip ? reject(refuse(m.badZip)) : resolve(zip),
    );
  });
}

/**
 * The entries a .zip may have in all: an export's own, each with a Mac's AppleDouble copy and its folders when
 * it was unzipped and zipped again there.
 */
const MAX_ZIP_ENTRIES = 3 * MAX_ARCHIVE_ENTRIES;

/**
 * Every entry's name, checked before anything is read: a name that leads out of the archive refuses the whole
 * archive, and so does a declared size past what its kind may be (velolog.json, a file), or too many entries.
 * What the operating system adds (`passedOver`: folders, `__MACOSX/`, `.DS_Store`, `._*`) is left out, and
 * the rest is named as the export names it (`exportNames`): an export unzipped and zipped again still imports.
 */
function indexEntries(zip: yauzl.ZipFile): Promise<Map<string, yauzl.Entry>> {
  return new Promise((resolve, reject) => {
    const kept: [string, yauzl.Entry][] = [];
    let seen = 0;
    const fail = (error: unknown) => {
      zip.close();
      reject(error);
    };
    zip.on("error", () => fail(refuse(m.badZip)));
    zip.on("end", () => {
      try {
        resolve(exportNames(kept));
      } catch (error) {
        fail(error);
      }
    });
    zip.on("entry", (entry: yauzl.Entry) => {
      const name = entryName(entry);
      if (isUnsafeEntryName(name)) return fail(refuse(m.unsafeName(name.slice(0, 200))));
      // What is passed over counts too, or millions of empty `__MACOSX/` entries would all be read.
      if (++seen > MAX_ZIP_ENTRIES) return fail(refuse(m.tooManyEntries));
      if (!passedOver(name)) {
        if (kept.length >= MAX_ARCHIVE_ENTRIES) return fail(refuse(m.tooManyEntries));
        kept.push([name, entry]);
      }
      zip.readEntry();
    });
    zip.readEntry();
  });
}

/**
 * The entries by their path in the export. When they all sit in one top folder (a rider who unzipped the
 * export and zipped its folder again: `velolog-export-2026-12-03/velolog.json`), without that folder; two top
 * folders are left as they are, and have no velolog.json. Each declared size is checked by that path's kind.
 */
function exportNames(kept: [string, yauzl.Entry][]): Map<string, yauzl.Entry> {
  const tops = new Set(kept.map(([name]) => name.slice(0, name.indexOf("/") + 1)));
  const [top = ""] = tops;
  const strip = tops.size === 1 ? top.length : 0;
  const entries = new Map<string, yauzl.Entry>();
  for (const [name, entry] of kept) {
    const path = name.slice(strip);
    const limit = path === EXPORT_JSON_NAME ? MAX_EXPORT_JSON_BYTES : MAX_UPLOAD_BYTES;
    if (entry.uncompressedSize > limit) throw refuse(m.entryTooLarge(path.slice(0, 200)));
    entries.set(path, entry);
  }
  return entries;
}

async function readEntry(archive: OpenArchive, name: string, maxBytes: number): Promise<Buffer> {
  const entry = archive.entries.get(name);
  if (!entry) throw refuse(name === EXPORT_JSON_NAME ? m.noJson : m.missingFile(name));
  try {
    return await readEntryAtMost(archive.zip, entry, maxBytes);
  } catch (error) {
    throw refuse(error instanceof EntryTooLargeError ? m.entryTooLarge(name) : m.badZip);
  }
}

// ---- Checking the export's own consistency ----

function snapshotPaths(snapshot: SharedBikeSnapshot): string[] {
  return [snapshot.bike.imageUrl, ...snapshot.components.map((c) => c.imageUrl)].filter(
    (url): url is string => typeof url === "string" && url.startsWith("files/"),
  );
}

/** Every reference points at an object or a file of the export, and no id is there twice. */
function checkReferences(data: ExportV1, archive: OpenArchive): void {
  const broken = (what: string) => refuse(m.brokenReference(what));
  const ids = (kind: string, list: { id: string }[]) => {
    const set = new Set(list.map((o) => o.id));
    if (set.size !== list.length) throw broken(`${kind}: an id is there twice`);
    return set;
  };
  const bikes = ids("bicycles", data.bicycles);
  const parts = ids("components", data.components);
  const intervals = ids("serviceIntervals", data.serviceIntervals);
  ids("installations", data.installations);
  ids("rides", data.rides);
  ids("serviceEntries", data.serviceEntries);
  ids("shareLinks", data.shareLinks);
  const needBike = (id: string | null, what: string) => {
    if (id !== null && !bikes.has(id)) throw broken(`${what} names a bicycle it does not hold`);
  };
  const needPart = (id: string, what: string) => {
    if (!parts.has(id)) throw broken(`${what} names a component it does not hold`);
  };
  for (const c of data.components) needBike(c.bicycleId, `component ${c.id}`);
  for (const i of data.installations) {
    needPart(i.componentId, `installation ${i.id}`);
    needBike(i.bicycleId, `installation ${i.id}`);
  }
  for (const r of data.rides) needBike(r.bicycleId, `ride ${r.id}`);
  for (const i of data.serviceIntervals) needPart(i.componentId, `interval ${i.id}`);
  for (const e of data.serviceEntries) {
    needPart(e.componentId, `service entry ${e.id}`);
    for (const id of e.resetsIntervalIds)
      if (!intervals.has(id)) throw broken(`service entry ${e.id} names an interval it does not hold`);
  }
  for (const s of data.shareLinks) needBike(s.bicycleId, `share link ${s.id}`);
  const gear = new Set<string>();
  for (const g of data.stravaBikes ?? []) {
    if (gear.has(g.gearId)) throw broken(`Strava bike ${g.gearId} is mapped twice`);
    gear.add(g.gearId);
    needBike(g.bicycleId, `Strava bike ${g.gearId}`);
  }

  const declared = new Map<string, ExportFile>();
  for (const file of data.files) {
    if (declared.has(file.path)) throw broken(`${file.path} is listed twice`);
    declared.set(file.path, file);
  }
  const needFile = (path: string | null, purposes: string[]) => {
    if (path === null) return;
    const file = declared.get(path);
    if (!file || !ARCHIVE_FILE_PATH.test(path)) throw refuse(m.missingFile(path));
    if (!purposes.includes(file.purpose)) throw broken(`${path} is not a ${purposes.join(" or ")}`);
  };
  const images = ["bicycle-image", "component-image"];
  for (const b of data.bicycles) needFile(b.imageFile, ["bicycle-image"]);
  for (const c of data.components) needFile(c.imageFile, ["component-image"]);
  for (const e of data.serviceEntries) needFile(e.receiptFile, ["receipt"]);
  for (const s of data.shareLinks) for (const path of snapshotPaths(s.snapshot)) needFile(path, images);
  for (const file of data.files) if (!archive.entries.has(file.path)) throw refuse(m.missingFile(file.path));
}

/** How far ahead of this server's clock an archive's times may be (it may come from another instance's clock). */
const CLOCK_GRACE_MS = 24 * 3_600_000;

/** A ride's fields as the API checks them (name, distance, time, elevation); its start is checked below. */
const rideFields = rideInputSchema.omit({ startedAt: true });

/**
 * What the API never lets into an account, refused here too (decision 0048): a ride past the API's limits,
 * a ride, service or installation period in the future (a day's grace for another clock), a period that ends
 * before it starts, a component without exactly one open period where the component is, periods of one
 * component that overlap, and a service entry that resets another component's interval.
 */
function checkConsistency(data: ExportV1, now: Date): void {
  // Named so that the rider finds them: by id, and by name or date.
  const quoted = (name: string) => `“${name.length > 80 ? `${name.slice(0, 79)}…` : name}”`;
  const rideName = (r: ExportV1["rides"][number]) => `ride ${r.id} ${quoted(r.name)}`;
  const entryName = (e: ExportV1["serviceEntries"][number]) => `service entry ${e.id} of ${e.date}`;
  const partName = (c: ExportV1["components"][number]) => `component ${c.id} ${quoted(c.name)}`;
  const inconsistent = (what: string) => refuse(m.brokenReference(what));
  const notAccepted = (what: string, reason: string) => refuse(m.notAccepted(what, reason));
  const latest = now.getTime() + CLOCK_GRACE_MS;
  const latestDay = latestToday(new Date(latest));
  const inFuture = (at: string | null) => at !== null && Date.parse(at) > latest;

  for (const r of data.rides) {
    const checked = rideFields.safeParse(r);
    if (!checked.success) throw notAccepted(rideName(r), checked.error.issues[0]!.message);
    if (inFuture(r.startedAt)) throw notAccepted(rideName(r), messages.rides.startInFuture);
  }
  for (const e of data.serviceEntries)
    if (e.date > latestDay) throw notAccepted(entryName(e), messages.services.dateInFuture);

  const periodsOf = new Map<string, ExportV1["installations"]>();
  for (const i of data.installations) {
    if (inFuture(i.startedAt) || inFuture(i.endedAt))
      throw notAccepted(`installation ${i.id}`, m.periodInFuture);
    if (i.endedAt !== null && Date.parse(i.endedAt) < Date.parse(i.startedAt))
      throw inconsistent(`installation ${i.id} ends before it starts`);
    const list = periodsOf.get(i.componentId) ?? [];
    list.push(i);
    periodsOf.set(i.componentId, list);
  }
  for (const c of data.components) {
    const periods = periodsOf.get(c.id) ?? [];
    const open = periods.filter((i) => i.endedAt === null);
    if (open.length === 0) throw inconsistent(`${partName(c)} has no open installation period`);
    if (open.length > 1) throw inconsistent(`${partName(c)} has more than one open installation period`);
    if (open[0]!.bicycleId !== c.bicycleId)
      throw inconsistent(`${partName(c)} is not where its open installation period ${open[0]!.id} puts it`);
    // Periods that last (an empty one, started and ended at once, holds no ride) follow one another.
    const spans = periods
      .map((i) => ({
        id: i.id,
        start: Date.parse(i.startedAt),
        end: i.endedAt === null ? Number.POSITIVE_INFINITY : Date.parse(i.endedAt),
      }))
      .filter((span) => span.start < span.end)
      .sort((a, b) => a.start - b.start);
    for (let k = 1; k < spans.length; k++)
      if (spans[k]!.start < spans[k - 1]!.end)
        throw inconsistent(`installations ${spans[k - 1]!.id} and ${spans[k]!.id} of ${partName(c)} overlap`);
  }

  const componentOfInterval = new Map(data.serviceIntervals.map((i) => [i.id, i.componentId]));
  for (const e of data.serviceEntries)
    for (const id of e.resetsIntervalIds)
      if (componentOfInterval.get(id) !== e.componentId)
        throw inconsistent(`service entry ${e.id} resets interval ${id} of another component`);
}

// ---- What is already here ----

type Kind = "bicycle" | "component" | "installation" | "ride" | "interval" | "entry" | "share" | "file";

const tableOf: Record<Kind, PgTable & { id: PgColumn; userId: PgColumn }> = {
  bicycle: bicycles,
  component: components,
  installation: componentInstallations,
  ride: rides,
  interval: serviceIntervals,
  entry: serviceEntries,
  share: sharedBikes,
  file: files,
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const CHUNK = 2000;

function chunks<T>(list: T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

/** The user's own ids among `ids` in a table. */
async function ownIds(db: Database, kind: Kind, userId: string, ids: string[]): Promise<Set<string>> {
  const table = tableOf[kind];
  const found = new Set<string>();
  for (const part of chunks(ids.filter((id) => UUID.test(id)))) {
    const rows = (await db
      .select({ id: table.id })
      .from(table as PgTable)
      .where(and(eq(table.userId, userId), inArray(table.id, part)))) as { id: string }[];
    for (const row of rows) found.add(row.id);
  }
  return found;
}

/**
 * For each source id of a kind, the row it already is in this account: one an earlier import made of it
 * (`import_sources`, while that row still exists), or the user's own row of that id (an account's export
 * imported back into it). Ids without an answer are new.
 */
async function existingTargets(
  db: Database,
  userId: string,
  kind: Kind,
  sourceIds: string[],
): Promise<Map<string, string>> {
  const mapped = new Map<string, string>();
  for (const part of chunks(sourceIds)) {
    const rows = await db
      .select({ sourceId: importSources.sourceId, targetId: importSources.targetId })
      .from(importSources)
      .where(
        and(
          eq(importSources.userId, userId),
          eq(importSources.kind, kind),
          inArray(importSources.sourceId, part),
        ),
      );
    for (const row of rows) mapped.set(row.sourceId, row.targetId);
  }
  const alive = await ownIds(db, kind, userId, [...mapped.values()]);
  const existing = new Map<string, string>();
  for (const [source, target] of mapped) if (alive.has(target)) existing.set(source, target);
  const own = await ownIds(
    db,
    kind,
    userId,
    sourceIds.filter((id) => !existing.has(id)),
  );
  for (const id of own) existing.set(id, id);
  return existing;
}

// ---- The import ----

interface WrittenFile {
  id: string;
  key: string;
  contentType: string;
  size: number;
  purpose: ExportFile["purpose"];
  path: string;
}

const emptyCounts = (): ImportCounts => ({
  bicycles: 0,
  components: 0,
  installations: 0,
  rides: 0,
  serviceIntervals: 0,
  serviceEntries: 0,
  shareLinks: 0,
  files: 0,
});

/** A file's source id: its archive path (`files/<id>.<ext>`), whose name is its id in the account it left. */
const fileSourceId = (path: string) => path;
const fileOwnId = (path: string) => path.slice("files/".length).replace(/\.[a-z]+$/, "");

/**
 * Imports an account export (a .zip on disk) into the user's account (decision 0048). Everything is checked
 * before anything is written; the files are checked and stored like uploads first, then every row goes in one
 * transaction; if anything fails, the stored files are removed again, so nothing is half-imported.
 */
export async function importArchive(
  deps: { db: Database; storage: Storage; billingMode: BillingMode },
  userId: string,
  zipPath: string,
): Promise<ArchiveImportResult> {
  const { db } = deps;
  if (!(await startsLikeZip(zipPath))) throw refuse(m.notZip);
  if (!(await hitRateLimit(db, `import-archive:${userId}`, ARCHIVE_IMPORTS_PER_HOUR, 60 * 60 * 1000)))
    throw new AppError("RATE_LIMITED", m.rateLimited);

  const zip = await openZip(zipPath);
  try {
    const archive: OpenArchive = { zip, entries: await indexEntries(zip) };
    const data = readExportJson(
      (await readEntry(archive, EXPORT_JSON_NAME, MAX_EXPORT_JSON_BYTES)).toString("utf8"),
    );
    checkReferences(data, archive);
    checkConsistency(data, new Date());
    return await importData(deps, userId, data, archive);
  } finally {
    zip.close();
  }
}

async function importData(
  { db, storage, billingMode }: { db: Database; storage: Storage; billingMode: BillingMode },
  userId: string,
  data: ExportV1,
  archive: OpenArchive,
): Promise<ArchiveImportResult> {
  const existing = {
    bicycle: await existingTargets(
      db,
      userId,
      "bicycle",
      data.bicycles.map((o) => o.id),
    ),
    component: await existingTargets(
      db,
      userId,
      "component",
      data.components.map((o) => o.id),
    ),
    // Installation periods go with their component (below), so a component already here keeps its history.
    installation: new Map<string, string>(),
    ride: await existingTargets(
      db,
      userId,
      "ride",
      data.rides.map((o) => o.id),
    ),
    interval: await existingTargets(
      db,
      userId,
      "interval",
      data.serviceIntervals.map((o) => o.id),
    ),
    entry: await existingTargets(
      db,
      userId,
      "entry",
      data.serviceEntries.map((o) => o.id),
    ),
    share: await existingTargets(
      db,
      userId,
      "share",
      data.shareLinks.map((o) => o.id),
    ),
    file: new Map<string, string>(),
  };
  // Files: by an earlier import's record, or the user's own file of that id.
  const fileMapped = await existingTargets(
    db,
    userId,
    "file",
    data.files.map((f) => fileSourceId(f.path)),
  );
  const ownFiles = await ownIds(
    db,
    "file",
    userId,
    data.files.map((f) => fileOwnId(f.path)),
  );
  for (const file of data.files) {
    const target =
      fileMapped.get(file.path) ?? (ownFiles.has(fileOwnId(file.path)) ? fileOwnId(file.path) : null);
    if (target) existing.file.set(file.path, target);
  }

  const isNew = <T extends { id: string }>(kind: Exclude<Kind, "file">, list: T[]) =>
    list.filter((o) => !existing[kind].has(o.id));
  const added = {
    bicycles: isNew("bicycle", data.bicycles),
    components: isNew("component", data.components),
    // A new component brings its periods; one already here is kept as it is, with its own periods (adding
    // the archive's would leave it with two open ones).
    installations: data.installations.filter((i) => !existing.component.has(i.componentId)),
    rides: isNew("ride", data.rides),
    intervals: isNew("interval", data.serviceIntervals),
    entries: isNew("entry", data.serviceEntries),
    shares: isNew("share", data.shareLinks),
  };

  await checkPlanLimit(db, userId, billingMode, added.bicycles);

  // The files the new objects show, each checked and stored like an upload, one at a time.
  const wanted = new Set<string>();
  for (const b of added.bicycles) if (b.imageFile) wanted.add(b.imageFile);
  for (const c of added.components) if (c.imageFile) wanted.add(c.imageFile);
  for (const e of added.entries) if (e.receiptFile) wanted.add(e.receiptFile);
  for (const s of added.shares) for (const path of snapshotPaths(s.snapshot)) wanted.add(path);
  const written: WrittenFile[] = [];
  let ridesSkipped = 0;
  let ridesRemoved = 0;
  let settingsChanged: ArchiveImportResult["settingsChanged"] = [];
  try {
    // Counted as the files come, so a hostile archive stops at the quota (or at the inflated budget, for
    // images that shrink when re-encoded) instead of after storing everything; the transaction counts again.
    const used = await usedBytes(db, userId);
    let bytesNeeded = 0;
    let bytesRead = 0;
    for (const file of data.files) {
      if (!wanted.has(file.path) || existing.file.has(file.path)) continue;
      const raw = await readEntry(archive, file.path, MAX_UPLOAD_BYTES);
      bytesRead += raw.byteLength;
      if (bytesRead > MAX_ARCHIVE_FILES_BYTES) throw refuse(m.expandsTooFar);
      let prepared: Awaited<ReturnType<typeof prepareFile>>;
      try {
        prepared = await prepareFile(raw, file.purpose, { keepNormalized: true });
      } catch (error) {
        if (error instanceof AppError) throw refuse(m.badFile(file.path, error.message));
        throw error;
      }
      bytesNeeded += prepared.bytes.byteLength;
      if (used + bytesNeeded > QUOTA_BYTES) throw new AppError("LIMIT_REACHED", messages.images.quotaReached);
      const key = newStorageKey(prepared.extension, prefixFor[file.purpose]);
      await storage.put(key, prepared.bytes, prepared.contentType);
      written.push({
        id: randomUUID(),
        key,
        contentType: prepared.contentType,
        size: prepared.bytes.byteLength,
        purpose: file.purpose,
        path: file.path,
      });
    }
    await db.transaction(async (tx) => {
      // The user's row locked: the plan limit and the quota are counted against parallel creates and uploads.
      await tx.select({ id: user.id }).from(user).where(eq(user.id, userId)).for("update");
      await checkPlanLimit(tx as unknown as Database, userId, billingMode, added.bicycles);
      if (bytesNeeded > 0 && (await usedBytes(tx as unknown as Database, userId)) + bytesNeeded > QUOTA_BYTES)
        throw new AppError("LIMIT_REACHED", messages.images.quotaReached);
      ({ ridesSkipped, ridesRemoved, settingsChanged } = await writeRows(
        tx as unknown as Database,
        userId,
        data,
        existing,
        added,
        written,
      ));
    });
  } catch (error) {
    for (const file of written) await storage.delete(file.key);
    throw error;
  }

  const imported: ImportCounts = {
    bicycles: added.bicycles.length,
    components: added.components.length,
    installations: added.installations.length,
    rides: added.rides.length - ridesSkipped,
    serviceIntervals: added.intervals.length,
    serviceEntries: added.entries.length,
    shareLinks: added.shares.length,
    files: written.length,
  };
  // Every object and file of the archive is imported, already here (itself, or the object it belongs to:
  // a photo of a component that is already here stays with it, not imported), or a file nothing names.
  const named = new Set<string>();
  for (const b of data.bicycles) if (b.imageFile) named.add(b.imageFile);
  for (const c of data.components) if (c.imageFile) named.add(c.imageFile);
  for (const e of data.serviceEntries) if (e.receiptFile) named.add(e.receiptFile);
  for (const s of data.shareLinks) for (const path of snapshotPaths(s.snapshot)) named.add(path);
  const unusedFiles = data.files.filter((f) => !named.has(f.path)).length;
  const total: ImportCounts = {
    bicycles: data.bicycles.length,
    components: data.components.length,
    installations: data.installations.length,
    rides: data.rides.length,
    serviceIntervals: data.serviceIntervals.length,
    serviceEntries: data.serviceEntries.length,
    shareLinks: data.shareLinks.length,
    files: data.files.length - unusedFiles,
  };
  const alreadyThere = emptyCounts();
  for (const key of Object.keys(total) as (keyof ImportCounts)[])
    alreadyThere[key] = total[key] - imported[key];
  return {
    formatVersion: EXPORT_FORMAT_VERSION,
    imported,
    alreadyThere,
    unusedFiles,
    ridesRemoved,
    settingsChanged,
  };
}

/** The bytes of the user's stored files (the quota counts them). */
async function usedBytes(db: Database, userId: string): Promise<number> {
  const [used] = await db
    .select({ bytes: sql<string>`coalesce(sum(${files.size}), 0)` })
    .from(files)
    .where(eq(files.userId, userId));
  return Number(used?.bytes ?? 0);
}

async function checkPlanLimit(
  db: Database,
  userId: string,
  billingMode: BillingMode,
  newBicycles: ExportV1["bicycles"],
): Promise<void> {
  if (billingMode === "off" || newBicycles.length === 0) return;
  const { tier } = await currentTier(db, userId);
  const limit = bicycleLimitFor(tier);
  const [counted] = await db.select({ n: count() }).from(bicycles).where(eq(bicycles.userId, userId));
  const room = Math.max(0, limit - (counted?.n ?? 0));
  if (newBicycles.length > room) {
    const names = newBicycles.slice(room).map((b) => `“${b.name}”`);
    throw new AppError("LIMIT_REACHED", m.planLimit(limit, names), {
      file: m.planLimit(limit, names),
    });
  }
}

type Existing = Record<Kind, Map<string, string>>;
type Added = {
  bicycles: ExportV1["bicycles"];
  components: ExportV1["components"];
  installations: ExportV1["installations"];
  rides: ExportV1["rides"];
  intervals: ExportV1["serviceIntervals"];
  entries: ExportV1["serviceEntries"];
  shares: ExportV1["shareLinks"];
};

/**
 * New random ids for the objects, in the order of their ids in the archive: lists sort by a time and then by
 * id, and rows made in one statement (a spreadsheet's service history, a part's intervals) share their time,
 * so ids drawn in any other order would show them in another order after an import. (Uuids sort in Postgres
 * as their lowercase hex text does here.)
 */
function idsInOrder(objects: { id: string }[]): Map<string, string> {
  const ids = objects.map(() => randomUUID()).sort();
  const sources = objects.map((o) => o.id).sort();
  return new Map(sources.map((id, i) => [id, ids[i]!]));
}

/** Inserts in slices, so a large export stays under the statement's parameter limit. */
async function insertAll<T extends PgTable>(
  tx: Database,
  table: T,
  rows: T["$inferInsert"][],
): Promise<void> {
  for (const part of chunks(rows, 500)) if (part.length > 0) await tx.insert(table).values(part);
}

async function writeRows(
  tx: Database,
  userId: string,
  data: ExportV1,
  existing: Existing,
  added: Added,
  written: WrittenFile[],
): Promise<{
  ridesSkipped: number;
  ridesRemoved: number;
  settingsChanged: ArchiveImportResult["settingsChanged"];
}> {
  // Every object gets a new id here (or is the row it already is); references follow the map.
  const idOf: Existing = {
    bicycle: new Map(existing.bicycle),
    component: new Map(existing.component),
    installation: new Map(existing.installation),
    ride: new Map(existing.ride),
    interval: new Map(existing.interval),
    entry: new Map(existing.entry),
    share: new Map(existing.share),
    file: new Map(existing.file),
  };
  const sources: (typeof importSources.$inferInsert)[] = [];
  const fresh: Partial<Record<Kind, Map<string, string>>> = {
    bicycle: idsInOrder(added.bicycles),
    component: idsInOrder(added.components),
    installation: idsInOrder(added.installations),
    ride: idsInOrder(added.rides),
    interval: idsInOrder(added.intervals),
    entry: idsInOrder(added.entries),
    share: idsInOrder(added.shares),
  };
  const assign = (kind: Kind, sourceId: string) => {
    const id = fresh[kind]?.get(sourceId) ?? randomUUID();
    idOf[kind].set(sourceId, id);
    sources.push({ userId, kind, sourceId, targetId: id });
    return id;
  };
  for (const file of written) {
    idOf.file.set(file.path, file.id);
    sources.push({ userId, kind: "file", sourceId: fileSourceId(file.path), targetId: file.id });
  }
  const ref = (kind: Kind, sourceId: string) => idOf[kind].get(sourceId)!;
  const refOrNull = (kind: Kind, sourceId: string | null) => (sourceId === null ? null : ref(kind, sourceId));
  const urlOf = (url: string | null, path: string | null) => {
    if (path !== null) {
      const id = idOf.file.get(path);
      return id ? fileUrl(id) : null;
    }
    // Only a link elsewhere: a file URL of another instance (or anything else) names nothing here.
    return url !== null && isHttpUrl(url) ? url : null;
  };
  const at = (iso: string) => new Date(iso);
  const fixed = (value: number | null, digits: number) => (value === null ? null : value.toFixed(digits));

  await insertAll(
    tx,
    files,
    written.map((f) => ({
      id: f.id,
      userId,
      key: f.key,
      contentType: f.contentType,
      size: f.size,
      purpose: f.purpose,
    })),
  );
  await insertAll(
    tx,
    bicycles,
    added.bicycles.map((b) => ({
      id: assign("bicycle", b.id),
      userId,
      name: b.name,
      description: b.description,
      imageUrl: urlOf(b.imageUrl, b.imageFile),
      purchaseDate: b.purchaseDate,
      price: fixed(b.price, 2),
      purchaseCondition: b.purchaseCondition,
      storeName: b.storeName,
      serialNumber: b.serialNumber,
      storeLink: b.storeLink,
      createdAt: at(b.createdAt),
      updatedAt: at(b.updatedAt),
    })),
  );
  for (const c of added.components) assign("component", c.id);
  await insertAll(
    tx,
    components,
    added.components.map((c) => ({
      id: ref("component", c.id),
      userId,
      bicycleId: refOrNull("bicycle", c.bicycleId),
      name: c.name,
      type: c.type,
      brand: c.brand,
      mileage: c.mileage.toFixed(1),
      notes: c.notes,
      imageUrl: urlOf(c.imageUrl, c.imageFile),
      createdAt: at(c.createdAt),
      updatedAt: at(c.updatedAt),
    })),
  );
  await insertAll(
    tx,
    componentInstallations,
    added.installations.map((i) => ({
      id: assign("installation", i.id),
      userId,
      componentId: ref("component", i.componentId),
      bicycleId: refOrNull("bicycle", i.bicycleId),
      startedAt: at(i.startedAt),
      endedAt: i.endedAt === null ? null : at(i.endedAt),
    })),
  );
  // A ride the account already has from the same file or Strava activity (its unique source and external
  // id) is not added again.
  let skipped = 0;
  for (const part of chunks(added.rides, 500)) {
    const rows = part.map((r) => ({
      id: fresh.ride?.get(r.id) ?? randomUUID(),
      source: r,
    }));
    const inserted = await tx
      .insert(rides)
      .values(
        rows.map(({ id, source: r }) => ({
          id,
          userId,
          bicycleId: ref("bicycle", r.bicycleId),
          name: r.name,
          startedAt: at(r.startedAt),
          distanceKm: r.distanceKm.toFixed(3),
          movingSeconds: r.movingSeconds,
          elevationGainM: r.elevationGainM,
          source: r.source,
          externalId: r.externalId,
          editedAt: r.editedAt ? at(r.editedAt) : null,
          createdAt: at(r.createdAt),
          updatedAt: at(r.updatedAt),
        })),
      )
      .onConflictDoNothing()
      .returning({ id: rides.id });
    const kept = new Set(inserted.map((r) => r.id));
    for (const { id, source: r } of rows) {
      if (kept.has(id)) {
        sources.push({ userId, kind: "ride", sourceId: r.id, targetId: id });
        continue;
      }
      // A Strava ride the rider corrected, already here as Strava has it (Strava connected and imported on
      // this instance before the archive came): the rider's version is the one that counts (decision 0041).
      // It stays on the bicycle it is on here, which the Strava bike mapping chose.
      const [taken] =
        r.source === "strava" && r.externalId !== null && r.editedAt
          ? await tx
              .update(rides)
              .set({
                name: r.name,
                startedAt: at(r.startedAt),
                distanceKm: r.distanceKm.toFixed(3),
                movingSeconds: r.movingSeconds,
                elevationGainM: r.elevationGainM,
                editedAt: at(r.editedAt),
                updatedAt: at(r.updatedAt),
              })
              .where(
                and(
                  eq(rides.userId, userId),
                  eq(rides.source, "strava"),
                  eq(rides.externalId, r.externalId),
                  isNull(rides.editedAt),
                ),
              )
              .returning({ id: rides.id })
          : [];
      if (taken) sources.push({ userId, kind: "ride", sourceId: r.id, targetId: taken.id });
      else skipped++;
    }
  }
  // Strava rides the rider deleted: a ride of such an activity here as Strava has it (not changed here) was
  // brought in before the rider's choice arrived, and leaves, as it would have left had it been deleted here.
  const skippedIds = [...new Set((data.stravaSkippedActivities ?? []).map((s) => s.activityId))];
  let removed = 0;
  for (const part of chunks(skippedIds, 500))
    removed += (
      await tx
        .delete(rides)
        .where(
          and(
            eq(rides.userId, userId),
            eq(rides.source, "strava"),
            inArray(rides.externalId, part),
            isNull(rides.editedAt),
          ),
        )
        .returning({ id: rides.id })
    ).length;
  await insertAll(
    tx,
    serviceIntervals,
    added.intervals.map((i) => ({
      id: assign("interval", i.id),
      userId,
      componentId: ref("component", i.componentId),
      label: i.label,
      everyKm: fixed(i.everyKm, 1),
      everyHours: fixed(i.everyHours, 1),
      everyMonths: i.everyMonths,
      createdAt: at(i.createdAt),
      updatedAt: at(i.updatedAt),
    })),
  );
  await insertAll(
    tx,
    serviceEntries,
    added.entries.map((e) => ({
      id: assign("entry", e.id),
      userId,
      componentId: ref("component", e.componentId),
      date: e.date,
      description: e.description,
      cost: e.cost.toFixed(2),
      receiptUrl: urlOf(e.receiptUrl, e.receiptFile),
      createdAt: at(e.createdAt),
      updatedAt: at(e.updatedAt),
    })),
  );
  await insertAll(
    tx,
    serviceEntryIntervals,
    added.entries.flatMap((e) =>
      [...new Set(e.resetsIntervalIds)].map((intervalId) => ({
        serviceEntryId: ref("entry", e.id),
        intervalId: ref("interval", intervalId),
      })),
    ),
  );
  const image = (url: string | null) => (url?.startsWith("files/") ? urlOf(null, url) : urlOf(url, null));
  await insertAll(
    tx,
    sharedBikes,
    added.shares.map((s) => ({
      id: assign("share", s.id),
      // A new secret: the old link keeps meaning the account it was made in (decision 0048).
      shareToken: newShareToken(),
      userId,
      bicycleId: refOrNull("bicycle", s.bicycleId),
      notes: s.notes,
      bikeData: {
        ...s.snapshot,
        bike: {
          ...s.snapshot.bike,
          imageUrl: image(s.snapshot.bike.imageUrl),
          storeLink: urlOf(s.snapshot.bike.storeLink, null),
        },
        components: s.snapshot.components.map((c) => ({ ...c, imageUrl: image(c.imageUrl) })),
      },
      createdAt: at(s.createdAt),
    })),
  );
  // The Strava rides the rider deleted stay deleted here: no Strava import of this account brings them back.
  // (One the account already remembers, as after importing the same archive again, is kept as it is.)
  for (const part of chunks(data.stravaSkippedActivities ?? [], 500))
    if (part.length > 0)
      await tx
        .insert(stravaSkippedActivities)
        .values(part.map((s) => ({ userId, activityId: s.activityId, createdAt: at(s.createdAt) })))
        .onConflictDoNothing();
  // The Strava bike mapping, onto the bicycles as they are here (imported or already there). A bike this
  // account has mapped itself keeps its own answer. Without a connection the rows wait for one: connecting the
  // same Strava account finds its bikes mapped (other athletes' bikes have other ids and map nothing).
  const gear = data.stravaBikes ?? [];
  if (gear.length > 0)
    await tx
      .insert(stravaGear)
      .values(gear.map((g) => ({ userId, gearId: g.gearId, bicycleId: ref("bicycle", g.bicycleId) })))
      .onConflictDoNothing();
  // The archive's preferences become the account's; the summary names each one that changed, so a rider whose
  // account said miles is told it now says kilometres (until then it changed without a word).
  const { distanceUnit, dueSoonPercent, emailDigest, timeZone } = data.settings;
  const before = await getSettings(tx, userId);
  const [reminders] = await tx
    .select({ emailDigest: reminderPreferences.emailDigest })
    .from(reminderPreferences)
    .where(eq(reminderPreferences.userId, userId));
  const onOff = (on: boolean) => (on ? "on" : "off");
  const settingsChanged: ArchiveImportResult["settingsChanged"] = [
    { setting: "distanceUnit" as const, from: before.distanceUnit, to: distanceUnit },
    { setting: "dueSoonPercent" as const, from: `${before.dueSoonPercent}%`, to: `${dueSoonPercent}%` },
    { setting: "timeZone" as const, from: before.timeZone, to: timeZone ?? before.timeZone },
    {
      setting: "emailDigest" as const,
      from: onOff(reminders?.emailDigest ?? true),
      to: onOff(emailDigest),
    },
  ].filter((change) => change.from !== change.to);
  const zone = timeZone ? { timeZone } : {};
  await tx
    .insert(userSettings)
    .values({ userId, distanceUnit, dueSoonPercent, ...zone })
    .onConflictDoUpdate({
      target: userSettings.userId,
      set: { distanceUnit, dueSoonPercent, ...zone, updatedAt: sql`now()` },
    });
  // Turned on again, as by the switch (saveReminderSettings): what was told before is forgotten, so the next
  // digest tells what is due now, also an interval serviced and due again while the digest was off.
  if (emailDigest && reminders?.emailDigest === false)
    await tx.delete(reminderNotices).where(eq(reminderNotices.userId, userId));
  await tx
    .insert(reminderPreferences)
    .values({ userId, emailDigest })
    .onConflictDoUpdate({ target: reminderPreferences.userId, set: { emailDigest, updatedAt: sql`now()` } });
  for (const part of chunks(sources, 1000))
    if (part.length > 0)
      await tx
        .insert(importSources)
        .values(part)
        .onConflictDoUpdate({
          target: [importSources.userId, importSources.kind, importSources.sourceId],
          set: { targetId: sql`excluded.target_id` },
        });
  return { ridesSkipped: skipped, ridesRemoved: removed, settingsChanged };
}
