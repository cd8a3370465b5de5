import { Decoder, Stream } from "@garmin/fitsdk";
import { type RideFileContent, sumOfAll, type TrackPoint, toNumber, toTime } from "./track.ts";

const SEMICIRCLES_TO_DEGREES = 180 / 2 ** 31;

/** Bytes 8 to 11 of every FIT file's header are ".FIT". */
export function isFit(bytes: Uint8Array): boolean {
  return bytes.length >= 12 && String.fromCharCode(...bytes.subarray(8, 12)) === ".FIT";
}

/**
 * A FIT activity: the session messages' totals (what the device showed the rider) when present, and the
 * record messages as the track. Throws with the decoder's reason when the file is damaged or incomplete.
 */
export function readFit(bytes: Uint8Array): RideFileContent {
  const decoder = new Decoder(Stream.fromByteArray(withoutZeroPadding(bytes)));
  if (!decoder.checkIntegrity()) throw new Error("it is incomplete or damaged (its checksum does not match)");
  const { messages, errors } = decoder.read({ mergeHeartRates: false });
  if (errors.length > 0) throw new Error(errors[0]!.message);

  const sessions = messages.sessionMesgs ?? [];
  const sport = sessions
    .map((s): unknown => s.sport)
    .find((s): s is string => typeof s === "string" && s !== "generic");
  const starts = sessions.flatMap((s) => toTime(s.startTime) ?? []);
  return {
    name: sport === undefined ? undefined : humanise(sport),
    sports: sessions.flatMap((s): string[] => (typeof s.sport === "string" ? [s.sport] : [])),
    startedAt: starts.length > 0 ? new Date(Math.min(...starts)) : undefined,
    distanceM: sumOfAll(sessions.map((s) => toNumber(s.totalDistance))),
    movingSeconds: sumOfAll(sessions.map((s) => toNumber(s.totalMovingTime) ?? toNumber(s.totalTimerTime))),
    elevationGainM: sumOfAll(sessions.map((s) => toNumber(s.totalAscent))),
    segments: [
      (messages.recordMesgs ?? []).map(
        (record): TrackPoint => ({
          time: toTime(record.timestamp),
          lat: degrees(record.positionLat),
          lon: degrees(record.positionLong),
          elevationM: toNumber(record.enhancedAltitude) ?? toNumber(record.altitude),
          distanceM: toNumber(record.distance),
        }),
      ),
    ],
  };
}

/**
 * The file up to the end its header declares (header, data, 2-byte CRC) when every byte after that is zero:
 * some devices and tools pad FIT files, and the SDK's decoder reads what follows as another FIT file (a
 * chained file) and fails. Anything else after the end is left for the decoder to read or refuse.
 */
function withoutZeroPadding(bytes: Uint8Array): Uint8Array {
  if (bytes.length < 12) return bytes;
  const end = bytes[0]! + new DataView(bytes.buffer, bytes.byteOffset, 12).getUint32(4, true) + 2;
  if (end >= bytes.length || !bytes.subarray(end).every((b) => b === 0)) return bytes;
  return bytes.subarray(0, end);
}

function degrees(semicircles: unknown): number | undefined {
  const n = toNumber(semicircles);
  return n === undefined ? undefined : n * SEMICIRCLES_TO_DEGREES;
}

/** "cycling" → "Cycling", "eBiking" → "E biking". */
function humanise(sport: string): string {
  const words = sport.replace(/([A-Z])/g, " $1").toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
