import type { FileEntry, ZipWriter } from "@zip.js/zip.js";
import {
  entryBaseName,
  isRideEntry,
  isStravaIndex,
  pathInExport,
  type StravaActivity,
  stravaActivities,
  stravaIndexCsv,
  zipEntryName,
} from "../../../shared/domain/ride-archive.ts";
import { messages } from "../../../shared/messages.ts";
import {
  MAX_RIDE_FILE_BYTES,
  MAX_RIDE_ZIP_BYTES,
  MAX_RIDES_PER_ZIP,
  type RideFileResult,
} from "../../../shared/schemas/ride.ts";

/**
 * A .zip of ride files too large for one request (a Strava bulk export of a few GB, thousands of rides) is sent
 * as several smaller .zip files made here in the browser. Each holds some of the ride files at their paths in
 * the original and, at the index's path, an activities.csv of just those rides (the columns an import reads),
 * so the server reads every batch as it would have read the whole archive: the same names, types and gear per
 * ride. Only the archive's directory and one entry at a time are read from the file (zip.js reads slices of
 * the Blob); nothing else is uploaded.
 */

/** Small batches: the progress bar moves often, and neither the browser nor the server holds much at once. */
export const BATCH_RIDES = 100;
export const BATCH_BYTES = 20 * 1024 * 1024;
/** The largest activities.csv read (Strava's for 50,000 activities is about 75 MB). */
const MAX_INDEX_BYTES = 200 * 1024 * 1024;

const m = messages.rideFiles;

/** A .zip to send in one request, with the base names of its ride files (to report them if it fails). */
export interface RideBatch {
  zip: File;
  files: string[];
}

/** A ride file refused without sending it, for the reason the server would give. */
export interface RefusedRide {
  refused: RideFileResult;
}

export interface RideArchive {
  /** The ride files the server would read, in the archive's order. */
  readonly rides: number;
  /** Whether the server takes the archive as it is in one request. */
  readonly fitsOneRequest: boolean;
  /** The ride files in batches, in the archive's order, each made when it is asked for. */
  batches(): AsyncGenerator<RideBatch | RefusedRide>;
  close(): Promise<void>;
}

function unreadable(file: string, reason: string): RefusedRide {
  return { refused: { file, status: "unreadable", reason, ride: null } };
}

/** The directory of a .zip, read from its end; null when the file is not a .zip that can be read. */
export async function openRideArchive(file: File): Promise<RideArchive | null> {
  // zip.js without its wasm and web workers: the page's Content-Security-Policy allows neither, and the
  // browser's own (De)CompressionStream does the inflating.
  const zipjs = await import("@zip.js/zip.js/lib/zip-core-native.js");
  // Names as the server reads them: any name is kept (the server uses only its last part).
  const reader = new zipjs.ZipReader(new zipjs.BlobReader(file), {
    useWebWorkers: false,
    filenameValidation: "tolerant",
  });
  const entries = await reader.getEntries().catch(() => null);
  if (!entries) {
    await reader.close().catch(() => undefined);
    return null;
  }
  const files = entries.filter((entry): entry is FileEntry => !entry.directory);
  const rides = files.filter((entry) => isRideEntry(fullName(entry)));
  const index = files.find((entry) => isStravaIndex(fullName(entry)));

  async function* batches(): AsyncGenerator<RideBatch | RefusedRide> {
    // Read once here, however large (each batch carries only its own rides' rows); a damaged index only costs
    // the rides their Strava names, as on the server.
    const csv =
      index && index.uncompressedSize <= MAX_INDEX_BYTES
        ? await index.getData(new zipjs.TextWriter()).catch(() => null)
        : null;
    const activities = csv ? stravaActivities(csv) : new Map<string, StravaActivity>();
    let writer: ZipWriter<Blob> | null = null;
    let names: string[] = [];
    let described: [string, StravaActivity][] = [];
    let bytes = 0;
    const finish = async (): Promise<RideBatch | null> => {
      if (!writer) return null;
      if (index && described.length > 0) {
        await writer.add(fullName(index), new zipjs.TextReader(stravaIndexCsv(described)));
      }
      const zip = new File([await writer.close()], file.name, { type: "application/zip" });
      const batch = { zip, files: names };
      [writer, names, described, bytes] = [null, [], [], 0];
      return batch;
    };

    for (const entry of rides) {
      const name = entryBaseName(fullName(entry));
      if (entry.uncompressedSize > MAX_RIDE_FILE_BYTES) {
        const batch = await finish();
        if (batch) yield batch;
        yield unreadable(name, m.tooLarge);
        continue;
      }
      if (writer && (names.length >= BATCH_RIDES || bytes + entry.uncompressedSize > BATCH_BYTES)) {
        const batch = await finish();
        if (batch) yield batch;
      }
      const data = await entry.getData(new zipjs.Uint8ArrayWriter()).catch(() => null);
      if (!data) {
        // As the server says of an entry it cannot inflate; the batch so far goes first, to keep the order.
        const batch = await finish();
        if (batch) yield batch;
        yield unreadable(name, m.badZip);
        continue;
      }
      writer ??= new zipjs.ZipWriter(new zipjs.BlobWriter("application/zip"), { useWebWorkers: false });
      // Stored as they are: the rides are gzipped already.
      await writer.add(fullName(entry), new zipjs.Uint8ArrayReader(data), { level: 0 });
      names.push(name);
      const inExport = index ? pathInExport(fullName(index), fullName(entry)) : null;
      const activity = inExport === null ? undefined : activities.get(inExport);
      if (inExport !== null && activity) described.push([inExport, activity]);
      bytes += data.byteLength;
    }
    const batch = await finish();
    if (batch) yield batch;
  }

  return {
    rides: rides.length,
    fitsOneRequest: file.size <= MAX_RIDE_ZIP_BYTES && rides.length <= MAX_RIDES_PER_ZIP,
    batches,
    close: () => reader.close(),
  };
}

/** An entry's name as the server reads it (`zipEntryName`); zip.js decodes the zip format's own fields. */
function fullName(entry: FileEntry): string {
  return zipEntryName(entry.rawFilename, () => entry.filename);
}
