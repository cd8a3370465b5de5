import type { ComponentType } from "../domain/component-types.ts";
import { fold } from "./fold.ts";
import {
  ATTRIBUTE_WORDS,
  COMPONENT_LABELS,
  IGNORED_LABEL_STARTS,
  POSITION_WORDS,
  POSITIONAL_LABELS,
  SPEED_LABELS,
} from "./label-table.ts";

/** What a spec label stands for: a part of some type, a line to skip, or a gear count. */
export type LabelClass =
  | { kind: "component"; type: ComponentType }
  | { kind: "ignored" }
  | { kind: "speeds" };

/** Longer "labels" are prose, not labels. */
export const MAX_LABEL_LENGTH = 48;
const MAX_LABEL_WORDS = 6;

const TYPE_BY_LABEL = new Map<string, ComponentType>();
for (const [type, labels] of Object.entries(COMPONENT_LABELS) as [ComponentType, readonly string[]][]) {
  for (const label of labels) TYPE_BY_LABEL.set(label, type);
}

const IGNORED: LabelClass = { kind: "ignored" };
const SPEEDS: LabelClass = { kind: "speeds" };
const componentClasses = new Map<ComponentType, LabelClass>();
function componentClass(type: ComponentType): LabelClass {
  let found = componentClasses.get(type);
  if (!found) {
    found = { kind: "component", type };
    componentClasses.set(type, found);
  }
  return found;
}

/** "Spokes" → "spoke", "Tyres" → "tyre"; short words and -ss/-us/-is endings are left alone. */
function singular(word: string): string {
  if (word.length > 3 && word.endsWith("s") && !/(?:ss|us|is)$/.test(word)) return word.slice(0, -1);
  return word;
}

/** The label as written, without list markers, markdown emphasis, table pipes, trailing colon or `BIKE `. */
export function cleanLabel(raw: string): string {
  let label = raw
    .replace(/^[\s*•·▪‣◦\-–—#>|]+/, "")
    .replace(/[\s:：*|"']+$/, "")
    .replace(/^["']+/, "")
    .replace(/^_{2}|_{2}$/g, "")
    .trim();
  const withoutPrefix = label.replace(/^bike\s+/i, "");
  if (withoutPrefix) label = withoutPrefix;
  return label;
}

/** The label's alternatives ("Tape/Grips" → [["tape"], ["grip"]]) as lists of singular words. */
function labelAlternatives(raw: string): string[][] {
  const folded = fold(raw).replace(/\(s\)/g, "s");
  const alternatives: string[][] = [];
  for (const part of folded.split(/[/&+,;]| and | und | et /)) {
    const words = part
      .replace(/[^a-z0-9]+/g, " ")
      .trim()
      .split(" ")
      .filter((w) => w !== "")
      .map(singular);
    if (words.length > 1 && words[0] === "bike") words.shift();
    if (words.length > 0) alternatives.push(words);
  }
  return alternatives;
}

function startsWithIgnored(key: string): boolean {
  for (const start of IGNORED_LABEL_STARTS) {
    if (key === start || key.startsWith(`${start} `)) return true;
  }
  return false;
}

function classifyWords(words: string[]): LabelClass | null {
  const full = words.join(" ");
  const positional = POSITIONAL_LABELS[full];
  if (positional) return componentClass(positional);
  if (startsWithIgnored(full)) return IGNORED;
  const key = words.filter((w) => !POSITION_WORDS.has(w)).join(" ");
  if (!key) return null;
  if (startsWithIgnored(key)) return IGNORED;
  // "Fork travel", "Stem length": an attribute of a part, not the part.
  const parts = key.split(" ");
  if (parts.length > 1 && ATTRIBUTE_WORDS.has(parts[parts.length - 1]!)) {
    return TYPE_BY_LABEL.has(parts.slice(0, -1).join(" ")) ? IGNORED : null;
  }
  if (SPEED_LABELS.has(key)) return SPEEDS;
  const type = TYPE_BY_LABEL.get(key);
  return type ? componentClass(type) : null;
}

function classifyUncached(raw: string): LabelClass | null {
  const label = cleanLabel(raw);
  if (!label || label.length > MAX_LABEL_LENGTH) return null;
  if (label.split(/\s+/).length > MAX_LABEL_WORDS) return null;
  // "Cassette/Rear Cogs", "grips/tape": every alternative must be a label (or only a position, as in
  // "Front/Rear Brakes"); the first one decides.
  const alternatives = labelAlternatives(label);
  if (alternatives.length > 1) {
    // "Shift/Brake Levers" is one part.
    const whole = classifyWords(alternatives.flat());
    if (whole) return whole;
  }
  let first: LabelClass | null = null;
  for (const words of alternatives) {
    const found = classifyWords(words);
    if (found) first ??= found;
    else if (!words.every((w) => POSITION_WORDS.has(w))) return null;
  }
  return first;
}

const cache = new Map<string, LabelClass | null>();
const MAX_CACHE = 5000;

/**
 * Classifies a spec label: "Rear Derailleur", "der_rear", "derailleur (rear)" and "Schaltwerk" are Drivetrain
 * parts, "Sizes" and "Price" are ignored, "Speeds" depends on the value; an unknown label gives null.
 */
export function classifyLabel(raw: string): LabelClass | null {
  if (raw.length > MAX_LABEL_LENGTH + 16) return null;
  const hit = cache.get(raw);
  if (hit !== undefined) return hit;
  const found = classifyUncached(raw);
  if (cache.size >= MAX_CACHE) cache.clear();
  cache.set(raw, found);
  return found;
}

/** The component type for a label, or null when the label is not a part. */
export function labelType(raw: string): ComponentType | null {
  const found = classifyLabel(raw);
  return found?.kind === "component" ? found.type : null;
}
