import { parseCsv } from "./csv.ts";

/**
 * Which entries of a .zip of ride files an import reads: the server's import (import.ts) and the browser,
 * which splits a Strava export too large for one request into .zip files of these entries only.
 */

/** A ride file by its name: .gpx, .tcx or .fit, gzipped or not, and a .zip inside (to say it must go alone). */
const RIDE_FILE_NAME = /\.(?:(?:gpx|tcx|fit)(?:\.gz)?|zip)$/i;
/** Strava's bulk export: the index of its activity files (`stravaActivities`). */
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

/** Files Windows' Explorer leaves in folders (thumbnails, folder settings), as it names them in any case. */
const WINDOWS_FOLDER_FILES = new Set(["thumbs.db", "desktop.ini"]);

/**
 * What the operating system adds to a .zip, not the rider: folders, macOS's `__MACOSX/` copies and dot files
 * (`.DS_Store`, `._*` AppleDouble files), Windows' `Thumbs.db` and `desktop.ini`. Never a ride, never the
 * index, never part of an account export.
 */
export function passedOver(fullName: string): boolean {
  const base = entryBaseName(fullName);
  return (
    fullName.endsWith("/") ||
    fullName.startsWith("__MACOSX/") ||
    base.startsWith(".") ||
    WINDOWS_FOLDER_FILES.has(base.toLowerCase())
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

/**
 * Strava's bulk export: its `activities.csv` names each activity file (`activities/123.fit.gz`) with the
 * name the rider gave it, its type and the Strava bike it was ridden on ("Activity Gear"). The files
 * themselves often say none of it (a head unit's FIT names only its sport), so an import of the export takes
 * them from here.
 */

export interface StravaActivity {
  name?: string;
  type?: string;
  /** The name of the Strava bike (or shoes) it was done with. */
  gear?: string;
}

/**
 * The activities of an `activities.csv`, by their file's path as the export writes it
 * ("activities/123.fit.gz"); empty when the text has no "Filename" column.
 */
export function stravaActivities(csv: string): Map<string, StravaActivity> {
  const [header = [], ...rows] = parseCsv(csv, ",");
  const column = (name: string) => header.findIndex((h) => h.trim() === name);
  const [file, name, type, gear] = [
    column("Filename"),
    column("Activity Name"),
    column("Activity Type"),
    column("Activity Gear"),
  ];
  const activities = new Map<string, StravaActivity>();
  if (file < 0) return activities;
  for (const row of rows) {
    const path = row[file]?.trim();
    if (!path) continue;
    const text = (index: number) => row[index]?.trim() || undefined;
    activities.set(path, { name: text(name), type: text(type), gear: text(gear) });
  }
  return activities;
}

/**
 * A ride entry's path as the export's activities.csv names it: relative to the folder the index is in
 * ("export_1/activities/1.gpx.gz" with "export_1/activities.csv" → "activities/1.gpx.gz"); null for an entry
 * outside that folder, which the index cannot name.
 */
export function pathInExport(indexFullName: string, fullName: string): string | null {
  const slash = indexFullName.lastIndexOf("/");
  if (slash < 0) return fullName;
  const folder = indexFullName.slice(0, slash + 1);
  return fullName.startsWith(folder) ? fullName.slice(folder.length) : null;
}

const quoted = (text: string | undefined) => `"${(text ?? "").replaceAll('"', '""')}"`;

/**
 * An activities.csv naming only these activities, with only the columns an import reads (what the browser
 * sends with each part of an export it splits, rather than the whole index each time).
 */
export function stravaIndexCsv(activities: Iterable<[path: string, StravaActivity]>): string {
  let csv = "Activity Name,Activity Type,Activity Gear,Filename\r\n";
  for (const [path, { name, type, gear }] of activities) {
    csv += `${[name, type, gear, path].map(quoted).join(",")}\r\n`;
  }
  return csv;
}
