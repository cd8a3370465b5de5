import type { FileEntry, ZipWriter } from "@zip.js/zip.js";
import {
  entryBaseName,
  isRideEntry,
  isStravaIndex,
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
 * the original and the export's activities.csv at its path, so the server reads every batch as it would have
 * read the whole archive: the same names, types and gear per ride. Only the archive's directory and one entry
 * at a time are read from the file (zip.js reads slices of the Blob); nothing else is uploaded.
 */

/** Small batches: the progress bar moves often, and neither the browser nor the server holds much at once. */
export const BATCH_RIDES = 100;
export const BATCH_BYTES = 20 * 1024 * 1024;

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
    // An index the server would not read (too large, damaged) only costs the rides their Strava names there too.
    const csv =
      index && index.uncompressedSize <= MAX_RIDE_FILE_BYTES
        ? await index.getData(new zipjs.Uint8ArrayWriter()).catch(() => null)
        : null;
    let writer: ZipWriter<Blob> | null = null;
    let names: string[] = [];
    let bytes = 0;
    const finish = async (): Promise<RideBatch | null> => {
      if (!writer) return null;
      const zip = new File([await writer.close()], file.name, { type: "application/zip" });
      const batch = { zip, files: names };
      [writer, names, bytes] = [null, [], 0];
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
      if (!writer) {
        writer = new zipjs.ZipWriter(new zipjs.BlobWriter("application/zip"), { useWebWorkers: false });
        if (csv && index) await writer.add(fullName(index), new zipjs.Uint8ArrayReader(csv));
      }
      // Stored as they are: the rides are gzipped already.
      await writer.add(fullName(entry), new zipjs.Uint8ArrayReader(data), { level: 0 });
      names.push(name);
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
