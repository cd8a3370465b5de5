import { and, asc, eq, gt, inArray, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import {
  EXPORT_FORMAT_VERSION,
  EXPORT_JSON_NAME,
  EXPORT_README_NAME,
  type ExportFile,
  type ExportV1,
} from "../../../shared/schemas/export.ts";
import type { FilePurpose } from "../../../shared/schemas/file.ts";
import { fileIdFromUrl, isHttpUrl } from "../../../shared/schemas/file.ts";
import type { SharedBikeSnapshot } from "../../../shared/schemas/share.ts";
import type { Storage } from "../../adapters/storage.ts";
import type { Database } from "../../db/index.ts";
import {
  bicycles,
  componentInstallations,
  components,
  reminderPreferences,
  rides,
  serviceEntries,
  serviceEntryIntervals,
  serviceIntervals,
  sharedBikes,
  stravaGear,
  stravaSkippedActivities,
  user,
} from "../../db/schema.ts";
import { referencedFilesOf } from "../files/service.ts";
import { getSettings } from "../settings/service.ts";
import { exportReadme } from "./readme.ts";
import type { ZipEntry } from "./zip-writer.ts";

/** Rows read per statement: an export of 10,000 rides holds 1,000 of them in memory at a time. */
const PAGE = 1000;

const EXTENSIONS: Record<string, string> = {
  "image/webp": "webp",
  "image/jpeg": "jpg",
  "image/png": "png",
  "application/pdf": "pdf",
};

type Row<T extends PgTable> = T["$inferSelect"];

/** A user's rows of one table, page by page in id order (keyset: each page starts after the last id). */
async function* pages<T extends PgTable & { id: PgColumn; userId: PgColumn }>(
  db: Database,
  table: T,
  userId: string,
): AsyncGenerator<Row<T>[]> {
  let after: string | null = null;
  for (;;) {
    const where: SQL | undefined = and(
      eq(table.userId, userId),
      after === null ? undefined : gt(table.id, after),
    );
    const rows = (await db
      .select()
      .from(table as PgTable)
      .where(where)
      .orderBy(asc(table.id))
      .limit(PAGE)) as Row<T>[];
    if (rows.length > 0) yield rows;
    if (rows.length < PAGE) return;
    after = (rows.at(-1) as { id: string }).id;
  }
}

type PartWithPeriods = Row<typeof components> & { installations: Row<typeof componentInstallations>[] };

/**
 * A user's components page by page, each with its installation periods read in the same statement: a part
 * moved while the export runs is written with the periods that go with where it is (one open, there).
 */
async function* componentPages(db: Database, userId: string): AsyncGenerator<PartWithPeriods[]> {
  let after: string | null = null;
  for (;;) {
    const rows: PartWithPeriods[] = await db.query.components.findMany({
      where: and(eq(components.userId, userId), after === null ? undefined : gt(components.id, after)),
      orderBy: [asc(components.id)],
      limit: PAGE,
      with: { installations: { orderBy: [asc(componentInstallations.id)] } },
    });
    if (rows.length > 0) yield rows;
    if (rows.length < PAGE) return;
    after = rows.at(-1)!.id;
  }
}

/** Items already in memory, in pages like the tables'. */
async function* inPages<T>(items: T[]): AsyncGenerator<T[]> {
  for (let i = 0; i < items.length; i += PAGE) yield items.slice(i, i + PAGE);
}

const iso = (date: Date) => date.toISOString();
const num = (value: string | null) => (value === null ? null : Number(value));

/**
 * The archive's entries: README.txt, each photo and receipt (one at a time from storage), then velolog.json,
 * streamed.
 */
export async function* exportEntries(
  db: Database,
  storage: Storage,
  userId: string,
  now = new Date(),
): AsyncGenerator<ZipEntry> {
  yield { name: EXPORT_README_NAME, bytes: new TextEncoder().encode(exportReadme(now)) };
  // Files first, so that velolog.json names only the files the archive really holds (a file whose bytes
  // went missing from storage is left out, and its reference with it).
  const present = new Map<string, ExportFile>();
  for (const file of await referencedFilesOf(db, userId)) {
    const bytes = await storage.get(file.key);
    const extension = EXTENSIONS[file.contentType];
    if (!bytes || !extension) continue;
    const path = `files/${file.id}.${extension}`;
    present.set(file.id, {
      path,
      contentType: file.contentType as ExportFile["contentType"],
      purpose: file.purpose as FilePurpose,
    });
    yield { name: path, bytes };
  }
  yield { name: EXPORT_JSON_NAME, stream: exportJson(db, userId, present, now) };
}

/** A stored photo or receipt URL as the export names it: an archive path, or a link kept as it is. */
function reference(url: string | null, present: Map<string, ExportFile>) {
  const id = fileIdFromUrl(url);
  // Anything but one of our files or an http(s) link names nothing another account could follow.
  if (id === null) return { url: url !== null && isHttpUrl(url) ? url : null, file: null };
  return { url: null, file: present.get(id)?.path ?? null };
}

function snapshotForExport(
  snapshot: SharedBikeSnapshot,
  present: Map<string, ExportFile>,
): SharedBikeSnapshot {
  const image = (url: string | null) => {
    const ref = reference(url, present);
    return ref.file ?? ref.url;
  };
  return {
    ...snapshot,
    bike: { ...snapshot.bike, imageUrl: image(snapshot.bike.imageUrl) },
    components: snapshot.components.map((c) => ({ ...c, imageUrl: image(c.imageUrl) })),
  };
}

/** velolog.json as text pieces: one table after another, each read in pages. */
async function* exportJson(
  db: Database,
  userId: string,
  present: Map<string, ExportFile>,
  now: Date,
): AsyncGenerator<string> {
  const settings = await getSettings(db, userId);
  const [reminders] = await db
    .select({ emailDigest: reminderPreferences.emailDigest })
    .from(reminderPreferences)
    .where(eq(reminderPreferences.userId, userId));
  const [owner] = await db
    .select({ name: user.name, email: user.email, createdAt: user.createdAt })
    .from(user)
    .where(eq(user.id, userId));
  const head: Pick<ExportV1, "formatVersion" | "app" | "exportedAt" | "account" | "settings"> = {
    formatVersion: EXPORT_FORMAT_VERSION,
    app: "Velolog",
    exportedAt: iso(now),
    ...(owner ? { account: { name: owner.name, email: owner.email, createdAt: iso(owner.createdAt) } } : {}),
    settings: { ...settings, emailDigest: reminders?.emailDigest ?? true },
  };
  yield JSON.stringify(head).slice(0, -1);

  async function* list<In, Out>(
    key: keyof ExportV1,
    source: AsyncIterable<In[]>,
    shape: (rows: In[]) => Promise<Out[]> | Out[],
  ): AsyncGenerator<string> {
    yield `,${JSON.stringify(key)}:[`;
    let first = true;
    for await (const rows of source) {
      const shaped = await shape(rows);
      if (shaped.length === 0) continue;
      yield (first ? "" : ",") + shaped.map((item) => JSON.stringify(item)).join(",");
      first = false;
    }
    yield "]";
  }

  // The tables are read one after another, not in one transaction (a slow download would hold it open, and
  // PGlite has one connection for everyone). So that the file is consistent even when the rider changes
  // something meanwhile, an object is written only if what it names was written before it.
  const bikesOut = new Set<string>();
  const partsOut = new Set<string>();
  const intervalsOut = new Set<string>();
  const hasBike = (id: string | null) => id === null || bikesOut.has(id);

  yield* list("bicycles", pages(db, bicycles, userId), (rows) =>
    rows.map((b): ExportV1["bicycles"][number] => {
      bikesOut.add(b.id);
      const image = reference(b.imageUrl, present);
      return {
        id: b.id,
        name: b.name,
        description: b.description,
        imageUrl: image.url,
        imageFile: image.file,
        purchaseDate: b.purchaseDate,
        price: num(b.price),
        purchaseCondition: b.purchaseCondition as "new" | "used" | null,
        storeName: b.storeName,
        serialNumber: b.serialNumber,
        storeLink: b.storeLink !== null && isHttpUrl(b.storeLink) ? b.storeLink : null,
        createdAt: iso(b.createdAt),
        updatedAt: iso(b.updatedAt),
      };
    }),
  );
  // A component's periods are held until the components are written (they are few and small).
  const periodsOut: ExportV1["installations"] = [];
  yield* list("components", componentPages(db, userId), (rows) =>
    rows
      .filter((c) => hasBike(c.bicycleId))
      .map((c): ExportV1["components"][number] => {
        partsOut.add(c.id);
        for (const i of c.installations)
          if (hasBike(i.bicycleId))
            periodsOut.push({
              id: i.id,
              componentId: i.componentId,
              bicycleId: i.bicycleId,
              startedAt: iso(i.startedAt),
              // A period that ended before it started (a part fitted "today" east of UTC and moved within
              // hours, before parts were capped at their creation) is written as the empty period it is.
              endedAt: i.endedAt ? iso(new Date(Math.max(i.endedAt.getTime(), i.startedAt.getTime()))) : null,
            });
        const image = reference(c.imageUrl, present);
        return {
          id: c.id,
          bicycleId: c.bicycleId,
          name: c.name,
          type: c.type,
          brand: c.brand,
          mileage: Number(c.mileage),
          notes: c.notes,
          imageUrl: image.url,
          imageFile: image.file,
          createdAt: iso(c.createdAt),
          updatedAt: iso(c.updatedAt),
        };
      }),
  );
  yield* list("installations", inPages(periodsOut), (rows) => rows);
  yield* list("rides", pages(db, rides, userId), (rows) =>
    rows
      .filter((r) => bikesOut.has(r.bicycleId))
      .map((r): ExportV1["rides"][number] => ({
        id: r.id,
        bicycleId: r.bicycleId,
        name: r.name,
        startedAt: iso(r.startedAt),
        distanceKm: Number(r.distanceKm),
        movingSeconds: r.movingSeconds,
        elevationGainM: r.elevationGainM,
        source: r.source as ExportV1["rides"][number]["source"],
        externalId: r.externalId,
        editedAt: r.editedAt ? iso(r.editedAt) : null,
        createdAt: iso(r.createdAt),
        updatedAt: iso(r.updatedAt),
      })),
  );
  yield* list("serviceIntervals", pages(db, serviceIntervals, userId), (rows) =>
    rows
      .filter((i) => partsOut.has(i.componentId))
      .map((i): ExportV1["serviceIntervals"][number] => {
        intervalsOut.add(i.id);
        return {
          id: i.id,
          componentId: i.componentId,
          label: i.label,
          everyKm: num(i.everyKm),
          everyHours: num(i.everyHours),
          everyMonths: i.everyMonths,
          createdAt: iso(i.createdAt),
          updatedAt: iso(i.updatedAt),
        };
      }),
  );
  yield* list("serviceEntries", pages(db, serviceEntries, userId), async (rows) => {
    const resets = await db
      .select()
      .from(serviceEntryIntervals)
      .where(
        inArray(
          serviceEntryIntervals.serviceEntryId,
          rows.map((e) => e.id),
        ),
      )
      .orderBy(asc(serviceEntryIntervals.serviceEntryId), asc(serviceEntryIntervals.intervalId));
    return rows
      .filter((e) => partsOut.has(e.componentId))
      .map((e): ExportV1["serviceEntries"][number] => {
        const receipt = reference(e.receiptUrl, present);
        return {
          id: e.id,
          componentId: e.componentId,
          date: e.date,
          description: e.description,
          cost: Number(e.cost),
          receiptUrl: receipt.url,
          receiptFile: receipt.file,
          resetsIntervalIds: resets
            .filter((r) => r.serviceEntryId === e.id && intervalsOut.has(r.intervalId))
            .map((r) => r.intervalId),
          createdAt: iso(e.createdAt),
          updatedAt: iso(e.updatedAt),
        };
      });
  });
  yield* list("shareLinks", pages(db, sharedBikes, userId), (rows) =>
    rows.map((s): ExportV1["shareLinks"][number] => ({
      id: s.id,
      bicycleId: s.bicycleId !== null && bikesOut.has(s.bicycleId) ? s.bicycleId : null,
      notes: s.notes,
      snapshot: snapshotForExport(s.bikeData as SharedBikeSnapshot, present),
      createdAt: iso(s.createdAt),
    })),
  );
  // The Strava rides the rider deleted (a few at most; the table has no id to page on).
  const skipped = await db
    .select({ activityId: stravaSkippedActivities.activityId, createdAt: stravaSkippedActivities.createdAt })
    .from(stravaSkippedActivities)
    .where(eq(stravaSkippedActivities.userId, userId))
    .orderBy(asc(stravaSkippedActivities.activityId));
  yield* list("stravaSkippedActivities", inPages(skipped), (rows) =>
    rows.map((s): NonNullable<ExportV1["stravaSkippedActivities"]>[number] => ({
      activityId: s.activityId,
      createdAt: iso(s.createdAt),
    })),
  );
  // The Strava bike mapping (one row per bike the rider has on Strava): only what names a bicycle written above.
  const gear = await db
    .select({ gearId: stravaGear.gearId, bicycleId: stravaGear.bicycleId })
    .from(stravaGear)
    .where(eq(stravaGear.userId, userId))
    .orderBy(asc(stravaGear.gearId));
  yield* list("stravaBikes", inPages(gear), (rows) => rows.filter((g) => bikesOut.has(g.bicycleId)));
  yield `,"files":${JSON.stringify([...present.values()])}}`;
}
