import { type RideFileContent, type TrackPoint, toNumber, toTime } from "./track.ts";
import { child, children, text, type XmlNode } from "./xml.ts";

/**
 * A GPX 1.0 or 1.1 document: its tracks' points. Routes and waypoints are plans, not rides; `routeOnly`
 * says the file holds a route and no track.
 */
export function readGpx(document: XmlNode): RideFileContent {
  const gpx = child(document, "gpx");
  const tracks = children(gpx, "trk");
  const strava = text(gpx, "@creator")?.startsWith("StravaGPX") ?? false;
  return {
    name: text(child(gpx, "metadata"), "name") ?? text(gpx, "name") ?? text(tracks[0], "name"),
    sports: tracks.flatMap((track) => {
      const type = text(track, "type");
      return type === undefined ? [] : [(strava && STRAVA_TYPES[type]) || type];
    }),
    routeOnly: tracks.length === 0 && children(gpx, "rte").length > 0,
    segments: tracks.flatMap((track) =>
      children(track, "trkseg").map((segment) => children(segment, "trkpt").map(trackPoint)),
    ),
  };
}

/**
 * Strava's older GPX exports write the activity type as a number: 1 is a ride, 9 a run. Strava documents no
 * other number (its newer exports write words, such as "running", which sport.ts reads), so any other number
 * is an unknown sport, a ride: refusing a real ride on a guess would lose it.
 */
const STRAVA_TYPES: Record<string, string> = { "1": "cycling", "9": "running" };

function trackPoint(point: XmlNode): TrackPoint {
  return {
    lat: toNumber(text(point, "@lat")),
    lon: toNumber(text(point, "@lon")),
    elevationM: toNumber(text(point, "ele")),
    time: toTime(text(point, "time")),
  };
}
