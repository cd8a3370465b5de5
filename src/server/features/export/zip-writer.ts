import { once } from "node:events";
import zlib from "node:zlib";

/**
 * A .zip written as it is produced (decision 0048): each entry's local header, its bytes, and at the end the
 * central directory, yielded chunk by chunk, so an export of any size never sits in memory whole. Files whose
 * bytes are at hand (photos, receipts: at most 10 MB each, read one at a time) are stored as they are, with
 * their sizes in the header; a streamed entry (velolog.json) is deflated, and its CRC and sizes follow it in a
 * data descriptor. No ZIP64: an account's files are at most 200 MB, far below the format's 4 GB.
 */
export type ZipEntry =
  | { name: string; bytes: Uint8Array }
  | { name: string; stream: AsyncIterable<Uint8Array | string> };

interface Written {
  name: Uint8Array;
  crc: number;
  compressedSize: number;
  size: number;
  offset: number;
  method: number;
  flags: number;
}

const UTF8 = 0x0800;
const DATA_DESCRIPTOR = 0x0008;
const LIMIT = 0xffffffff;

function dosTime(date: Date): { time: number; day: number } {
  return {
    time: (date.getHours() << 11) | (date.getMinutes() << 5) | Math.floor(date.getSeconds() / 2),
    day: ((date.getFullYear() - 1980) << 9) | ((date.getMonth() + 1) << 5) | date.getDate(),
  };
}

function localHeader(entry: Written, when: { time: number; day: number }): Uint8Array {
  const header = Buffer.alloc(30);
  header.writeUInt32LE(0x04034b50, 0);
  header.writeUInt16LE(20, 4);
  header.writeUInt16LE(entry.flags, 6);
  header.writeUInt16LE(entry.method, 8);
  header.writeUInt16LE(when.time, 10);
  header.writeUInt16LE(when.day, 12);
  header.writeUInt32LE(entry.crc, 14);
  header.writeUInt32LE(entry.compressedSize, 18);
  header.writeUInt32LE(entry.size, 22);
  header.writeUInt16LE(entry.name.byteLength, 26);
  header.writeUInt16LE(0, 28);
  return Buffer.concat([header, entry.name]);
}

function centralHeader(entry: Written, when: { time: number; day: number }): Uint8Array {
  const header = Buffer.alloc(46);
  header.writeUInt32LE(0x02014b50, 0);
  header.writeUInt16LE(20, 4);
  header.writeUInt16LE(20, 6);
  header.writeUInt16LE(entry.flags, 8);
  header.writeUInt16LE(entry.method, 10);
  header.writeUInt16LE(when.time, 12);
  header.writeUInt16LE(when.day, 14);
  header.writeUInt32LE(entry.crc, 16);
  header.writeUInt32LE(entry.compressedSize, 20);
  header.writeUInt32LE(entry.size, 24);
  header.writeUInt16LE(entry.name.byteLength, 28);
  // Extra field, comment, disk number, internal and external attributes: none.
  header.writeUInt32LE(entry.offset, 42);
  return Buffer.concat([header, entry.name]);
}

function endOfCentralDirectory(count: number, size: number, offset: number): Uint8Array {
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(count, 8);
  end.writeUInt16LE(count, 10);
  end.writeUInt32LE(size, 12);
  end.writeUInt32LE(offset, 16);
  return end;
}

/** Deflates a stream of chunks, counting the input's CRC-32 and size on the way. */
async function* deflated(
  input: AsyncIterable<Uint8Array | string>,
  totals: { crc: number; size: number; compressedSize: number },
): AsyncGenerator<Uint8Array> {
  const deflate = zlib.createDeflateRaw({ level: 6 });
  // Fed from its own task: the output below is read as it comes, and a full output buffer pauses the feeding
  // (write answers false until 'drain'), so neither side holds more than zlib's buffers.
  const feeding = (async () => {
    try {
      for await (const piece of input) {
        const chunk = typeof piece === "string" ? Buffer.from(piece, "utf8") : piece;
        if (chunk.byteLength === 0) continue;
        totals.crc = zlib.crc32(chunk, totals.crc);
        totals.size += chunk.byteLength;
        if (!deflate.write(chunk)) await once(deflate, "drain");
      }
      deflate.end();
    } catch (error) {
      deflate.destroy(error as Error);
    }
  })();
  for await (const out of deflate as AsyncIterable<Buffer>) {
    totals.compressedSize += out.byteLength;
    yield out;
  }
  await feeding;
}

/** The archive's bytes, chunk by chunk, for the entries as they come. */
export async function* zipStream(
  entries: AsyncIterable<ZipEntry>,
  now = new Date(),
): AsyncGenerator<Uint8Array> {
  const when = dosTime(now);
  const written: Written[] = [];
  let offset = 0;
  const names = new Set<string>();
  for await (const entry of entries) {
    if (names.has(entry.name)) throw new Error(`zip entry named twice: ${entry.name}`);
    names.add(entry.name);
    const name = Buffer.from(entry.name, "utf8");
    if ("bytes" in entry) {
      const record: Written = {
        name,
        crc: zlib.crc32(entry.bytes),
        compressedSize: entry.bytes.byteLength,
        size: entry.bytes.byteLength,
        offset,
        method: 0,
        flags: UTF8,
      };
      const header = localHeader(record, when);
      yield header;
      yield entry.bytes;
      offset += header.byteLength + entry.bytes.byteLength;
      written.push(record);
    } else {
      const record: Written = {
        name,
        crc: 0,
        compressedSize: 0,
        size: 0,
        offset,
        method: 8,
        flags: UTF8 | DATA_DESCRIPTOR,
      };
      const header = localHeader(record, when);
      yield header;
      const totals = { crc: 0, size: 0, compressedSize: 0 };
      yield* deflated(entry.stream, totals);
      Object.assign(record, totals);
      const descriptor = Buffer.alloc(16);
      descriptor.writeUInt32LE(0x08074b50, 0);
      descriptor.writeUInt32LE(record.crc, 4);
      descriptor.writeUInt32LE(record.compressedSize, 8);
      descriptor.writeUInt32LE(record.size, 12);
      yield descriptor;
      offset += header.byteLength + record.compressedSize + descriptor.byteLength;
      if (record.size > LIMIT) throw new Error("zip entry past 4 GB");
      written.push(record);
    }
    if (offset > LIMIT || written.length >= 0xffff) throw new Error("zip past the format's limits");
  }
  let directorySize = 0;
  for (const record of written) {
    const header = centralHeader(record, when);
    directorySize += header.byteLength;
    yield header;
  }
  yield endOfCentralDirectory(written.length, directorySize, offset);
}
