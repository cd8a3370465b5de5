/**
 * Writes docs/export/velolog-export.schema.json, the JSON Schema of an account export's velolog.json, from its
 * zod schema (src/shared/schemas/export.ts). export.test.ts fails while the committed file differs.
 * Run: node scripts/export-schema.ts
 */
import { writeFileSync } from "node:fs";
import path from "node:path";
import { exportJsonSchemaText } from "../src/shared/schemas/export.ts";

const file = path.resolve(import.meta.dirname, "..", "docs", "export", "velolog-export.schema.json");
writeFileSync(file, exportJsonSchemaText());
console.log(`wrote ${path.relative(process.cwd(), file)}`);
