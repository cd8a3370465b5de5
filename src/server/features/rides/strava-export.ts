/**
 * Strava's bulk export: its `activities.csv` names each activity file (`activities/123.fit.gz`) with the
 * name the rider gave it and its type. The files themselves often say neither (a head unit's FIT names
 * only its sport), so an import of the export takes both from here.
 */

export interface StravaActivity {
  name?: string;
  type?: string;
}

/** Rows of RFC 4180 CSV: fields separated by commas, quoted when they hold commas, quotes or line breaks. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") {
      row.push(field);
      field = "";
    } else if (c === "\n" || c === "\r") {
      if (c === "\r" && text[i + 1] === "\n") i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
    } else field += c;
  }
  if (field !== "" || row.length > 0) rows.push([...row, field]);
  return rows;
}

/**
 * The activities of an `activities.csv`, by their file's path as the export writes it
 * ("activities/123.fit.gz"); empty when the text has no "Filename" column.
 */
export function stravaActivities(csv: string): Map<string, StravaActivity> {
  const [header = [], ...rows] = parseCsv(csv.replace(/^\uFEFF/, ""));
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
