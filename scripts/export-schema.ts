/**
 * Writes docs/export/velolog-export.schema.json, the JSON Schema of an account export's velolog.json, from its
 * zod schema (src/shared/schemas/export.ts), formatted as `npm run lint` wants it. export.test.ts fails while
 * the committed file differs.
 * Run: node scripts/export-schema.ts
 */
import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { exportJsonSchemaText } from "../src/shared/schemas/export.ts";

const root = path.resolve(import.meta.dirname, "..");
const file = path.join(root, "docs", "export", "velolog-export.schema.json");
writeFileSync(file, exportJsonSchemaText());
execFileSync(path.join(root, "node_modules", ".bin", "biome"), ["format", "--write", file], {
  stdio: "ignore",
});
console.log(`wrote ${path.relative(process.cwd(), file)}`);
