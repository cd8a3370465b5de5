/**
 * Which entries of a .zip of ride files an import reads: the server's import (import.ts) and the browser,
 * which splits a Strava export too large for one request into .zip files of these entries only.
 */

/** A ride file by its name: .gpx, .tcx or .fit, gzipped or not, and a .zip inside (to say it must go alone). */
const RIDE_FILE_NAME = /\.(?:(?:gpx|tcx|fit)(?:\.gz)?|zip)$/i;
/** Strava's bulk export: the index of its activity files (strava-export.ts). */
const STRAVA_INDEX = "activities.csv";

/**
 * An entry's name as text, with Windows separators turned into "/": UTF-8 whenever the bytes are UTF-8
 * (macOS writes UTF-8 without saying so), otherwise `asTheZipSays` (its Unicode path field, else code page
 * 437, in which Windows' "Send to compressed folder" writes "Genève.gpx"). The server and the browser read
 * names alike, so a batch's paths match its activities.csv.
 */
export function zipEntryName(raw: Uint8Array, asTheZipSays: () => string): string {
  let name: string;
  try {
    name = new TextDecoder("utf-8", { fatal: true }).decode(raw);
  } catch {
    name = asTheZipSays();
  }
  return name.replaceAll("\\", "/");
}

/** The last part of an entry's path ("export/activities/1.gpx.gz" → "1.gpx.gz"), how results name it. */
export function entryBaseName(fullName: string): string {
  return fullName.replace(/\/+$/, "").split("/").pop() ?? "";
}

/** Folders, macOS's `__MACOSX/` copies and dot files: never a ride, never the index. */
function passedOver(fullName: string): boolean {
  return (
    fullName.endsWith("/") || fullName.startsWith("__MACOSX/") || entryBaseName(fullName).startsWith(".")
  );
}

/** Whether an entry (its full path, "/"-separated) is a ride file the import reads. */
export function isRideEntry(fullName: string): boolean {
  return !passedOver(fullName) && RIDE_FILE_NAME.test(entryBaseName(fullName));
}

/** Whether an entry is a Strava export's activities.csv (the first one counts). */
export function isStravaIndex(fullName: string): boolean {
  return !passedOver(fullName) && entryBaseName(fullName).toLowerCase() === STRAVA_INDEX;
}
