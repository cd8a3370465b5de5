import { type RideFileContent, sumOfAll, type TrackPoint, toNumber, toTime } from "./track.ts";
import { child, children, text, type XmlNode } from "./xml.ts";

/**
 * A TCX (Garmin Training Center) document: one content for each activity, from its laps. The laps'
 * DistanceMeters and TotalTimeSeconds are the device's totals; each Track is a segment.
 */
export function readTcx(document: XmlNode): RideFileContent[] {
  return children(child(child(document, "TrainingCenterDatabase"), "Activities"), "Activity").map(
    readActivity,
  );
}

function readActivity(activity: XmlNode): RideFileContent {
  const laps = children(activity, "Lap");
  const lapDistances = laps.map((lap) => toNumber(text(lap, "DistanceMeters")));
  const lapSeconds = laps.map((lap) => toNumber(text(lap, "TotalTimeSeconds")));
  const lapStart = toTime(text(laps[0], "@StartTime") ?? text(activity, "Id"));
  const sport = text(activity, "@Sport");
  return {
    name: text(activity, "Notes"),
    sports: sport === undefined ? [] : [sport],
    startedAt: lapStart === undefined ? undefined : new Date(lapStart),
    distanceM: sumOfAll(lapDistances),
    movingSeconds: sumOfAll(lapSeconds),
    segments: laps.flatMap((lap) =>
      children(lap, "Track").map((track) => children(track, "Trackpoint").map(trackPoint)),
    ),
  };
}

function trackPoint(point: XmlNode): TrackPoint {
  const position = child(point, "Position");
  return {
    time: toTime(text(point, "Time")),
    lat: toNumber(text(position, "LatitudeDegrees")),
    lon: toNumber(text(position, "LongitudeDegrees")),
    elevationM: toNumber(text(point, "AltitudeMeters")),
    distanceM: toNumber(text(point, "DistanceMeters")),
  };
}
