import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { htmlToSpecText } from "./html-to-text.ts";
import { parseSpecText } from "./parse-spec.ts";
import type { ParsedComponent } from "./types.ts";

/** The labelled import fixtures (see their README.md and RULES.md). */
// shared/ sits beside the repository (as in CI's clone): ../shared/fixtures/import from the root.
const FIXTURES = fileURLToPath(new URL("../../../../shared/fixtures/import", import.meta.url));

interface Expected {
  label: string;
  name: string;
  type: string;
  brand: string | null;
  accept_brands?: (string | null)[];
}

interface Fixture {
  name: string;
  dir: string;
  components: Expected[];
  ignored: string[];
}

const fixtures: Fixture[] = readdirSync(FIXTURES, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && existsSync(join(FIXTURES, entry.name, "expected.json")))
  .map((entry) => {
    const dir = join(FIXTURES, entry.name);
    const expected = JSON.parse(readFileSync(join(dir, "expected.json"), "utf8"));
    return { name: entry.name, dir, components: expected.components, ignored: expected.ignored };
  });

// The scorer's folding: case, accents and punctuation do not count.
const fold = (s: string | null | undefined) =>
  String(s ?? "")
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[^a-z0-9]+/g, " ")
    .trim();

/**
 * Matches found components to expected ones like score-import.mjs does (by label, or by one name
 * containing the other, one to one in order) and lists every miss: not found, wrong type, wrong brand,
 * and found components that match nothing expected.
 */
function misses(found: ParsedComponent[], expected: Expected[]): string[] {
  const used = new Set<number>();
  const out: string[] = [];
  for (const want of expected) {
    const i = found.findIndex((got, k) => {
      if (used.has(k)) return false;
      const pn = fold(got.name);
      const wn = fold(want.name);
      return fold(got.label) === fold(want.label) || (pn.length >= 3 && (pn.includes(wn) || wn.includes(pn)));
    });
    const got = found[i];
    if (!got) {
      out.push(`missed ${want.label}: ${want.name}`);
      continue;
    }
    used.add(i);
    if (got.type !== want.type) out.push(`type ${want.label}: got ${got.type}, want ${want.type}`);
    const brands = [want.brand, ...(want.accept_brands ?? [])].map(fold);
    if (!brands.includes(fold(got.brand)))
      out.push(`brand ${want.label}: got ${got.brand}, want ${want.brand}`);
  }
  found.forEach((got, k) => {
    if (!used.has(k)) out.push(`extra ${got.label}: ${got.name}`);
  });
  return out;
}

/** Found components that are one of the fixture's `ignored` lines (headings, prose, ignored labels). */
function ignoredFound(found: ParsedComponent[], ignored: string[]): string[] {
  const lines = new Set(ignored.map(fold));
  return found
    .filter((c) => lines.has(fold(c.name)) || lines.has(fold(`${c.label}: ${c.name}`)))
    .map((c) => c.name);
}

it("has the labelled fixtures to test against", () => {
  expect(fixtures.length).toBeGreaterThanOrEqual(18);
});

describe.each(fixtures)("fixture $name", ({ dir, components, ignored }) => {
  it("spec.txt: finds every component with its type and brand, and nothing else", () => {
    const found = parseSpecText(readFileSync(join(dir, "spec.txt"), "utf8"));
    expect(misses(found, components)).toEqual([]);
    expect(ignoredFound(found, ignored)).toEqual([]);
  });

  it("spec.txt: names are the values as written", () => {
    const text = readFileSync(join(dir, "spec.txt"), "utf8");
    for (const component of parseSpecText(text)) expect(text).toContain(component.name);
  });

  it("page.html: finds the same components", () => {
    const found = parseSpecText(htmlToSpecText(readFileSync(join(dir, "page.html"), "utf8")));
    expect(misses(found, components)).toEqual([]);
  });
});
