import { fold } from "./fold.ts";

/** Longer values are prose or page text, not a part. */
export const MAX_VALUE_LENGTH = 500;

const EMPTY_VALUES = new Set([
  "n/a",
  "na",
  "n.a.",
  "n.a",
  "n / a",
  "not included",
  "not applicable",
  "none",
  "null",
  "nil",
  "tbd",
  "tba",
  "tbc",
  "-",
  "--",
  "---",
  "–",
  "—",
  "?",
  "k.a.",
  "keine",
  "nicht enthalten",
  "ohne",
  "aucun",
  "sans",
]);

const MAX_EMPTY_LENGTH = Math.max(...[...EMPTY_VALUES].map((v) => v.length)) + 1;

/** Trims a value and removes YAML quotes, markdown emphasis and a trailing list separator. */
export function cleanValue(raw: string): string {
  let value = raw.replace(/\t+/g, " ").trim();
  // A separator left by a run-together paste ("… 35mm - Brake Levers: …").
  value = value
    .replace(/\s[-–—*•|]{1,3}$/, "")
    .replace(/[;|]$/, "")
    .trim();
  if (value.startsWith("**")) value = value.slice(2).trimStart();
  if (value.endsWith("**")) value = value.slice(0, -2).trimEnd();
  if (value.endsWith(",") && /^["']/.test(value)) value = value.slice(0, -1).trimEnd();
  const first = value[0];
  if (value.length >= 2 && (first === "'" || first === '"') && value.endsWith(first)) {
    value = value.slice(1, -1).trim();
  }
  return value;
}

/** N/A, not included, none, NULL, -, TBD, empty, punctuation only, or too long to be a part. */
export function isIgnoredValue(value: string): boolean {
  if (!value || value.length > MAX_VALUE_LENGTH) return true;
  if (value.length <= MAX_EMPTY_LENGTH) {
    const key = fold(value);
    if (EMPTY_VALUES.has(key) || EMPTY_VALUES.has(key.replace(/\.$/, ""))) return true;
  }
  return !/[\p{L}\p{N}]/u.test(value);
}
