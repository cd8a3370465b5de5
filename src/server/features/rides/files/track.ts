/**
 * What a ride file holds, whatever its format, and the rules that turn a track into a ride's figures
 * (decision 0039): the file's own totals win; the track fills in what the file does not say.
 */

export interface TrackPoint {
  /** Milliseconds since the epoch. */
  time?: number;
  lat?: number;
  lon?: number;
  elevationM?: number;
  /** The device's own odometer at this point, in metres (TCX DistanceMeters, FIT record distance). */
  distanceM?: number;
}

export interface RideFileContent {
  name?: string;
  /** The sports the file names (FIT sessions, TCX activities, GPX track types), as written. */
  sports?: string[];
  /** A GPX file with a route and no track: a planned ride, not a recorded one. */
  routeOnly?: boolean;
  startedAt?: Date;
  /** Totals the device wrote (TCX laps, FIT sessions); each one missing is worked out from the track. */
  distanceM?: number;
  movingSeconds?: number;
  elevationGainM?: number;
  /** The track, in segments: no distance or time is counted across a segment break. */
  segments: TrackPoint[][];
}

/** Slower than this between two points is standing still (3.6 km/h, walking pace). */
export const STOPPED_BELOW_M_PER_S = 1;
/** Points further apart in time than this (or three times the file's usual interval, if larger) are a pause. */
export const PAUSE_AFTER_SECONDS = 30;
/** Elevation changes smaller than this are noise, not climbing. */
export const CLIMB_THRESHOLD_M = 3;

const EARTH_RADIUS_M = 6_371_008.8;

/** The great-circle distance between two positions, in metres. */
export function haversineM(a: { lat: number; lon: number }, b: { lat: number; lon: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLon = (b.lon - a.lon) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * A point's position, if it has one. 0° N 0° E is none: devices and converters write it for a point taken
 * before the satellites were found, and a single one would add thousands of kilometres.
 */
function position(p: TrackPoint): { lat: number; lon: number } | undefined {
  if (p.lat === undefined || p.lon === undefined || (p.lat === 0 && p.lon === 0)) return undefined;
  return { lat: p.lat, lon: p.lon };
}

/** How far the rider went from one point to the next: the device's odometer if both have it, else the positions. */
function stepM(a: TrackPoint, b: TrackPoint): number {
  if (a.distanceM !== undefined && b.distanceM !== undefined) return Math.max(0, b.distanceM - a.distanceM);
  const [from, to] = [position(a), position(b)];
  return from && to ? haversineM(from, to) : 0;
}

/**
 * Consecutive points of each segment that say where the rider was (an odometer or a position): a point with
 * neither (in a tunnel, before the satellites were found) is stepped over, not counted as standing still.
 */
function* steps(segments: TrackPoint[][]): Generator<[TrackPoint, TrackPoint]> {
  for (const segment of segments) {
    let previous: TrackPoint | undefined;
    for (const point of segment) {
      if (point.distanceM === undefined && position(point) === undefined) continue;
      if (previous) yield [previous, point];
      previous = point;
    }
  }
}

/**
 * The distance in metres: the odometer's last reading minus its first when the points carry one (it counts
 * what the device counted, pauses included), else the sum of straight lines between positions in each segment.
 */
export function trackDistanceM(segments: TrackPoint[][]): number {
  let first: number | undefined;
  let highest = 0;
  for (const segment of segments) {
    for (const { distanceM } of segment) {
      if (distanceM === undefined) continue;
      first ??= distanceM;
      highest = Math.max(highest, distanceM);
    }
  }
  if (first !== undefined) return Math.max(0, highest - first);
  let total = 0;
  for (const [a, b] of steps(segments)) total += stepM(a, b);
  return total;
}

function medianIntervalSeconds(segments: TrackPoint[][]): number {
  const intervals: number[] = [];
  for (const [a, b] of steps(segments)) {
    if (a.time !== undefined && b.time !== undefined && b.time > a.time)
      intervals.push((b.time - a.time) / 1000);
  }
  intervals.sort((x, y) => x - y);
  return intervals[Math.floor(intervals.length / 2)] ?? 0;
}

/**
 * Moving time in seconds: the sum of the intervals between consecutive timed points of a segment at an
 * average speed of at least 1 m/s, leaving out pauses (intervals over 30 s, or three times the file's
 * median interval for files recorded sparsely).
 */
export function movingSeconds(segments: TrackPoint[][]): number {
  const pauseAfter = Math.max(PAUSE_AFTER_SECONDS, 3 * medianIntervalSeconds(segments));
  let total = 0;
  for (const [a, b] of steps(segments)) {
    if (a.time === undefined || b.time === undefined) continue;
    const seconds = (b.time - a.time) / 1000;
    if (seconds <= 0 || seconds > pauseAfter) continue;
    if (stepM(a, b) / seconds >= STOPPED_BELOW_M_PER_S) total += seconds;
  }
  return total;
}

/**
 * Elevation gain in metres, or null without elevations: a rise counts once it is 3 m above the last turning
 * point, and a dip only turns once it is 3 m below it, so that jitter of a few metres adds nothing.
 */
export function elevationGainM(segments: TrackPoint[][]): number | null {
  let gain = 0;
  let turningPoint: number | undefined;
  for (const segment of segments) {
    for (const { elevationM } of segment) {
      if (elevationM === undefined) continue;
      if (turningPoint === undefined || elevationM <= turningPoint - CLIMB_THRESHOLD_M) {
        turningPoint = elevationM;
      } else if (elevationM >= turningPoint + CLIMB_THRESHOLD_M) {
        gain += elevationM - turningPoint;
        turningPoint = elevationM;
      }
    }
  }
  return turningPoint === undefined ? null : gain;
}

export function firstTime(segments: TrackPoint[][]): Date | undefined {
  for (const segment of segments) {
    for (const point of segment) if (point.time !== undefined) return new Date(point.time);
  }
  return undefined;
}

/** The sum when every lap or session has the figure, else undefined (the track then fills it in). */
export function sumOfAll(values: (number | undefined)[]): number | undefined {
  if (values.length === 0 || values.some((v) => v === undefined)) return undefined;
  return values.reduce<number>((sum, v) => sum + v!, 0);
}

/** A number from a file's text, or undefined for anything that is not a finite number. */
export function toNumber(value: unknown): number | undefined {
  if (typeof value !== "string" && typeof value !== "number") return undefined;
  if (typeof value === "string" && value.trim() === "") return undefined;
  const n = Number(value);
  return Number.isFinite(n) ? n : undefined;
}

/** A date and time without a zone ("2026-05-01T07:30:00", "2026-05-01 07:30:00.5"). */
const WITHOUT_ZONE = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)$/;

/**
 * Milliseconds since the epoch from a file's date, or undefined when it is no valid date. A time without a
 * zone is UTC, as GPX and TCX define it (JavaScript would read it in the server's own time zone).
 */
export function toTime(value: unknown): number | undefined {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : value.getTime();
  if (typeof value !== "string") return undefined;
  const trimmed = value.trim();
  const zoneless = WITHOUT_ZONE.exec(trimmed);
  const time = Date.parse(zoneless ? `${zoneless[1]}T${zoneless[2]}Z` : trimmed);
  return Number.isNaN(time) ? undefined : time;
}
