import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { gunzip } from "node:zlib";
import { and, eq, gte, lte, or } from "drizzle-orm";
import yauzl from "yauzl";
import {
  entryBaseName,
  isRideEntry,
  isStravaIndex,
  pathInExport,
  type StravaActivity,
  stravaActivities,
} from "../../../shared/domain/ride-archive.ts";
import { messages } from "../../../shared/messages.ts";
import {
  MAX_RIDE_FILE_BYTES,
  MAX_RIDES_PER_ZIP,
  type RideFileResult,
  rideInputSchema,
} from "../../../shared/schemas/ride.ts";
import type { Database } from "../../db/index.ts";
import { bicycles, rides } from "../../db/schema.ts";
import { AppError } from "../../errors.ts";
import { EntryTooLargeError, entryName, readEntryAtMost } from "../../zip-read.ts";
import { assertOwnBicycle } from "../components/service.ts";
import { RideFileError, type RideFromFile, readRides } from "./files/read-ride-file.ts";
import { notOnABicycle, sportWords } from "./files/sport.ts";
import { getRide } from "./service.ts";
import { bicycleOfGear } from "./strava-export.ts";

const m = messages.rideFiles;

/**
 * Two rides are the same ride when they start within a minute of each other and the shorter is at least 90%
 * of the longer (decision 0039): a device's FIT (its wheel sensor or its own smoothing) and the same ride's
 * GPX from another app (haversine over the points) often differ by several percent, while one rider does
 * not start two different rides in the same minute.
 */
export const SAME_RIDE_START_MS = 60_000;
const SHORTER_AT_LEAST = 0.9;

/** The start times and distances (numeric(10,3) text, as stored) a ride's duplicates lie within. */
function sameRideBounds(startedAt: Date, distanceKm: number) {
  return {
    from: new Date(startedAt.getTime() - SAME_RIDE_START_MS),
    to: new Date(startedAt.getTime() + SAME_RIDE_START_MS),
    // Symmetric, so that which of the two comes first does not decide.
    shortest: (distanceKm * SHORTER_AT_LEAST).toFixed(3),
    longest: (distanceKm / SHORTER_AT_LEAST).toFixed(3),
  };
}

/** The rides that are the same ride as one starting at `startedAt` over `distanceKm` (file and Strava imports). */
export function sameRideAs(startedAt: Date, distanceKm: number) {
  const { from, to, shortest, longest } = sameRideBounds(startedAt, distanceKm);
  return and(
    gte(rides.startedAt, from),
    lte(rides.startedAt, to),
    gte(rides.distanceKm, shortest),
    lte(rides.distanceKm, longest),
  );
}

/** `sameRideAs` for rides already read (their distance as stored): a test of whether one is the same ride. */
export function sameRideTest(startedAt: Date, distanceKm: number) {
  const { from, to, shortest, longest } = sameRideBounds(startedAt, distanceKm);
  const [earliest, latest, least, most] = [from.getTime(), to.getTime(), Number(shortest), Number(longest)];
  return (ride: { startedAt: Date; distanceKm: string }) => {
    const start = ride.startedAt.getTime();
    const distance = Number(ride.distanceKm);
    return start >= earliest && start <= latest && distance >= least && distance <= most;
  };
}

function isZip(bytes: Uint8Array): boolean {
  return bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
}

function isGzip(bytes: Uint8Array): boolean {
  return bytes[0] === 0x1f && bytes[1] === 0x8b;
}

const inflate = promisify(gunzip);

/**
 * A ride file as sent, or inflated when gzipped: Strava's bulk export keeps most activities as `.fit.gz`,
 * `.gpx.gz` or `.tcx.gz`. Inflated at most to the size a ride file may have.
 */
async function rideFileBytes(
  fileName: string,
  bytes: Uint8Array,
): Promise<{ name: string; bytes: Uint8Array }> {
  if (!isGzip(bytes)) return { name: fileName, bytes };
  const inflated = await inflate(bytes, { maxOutputLength: MAX_RIDE_FILE_BYTES }).catch((error: unknown) => {
    const tooLarge = (error as { code?: string }).code === "ERR_BUFFER_TOO_LARGE";
    throw new RideFileError(tooLarge ? m.tooLarge : m.damagedGzip);
  });
  return { name: fileName.replace(/\.gz$/i, ""), bytes: new Uint8Array(inflated) };
}

/**
 * Imports one uploaded file onto a bicycle: a GPX, TCX or FIT file, or a .zip of them (read one entry at a
 * time). Each ride is stored alone, so a bad file stores nothing and takes nothing from the others.
 */
export async function importRideFile(
  db: Database,
  userId: string,
  bicycleId: string,
  fileName: string,
  bytes: Uint8Array,
): Promise<RideFileResult[]> {
  await assertOwnBicycle(db, userId, bicycleId);
  if (!isZip(bytes)) {
    if (bytes.byteLength > MAX_RIDE_FILE_BYTES) return [unreadable(fileName, m.tooLarge)];
    return importOne(db, userId, bicycleId, fileName, bytes);
  }
  const results: RideFileResult[] = [];
  // A Strava export's ride goes on the bicycle its gear names, whichever bicycle's tab it was sent from.
  const gearBicycle = bicycleOfGear(
    await db
      .select({ id: bicycles.id, name: bicycles.name })
      .from(bicycles)
      .where(eq(bicycles.userId, userId)),
  );
  await eachZipEntry(bytes, async (name, read, activity) => {
    const entry = await read().catch((error: unknown) => error as Error);
    const onBicycle = gearBicycle(activity.gear) ?? bicycleId;
    results.push(
      ...(entry instanceof Error
        ? [unreadable(name, entry instanceof RideFileError ? entry.message : m.badZip)]
        : await importOne(db, userId, onBicycle, name, entry, activity)),
    );
  });
  if (results.length === 0) throw new AppError("VALIDATION", m.emptyZip, { file: m.emptyZip });
  return results;
}

function unreadable(file: string, reason: string): RideFileResult {
  return { file, status: "unreadable", reason, ride: null };
}

/**
 * Imports the rides of one file: one result, or one for each activity of a file that holds several (named
 * "history.tcx (2 of 5)", each with the file's fingerprint and its place in the file).
 */
async function importOne(
  db: Database,
  userId: string,
  bicycleId: string,
  fileName: string,
  bytes: Uint8Array,
  /**
   * What a Strava export's activities.csv says of the file: the rider's name for it and its type (its gear
   * has already chosen `bicycleId`).
   */
  activity: StravaActivity = {},
): Promise<RideFileResult[]> {
  let found: (RideFromFile | RideFileError)[];
  let content: Uint8Array;
  try {
    if (activity.type !== undefined && notOnABicycle([activity.type]) !== undefined) {
      throw new RideFileError(m.notARide(sportWords(activity.type)));
    }
    const file = await rideFileBytes(fileName, bytes);
    if (isZip(file.bytes)) throw new RideFileError(m.zipInZip);
    content = file.bytes;
    found = readRides(file.name, content);
  } catch (error) {
    return [unreadable(fileName, error instanceof RideFileError ? error.message : m.unreadable)];
  }
  // Of the ride file itself: the same ride sent gzipped or not is one ride.
  const fingerprint = createHash("sha256").update(content).digest("hex");
  if (found.length === 1) {
    const [ride] = found;
    if (ride && !(ride instanceof RideFileError) && activity.name !== undefined) {
      ride.name = activity.name.slice(0, 200);
    }
    return [await storeRide(db, userId, bicycleId, fileName, found[0]!, fingerprint)];
  }
  const results: RideFileResult[] = [];
  for (const [index, ride] of found.entries()) {
    const name = `${fileName} (${index + 1} of ${found.length})`;
    results.push(await storeRide(db, userId, bicycleId, name, ride, `${fingerprint}#${index + 1}`));
  }
  return results;
}

/** Stores one ride read from a file, unless it is already there (by its fingerprint, or as the same ride). */
async function storeRide(
  db: Database,
  userId: string,
  bicycleId: string,
  fileName: string,
  found: RideFromFile | RideFileError,
  fingerprint: string,
): Promise<RideFileResult> {
  if (found instanceof RideFileError) return unreadable(fileName, found.message);
  const input = rideInputSchema.safeParse({ ...found, startedAt: found.startedAt.toISOString() });
  if (!input.success) return unreadable(fileName, input.error.issues[0]?.message ?? m.unreadable);
  const ride = input.data;

  const startedAt = new Date(ride.startedAt);
  const [same] = await db
    .select({ id: rides.id })
    .from(rides)
    .where(
      and(
        eq(rides.userId, userId),
        or(
          and(eq(rides.source, "file"), eq(rides.externalId, fingerprint)),
          sameRideAs(startedAt, ride.distanceKm),
        ),
      ),
    )
    .limit(1);
  if (same)
    return { file: fileName, status: "duplicate", reason: null, ride: await getRide(db, userId, same.id) };

  const inserted = await db
    .insert(rides)
    .values({
      userId,
      bicycleId,
      name: ride.name,
      startedAt,
      distanceKm: ride.distanceKm.toFixed(3),
      movingSeconds: ride.movingSeconds,
      elevationGainM: ride.elevationGainM,
      source: "file",
      externalId: fingerprint,
    })
    // The same file sent twice at once: the unique fingerprint keeps one.
    .onConflictDoNothing()
    .returning({ id: rides.id });
  if (inserted.length === 0) return { file: fileName, status: "duplicate", reason: null, ride: null };
  return {
    file: fileName,
    status: "imported",
    reason: null,
    ride: await getRide(db, userId, inserted[0]!.id),
  };
}

/**
 * Calls `onEntry` for each ride file of a .zip, one after another; `read` gives its bytes, `activity` what a
 * Strava export's activities.csv says of it. The archive's directory is listed first, so one with too many
 * ride files is refused before any ride is stored. Entries over the size limit are refused by their declared
 * size or, lying about it, once their inflated bytes pass it.
 */
function eachZipEntry(
  zip: Uint8Array,
  onEntry: (name: string, read: () => Promise<Uint8Array>, activity: StravaActivity) => Promise<void>,
): Promise<void> {
  const badZip = () => new AppError("VALIDATION", m.badZip, { file: m.badZip });
  return new Promise((resolve, reject) => {
    // Names are read here, not by yauzl (which refuses a whole archive for one "../" name): only an entry's
    // base name is kept, to report it; nothing is ever written where an entry's path points.
    const options = { lazyEntries: true, decodeStrings: false };
    yauzl.fromBuffer(Buffer.from(zip.buffer, zip.byteOffset, zip.byteLength), options, (error, file) => {
      if (error || !file) return reject(badZip());
      const entries: { name: string; fullName: string; entry: yauzl.Entry }[] = [];
      let index: { fullName: string; entry: yauzl.Entry } | undefined;
      file.on("error", () => reject(badZip()));
      file.on("entry", (entry: yauzl.Entry) => {
        const fullName = entryName(entry);
        if (isRideEntry(fullName)) entries.push({ name: entryBaseName(fullName), fullName, entry });
        if (isStravaIndex(fullName)) index ??= { fullName, entry };
        file.readEntry();
      });
      file.on("end", async () => {
        if (entries.length > MAX_RIDES_PER_ZIP) {
          return reject(new AppError("VALIDATION", m.tooManyFiles, { file: m.tooManyFiles }));
        }
        try {
          // An index that cannot be read only costs the rides their Strava names.
          const activities = index
            ? stravaActivities(
                new TextDecoder().decode(
                  await readEntryAtMost(file, index.entry, MAX_RIDE_FILE_BYTES).catch(() => new Uint8Array()),
                ),
              )
            : new Map<string, StravaActivity>();
          for (const { name, fullName, entry } of entries) {
            const read = () =>
              readEntryAtMost(file, entry, MAX_RIDE_FILE_BYTES).catch((error: unknown) => {
                throw new RideFileError(error instanceof EntryTooLargeError ? m.tooLarge : m.badZip);
              });
            const inExport = index ? pathInExport(index.fullName, fullName) : fullName;
            await onEntry(name, read, (inExport !== null && activities.get(inExport)) || {});
          }
          resolve();
        } catch (error) {
          reject(error);
        }
      });
      file.readEntry();
    });
  });
}
