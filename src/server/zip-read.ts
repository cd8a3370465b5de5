import yauzl from "yauzl";
import { zipEntryName } from "../shared/domain/ride-archive.ts";

/**
 * Reading uploaded .zip files entry by entry with yauzl (ride files, account archives). Names are decoded here,
 * not by yauzl (which refuses a whole archive for one "../" name without saying which): the caller decides what
 * a name may be. Nothing is ever written where an entry's name points.
 */

/** An entry's name as text (`zipEntryName`): yauzl reads the zip format's own fields when it is not UTF-8. */
export function entryName(entry: yauzl.Entry): string {
  const raw = entry.fileName as unknown as Buffer;
  return zipEntryName(raw, () =>
    yauzl.getFileNameLowLevel(entry.generalPurposeBitFlag, raw, entry.extraFields, false),
  );
}

/** Whether a name would lead out of the folder it is unpacked in: an absolute path, a drive, or a ".." step. */
export function isUnsafeEntryName(name: string): boolean {
  return (
    name.startsWith("/") ||
    /^[A-Za-z]:/.test(name) ||
    name.includes("\0") ||
    name.split("/").some((part) => part === "..")
  );
}

export class EntryTooLargeError extends Error {}

/**
 * An entry's bytes, inflated, refused past `maxBytes`. The declared size is checked first, then the bytes are
 * counted as they inflate and reading stops at the limit: a zip bomb that lies about its size gets no further.
 */
export function readEntryAtMost(file: yauzl.ZipFile, entry: yauzl.Entry, maxBytes: number): Promise<Buffer> {
  if (entry.uncompressedSize > maxBytes) return Promise.reject(new EntryTooLargeError());
  return new Promise((resolve, reject) => {
    file.openReadStream(entry, (error, stream) => {
      if (error || !stream) return reject(error ?? new Error("no stream"));
      const chunks: Buffer[] = [];
      let size = 0;
      stream.on("data", (chunk: Buffer) => {
        size += chunk.byteLength;
        if (size > maxBytes) {
          stream.destroy();
          return reject(new EntryTooLargeError());
        }
        chunks.push(chunk);
      });
      // yauzl's own check: more bytes than the entry declared (a bomb lying about its size).
      stream.on("error", (error: Error) =>
        reject(/too many bytes/.test(error.message) ? new EntryTooLargeError() : error),
      );
      stream.on("end", () => resolve(Buffer.concat(chunks)));
    });
  });
}
