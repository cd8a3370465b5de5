import { parseCsv } from "../../../shared/domain/csv.ts";

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

const sameName = (name: string) => name.trim().toLowerCase();

/**
 * Which of the rider's bicycles a Strava gear name is: the one bicycle of that name (trimmed, in any case),
 * else undefined (no gear, no such bicycle, or several of that name).
 */
export function bicycleOfGear(bicycles: { id: string; name: string }[]) {
  const byName = new Map<string, string | null>();
  for (const { id, name } of bicycles) byName.set(sameName(name), byName.has(sameName(name)) ? null : id);
  return (gear: string | undefined) =>
    gear === undefined ? undefined : (byName.get(sameName(gear)) ?? undefined);
}
