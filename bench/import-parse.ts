/**
 * Import text parsing: ~1 MB of pasted spec text (the import fixtures' spec sheets, repeated) through
 * parseSpecText; the median of a few runs after a warm-up.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseSpecText } from "../src/shared/import/parse-spec.ts";

// shared/ sits beside the repository (as in CI's clone): ../shared/fixtures/import from the root.
const FIXTURES = fileURLToPath(new URL("../../shared/fixtures/import", import.meta.url));
const TARGET_BYTES = 1_000_000;

/** Realistic spec text: every fixture's spec.txt, repeated to about `bytes`. */
function specText(bytes: number): string {
  const sheets = readdirSync(FIXTURES, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => join(FIXTURES, entry.name, "spec.txt"))
    .map((file) => readFileSync(file, "utf8"));
  if (sheets.length === 0) throw new Error(`no spec sheets in ${FIXTURES}`);
  const parts: string[] = [];
  let size = 0;
  for (let i = 0; size < bytes; i++) {
    const sheet = sheets[i % sheets.length]!;
    parts.push(sheet);
    size += Buffer.byteLength(sheet) + 2;
  }
  return parts.join("\n\n");
}

export function benchImportParse(runs = 7): { megabytes: number; ms: number } {
  const text = specText(TARGET_BYTES);
  for (let i = 0; i < 3; i++) parseSpecText(text); // warm-up
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    const found = parseSpecText(text);
    times.push(performance.now() - started);
    if (found.length === 0) throw new Error("parseSpecText found no components");
  }
  times.sort((a, b) => a - b);
  return {
    megabytes: Math.round((Buffer.byteLength(text) / 1_000_000) * 100) / 100,
    ms: Math.round(times[Math.floor(times.length / 2)]! * 10) / 10,
  };
}
