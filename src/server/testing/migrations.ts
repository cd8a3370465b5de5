import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** The committed migrations folder (drizzle's SQL files and journal). */
export const MIGRATIONS_FOLDER = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  "..",
  "db",
  "migrations",
);

/**
 * A copy of the migrations as they were before the one tagged `firstLeftOut` (e.g. "0006"), for tests of a
 * migration on existing data: migrate to this folder, write data, then migrate to MIGRATIONS_FOLDER.
 */
export function migrationsBefore(firstLeftOut: string): { folder: string; remove: () => void } {
  const folder = mkdtempSync(path.join(os.tmpdir(), "velolog-migrations-"));
  cpSync(MIGRATIONS_FOLDER, folder, { recursive: true });
  const journalFile = path.join(folder, "meta", "_journal.json");
  const journal = JSON.parse(readFileSync(journalFile, "utf8")) as { entries: { tag: string }[] };
  journal.entries = journal.entries.filter((entry) => entry.tag < firstLeftOut);
  writeFileSync(journalFile, JSON.stringify(journal));
  return { folder, remove: () => rmSync(folder, { recursive: true, force: true }) };
}
