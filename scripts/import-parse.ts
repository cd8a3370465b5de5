/**
 * npm run import:parse -- FILE: prints the components found in a pasted spec sheet (or, for a FILE ending
 * in .html, in a product page) as {"components":[{"label","name","type","brand"}]}. Reads only FILE.
 */
import { readFileSync } from "node:fs";
import { htmlToSpecText } from "../src/shared/import/html-to-text.ts";
import { parseSpecText } from "../src/shared/import/parse-spec.ts";

const file = process.argv[2];
if (!file) {
  process.stderr.write("usage: node scripts/import-parse.ts FILE\n");
  process.exit(2);
}
const input = readFileSync(file, "utf8");
const text = /\.html?$/i.test(file) ? htmlToSpecText(input) : input;
const components = parseSpecText(text).map(({ label, name, type, brand }) => ({ label, name, type, brand }));
process.stdout.write(`${JSON.stringify({ components })}\n`);
