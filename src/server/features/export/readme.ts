import { messages } from "../../../shared/messages.ts";
import { EXPORT_JSON_NAME, EXPORT_README_NAME, EXPORT_SCHEMA_ID } from "../../../shared/schemas/export.ts";

/**
 * The archive's README.txt: what the .zip is and holds, the units of velolog.json, and how to bring it back,
 * for a rider (or a program's author) who unzips it. Plain text, read by no import.
 */
export function exportReadme(now: Date): string {
  const m = messages.archive;
  return [
    `Velolog account export, made ${now.toISOString()}`,
    "",
    "Everything in your Velolog account: bicycles, components and where they were, rides, service intervals",
    "and history, share links and settings, with your photos and receipts.",
    "",
    `${EXPORT_README_NAME}     this note.`,
    `${EXPORT_JSON_NAME}   all of it as JSON. It follows the JSON Schema ${EXPORT_SCHEMA_ID}`,
    "               (docs/export/velolog-export.schema.json in Velolog's source), which describes every field.",
    'files/         the photos and receipts (files/<id>.webp, .jpg, .png or .pdf), listed in velolog.json\'s "files".',
    "",
    "Units: distances in kilometres (whichever unit the app shows), moving times in seconds, elevation in metres,",
    "costs and prices in US dollars (12.5 is $12.50), times as ISO 8601 instants in UTC, days as YYYY-MM-DD.",
    "Not in it: API tokens, the Strava connection and share links' addresses. You make them again.",
    "",
    `To bring it back, here or on another Velolog: on the Account page, under "${m.title}", use "${m.importTitle}"`,
    "and choose this .zip (as it is, or unzipped and zipped again). Importing it twice adds nothing twice.",
    "Its settings (distance unit, due soon %, time zone, service emails) become those of the account it goes into.",
    "",
  ].join("\n");
}
