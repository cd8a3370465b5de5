import { messages } from "../../../../shared/messages.ts";
import { isFit, readFit } from "./fit.ts";
import { readGpx } from "./gpx.ts";
import { notOnABicycle } from "./sport.ts";
import { readTcx } from "./tcx.ts";
import { elevationGainM, firstTime, movingSeconds, type RideFileContent, trackDistanceM } from "./track.ts";
import { decodeXml, parseXml, rootElementName } from "./xml.ts";

const m = messages.rideFiles;

/** A ride read from a file, in the units of `rideInputSchema` (which the caller still applies). */
export interface RideFromFile {
  name: string;
  startedAt: Date;
  distanceKm: number;
  movingSeconds: number;
  elevationGainM: number | null;
}

/** A file that is no ride we can read; the message says why, in words for the rider. */
export class RideFileError extends Error {
  override name = "RideFileError";
}

/**
 * Reads one GPX, TCX or FIT file, recognised by its content rather than its name: its rides, one for each
 * activity (a TCX exported from Garmin Training Center holds many), each a ride or the reason it is none.
 * Throws when the file itself cannot be read. The whole file is parsed from its bytes (the formats need the
 * whole document), so callers read one file at a time.
 */
export function readRides(fileName: string, bytes: Uint8Array): (RideFromFile | RideFileError)[] {
  if (bytes.byteLength === 0) throw new RideFileError(m.empty);
  const contents = readContent(bytes);
  if (contents.length <= 1) return [toRide(fileName, contents[0] ?? { segments: [] })];
  return contents.map((content) => {
    try {
      return toRide(fileName, content);
    } catch (error) {
      if (error instanceof RideFileError) return error;
      throw error;
    }
  });
}

/** The ride of a file of one activity (GPX, FIT, most TCX); throws the reason when it is none. */
export function readRideFile(fileName: string, bytes: Uint8Array): RideFromFile {
  const [ride, ...more] = readRides(fileName, bytes);
  if (more.length > 0) throw new Error(`${fileName} holds ${more.length + 1} activities`);
  if (ride instanceof RideFileError) throw ride;
  return ride!;
}

function toRide(fileName: string, content: RideFileContent): RideFromFile {
  const sport = notOnABicycle(content.sports ?? []);
  if (sport !== undefined) throw new RideFileError(m.notARide(sport));
  const points = content.segments.flat();
  if (content.routeOnly) throw new RideFileError(m.routeOnly);
  if (content.distanceM === undefined && points.length < 2) throw new RideFileError(m.noTrackPoints);

  const startedAt = content.startedAt ?? firstTime(content.segments);
  if (startedAt === undefined) throw new RideFileError(m.noStartTime);
  const distanceM = content.distanceM ?? trackDistanceM(content.segments);
  if (!(distanceM > 0)) throw new RideFileError(m.noDistance);
  const elevation = content.elevationGainM ?? elevationGainM(content.segments);

  return {
    name: (content.name ?? nameFromFileName(fileName)).slice(0, 200),
    startedAt,
    distanceKm: Math.round(distanceM) / 1000,
    movingSeconds: Math.round(content.movingSeconds ?? movingSeconds(content.segments)),
    elevationGainM: elevation === null ? null : Math.round(elevation),
  };
}

function readContent(bytes: Uint8Array): RideFileContent[] {
  if (isFit(bytes)) {
    try {
      return [readFit(bytes)];
    } catch (error) {
      throw new RideFileError(`${m.unreadable}: ${(error as Error).message}`);
    }
  }
  // Strava's TCX export starts with spaces before the XML declaration, which XML does not allow.
  const text = decodeXml(bytes).trimStart();
  const root = rootElementName(text);
  if (root !== "gpx" && root !== "TrainingCenterDatabase") throw new RideFileError(m.unknownFormat);
  const parsed = parseXml(text);
  if ("error" in parsed) throw new RideFileError(`${m.unreadable}: ${parsed.error}`);
  return root === "gpx" ? [readGpx(parsed.document)] : readTcx(parsed.document);
}

/** "rides/2026-05-01 Morning.gpx" → "2026-05-01 Morning"; Strava's "Afternoon_Ride.tcx" → "Afternoon Ride". */
function nameFromFileName(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? fileName;
  return (
    base
      .replace(/\.[^.]*$/, "")
      .replaceAll("_", " ")
      .replace(/\s+/g, " ")
      .trim() || base
  );
}
