import { parseCsv } from "../../../shared/domain/csv.ts";

/**
 * Strava's bulk export: its `activities.csv` names each activity file (`activities/123.fit.gz`) with the
 * name the rider gave it and its type. The files themselves often say neither (a head unit's FIT names
 * only its sport), so an import of the export takes both from here.
 */

export interface StravaActivity {
  name?: string;
  type?: string;
}

/**
 * The activities of an `activities.csv`, by their file's path as the export writes it
 * ("activities/123.fit.gz"); empty when the text has no "Filename" column.
 */
export function stravaActivities(csv: string): Map<string, StravaActivity> {
  const [header = [], ...rows] = parseCsv(csv, ",");
  const column = (name: string) => header.findIndex((h) => h.trim() === name);
  const [file, name, type] = [column("Filename"), column("Activity Name"), column("Activity Type")];
  const activities = new Map<string, StravaActivity>();
  if (file < 0) return activities;
  for (const row of rows) {
    const path = row[file]?.trim();
    if (!path) continue;
    activities.set(path, { name: row[name]?.trim() || undefined, type: row[type]?.trim() || undefined });
  }
  return activities;
}
