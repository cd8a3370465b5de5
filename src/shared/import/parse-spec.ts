import { detectBrand } from "./brands.ts";
import { classifyLabel, cleanLabel } from "./labels.ts";
import { analyseLine, type LineShape } from "./lines.ts";
import type { ParsedComponent } from "./types.ts";
import { cleanValue, isIgnoredValue } from "./values.ts";

export type { ParsedComponent } from "./types.ts";

/** Characters that take no room: soft hyphen, zero-width spaces and joiners, direction marks, BOM. */
const INVISIBLE = /[\u00ad\u200b-\u200f\u202a-\u202e\u2060-\u2064\ufeff]/g;

/** Blank lines allowed between a label line and its value line. */
const MAX_BLANKS_IN_PAIR = 2;

/** Sentences ("Our lightest frame yet. Built for …") are prose, not a value. */
function isProse(text: string): boolean {
  if (/\p{Ll}{2}[.!?]\s+\p{Lu}/u.test(text)) return true;
  return /[.!?]$/.test(text) && text.split(/\s+/).length >= 8;
}

function toComponent(label: string, rawValue: string): ParsedComponent | null {
  const found = classifyLabel(label);
  if (!found || found.kind === "ignored") return null;
  const name = cleanValue(rawValue);
  if (isIgnoredValue(name)) return null;
  const brand = detectBrand(name);
  if (found.kind === "speeds") {
    // A gear count is an attribute; a line naming a maker's product (a Nexus hub gear) is a part.
    return brand ? { label: cleanLabel(label), name, type: "Drivetrain", brand } : null;
  }
  return { label: cleanLabel(label), name, type: found.type, brand };
}

function isValueLine(shape: LineShape): shape is Extract<LineShape, { kind: "text" }> {
  return shape.kind === "text" && shape.text !== "" && !isProse(shape.text);
}

/**
 * A value given for some frame sizes ("Size: 47, 50: Shimano 105, 170 mm", "Size: S, M<TAB>Bontrager alloy",
 * as maker pages list a crank or a bar by size): `part` is the part's text after the sizes, null when the
 * part is on the next line ("Size: 47, 50" alone). Null when the text does not start with sizes.
 */
function sizedValue(text: string): { part: string | null } | null {
  const m = /^\s*(?:frame\s*)?sizes?\s*[:：]\s*([^:：\t]{0,60}?)\s*(?:[:：\t]\s*(.*))?$/isu.exec(text);
  if (!m) return null;
  const part = (m[2] ?? "").trim();
  return { part: part === "" ? null : part };
}

/** The part of a line that is one size-qualified value with its part ("Size: S, M: Bontrager alloy"). */
function sizedPart(shape: LineShape): string | null {
  if (shape.kind !== "pairs" || shape.pairs.length !== 1) return null;
  const [pair] = shape.pairs;
  return sizedValue(`${pair!.label}:${pair!.value}`)?.part ?? null;
}

/** "Size: S, M" and the like: entries that are all ignored labels. */
function isIgnoredEntry(shape: LineShape): boolean {
  return shape.kind === "pairs" && shape.pairs.every((p) => classifyLabel(p.label)?.kind === "ignored");
}

/**
 * Finds the components in pasted spec text: `Label: value` lines, tab- or pipe-separated tables,
 * markdown bullets, YAML-like `- key: 'value'` lists, label and value on consecutive lines, and pastes
 * whose line breaks were lost. Section headings, ignored labels (sizes, colours, weight, price …) and
 * empty values (N/A, none, -) are skipped. Runs in the browser and on the server.
 */
export function parseSpecText(text: string): ParsedComponent[] {
  if (typeof text !== "string" || text === "") return [];
  // Soft hyphens (German pages hyphenate "Sattel&shy;stütze"), zero-width spaces and direction marks come
  // along when text is copied from a web page: invisible, they would still break the label and stay in the name.
  const lines = text.replace(INVISIBLE, "").split(/\r\n|\r|\n/);
  const found: ParsedComponent[] = [];
  const add = (label: string, value: string) => {
    const component = toComponent(label, value);
    if (component) found.push(component);
  };
  /** The next non-blank line after `i` (at most a few blank lines away). */
  const nextLine = (i: number): { at: number; shape: LineShape } => {
    for (let j = i + 1; j < lines.length && j <= i + 1 + MAX_BLANKS_IN_PAIR; j++) {
      const shape = analyseLine(lines[j]!);
      if (shape.kind !== "blank") return { at: j, shape };
    }
    return { at: lines.length, shape: { kind: "blank" } };
  };

  // A two-line label whose value depends on the size ("Handlebar", "Size: S, M", value, "Size: L", value).
  let sizedLabel: string | null = null;
  for (let i = 0; i < lines.length; i++) {
    const shape = analyseLine(lines[i]!);
    if (shape.kind === "blank") continue;
    if (shape.kind === "text") {
      sizedLabel = null;
      continue;
    }
    if (shape.kind === "pairs") {
      const part = sizedLabel ? sizedPart(shape) : null;
      if (sizedLabel && part !== null) {
        add(sizedLabel, part);
        continue;
      }
      if (sizedLabel && isIgnoredEntry(shape)) {
        const next = nextLine(i);
        if (isValueLine(next.shape)) {
          add(sizedLabel, next.shape.text);
          i = next.at;
          continue;
        }
      }
      sizedLabel = null;
      for (const pair of shape.pairs) {
        // "Crank<TAB>Size: 47, 50" then the part on the next line, or "Crank: Size: 47, 50: Shimano 105".
        const sized = sizedValue(pair.value);
        if (!sized || classifyLabel(pair.label)?.kind !== "component" || shape.pairs.length !== 1) {
          add(pair.label, pair.value);
          continue;
        }
        sizedLabel = pair.label;
        if (sized.part !== null) add(pair.label, sized.part);
        else {
          const next = nextLine(i);
          if (isValueLine(next.shape)) {
            add(pair.label, next.shape.text);
            i = next.at;
          }
        }
      }
      continue;
    }

    // A label alone: its value is on the next line, unless that line is another label or entry
    // (then this was a section heading) or a YAML sub-list (`- sizes:` then `- '47'`).
    sizedLabel = null;
    let next = nextLine(i);
    if (sizedPart(next.shape) !== null) {
      // "Crank", then "Size: 47, 50: Shimano 105, 170 mm" and the like: read on the next lines.
      sizedLabel = shape.label;
      continue;
    }
    if (isIgnoredEntry(next.shape)) {
      const after = nextLine(next.at);
      if (isValueLine(after.shape)) {
        sizedLabel = shape.label;
        next = after;
      }
    }
    if (isValueLine(next.shape) && !(shape.colon && next.shape.listItem)) {
      add(shape.label, next.shape.text);
      i = next.at;
    }
  }
  return found;
}
