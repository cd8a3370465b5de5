import { isUpperLetter } from "./fold.ts";
import { classifyLabel, MAX_LABEL_LENGTH } from "./labels.ts";

/** A label and its value as written (not yet cleaned). */
export interface LabelledValue {
  label: string;
  value: string;
}

/** What one line of a spec sheet looks like. */
export type LineShape =
  | { kind: "blank" }
  /** One or more `label: value` entries (several when the paste lost its line breaks). */
  | { kind: "pairs"; pairs: LabelledValue[] }
  /** A known label alone on its line: a two-line layout's label, or a section heading. */
  | { kind: "label"; label: string; colon: boolean; listItem: boolean }
  /** Anything else: a value line, prose, a title. */
  | { kind: "text"; text: string; listItem: boolean };

/** Only the start of a longer line is read (a paste that lost its line breaks is a few KB). */
export const MAX_LINE_LENGTH = 65_536;
const MAX_LABEL_WORDS = 6;

const BLANK: LineShape = { kind: "blank" };
const LIST_MARKER = /^(?:[*•·▪‣◦+>]|[-–—](?=\s)|\d{1,2}[.)](?=\s))\s*/;
const TABLE_RULE = /^:?-{2,}:?$/;
/** A cell that names frame sizes ("Size: S, M"), which a maker's table puts before a part listed by size. */
const SIZES_CELL = /^(?:frame\s*)?sizes?\s*[:：]/i;

function isSpace(ch: string | undefined): boolean {
  return ch === " " || ch === "\t" || ch === "\u00a0";
}

function isKnown(label: string): boolean {
  return classifyLabel(label) !== null;
}

/** Splits a table row's cells: the first is the label, the others make the value. */
function tableRow(cells: string[]): LineShape | null {
  const filled = cells.map((c) => c.trim()).filter((c) => c !== "");
  if (filled.length === 0 || filled.every((c) => TABLE_RULE.test(c)))
    return { kind: "text", text: "", listItem: false };
  const [label, ...rest] = filled;
  if (label === undefined || !isKnown(label)) return null;
  if (rest.length === 0) return { kind: "label", label, colon: false, listItem: false };
  // "Handlebar | Size: S, M | Bontrager alloy": the sizes keep their own cell, so the part can be told apart.
  const sized = rest.length > 1 && SIZES_CELL.test(rest[0]!);
  const value = sized ? `${rest[0]}\t${rest.slice(1).join(" ")}` : rest.join(" ");
  return { kind: "pairs", pairs: [{ label, value }] };
}

/**
 * Where a label ending at the colon at `colon` starts, for a paste whose line breaks were lost
 * ("… 180mm BIKE REAR SHOCK: …", "… hanger Fork: …", "… - Seat Post: …"). Inside a line a label must start
 * with a capital letter and must not follow a comma ("…, rotors: 203mm front" stays in its value).
 */
function labelBefore(s: string, colon: number, floor: number): number | null {
  let end = colon;
  while (end > floor && isSpace(s[end - 1])) end--;
  if (end <= floor) return null;
  const windowStart = Math.max(floor, end - MAX_LABEL_LENGTH - 8);
  const starts: number[] = [];
  for (let i = end - 1; i >= windowStart && starts.length < MAX_LABEL_WORDS; i--) {
    if (isSpace(s[i])) continue;
    if (i === floor || isSpace(s[i - 1])) starts.push(i);
  }
  for (let k = starts.length - 1; k >= 0; k--) {
    const start = starts[k]!;
    if (!isUpperLetter(s[start])) continue;
    const candidate = s.slice(start, end);
    if (/[,;:：]/.test(candidate) || !isKnown(candidate)) continue;
    let before = start - 1;
    while (before >= floor && isSpace(s[before])) before--;
    // After a comma the words belong to the value ("…, Frame Colour: red" is not cut at "Colour").
    return before >= floor && /[,/(&+]/.test(s[before]!) ? null : start;
  }
  return null;
}

const COLON = /[:：]/g;

/** The known labels followed by a colon in `s` after `from`, as [label start, colon] pairs. */
function innerLabels(s: string, from: number): [number, number][] {
  const found: [number, number][] = [];
  let floor = from;
  COLON.lastIndex = from;
  for (let m = COLON.exec(s); m !== null; m = COLON.exec(s)) {
    const start = labelBefore(s, m.index, floor);
    if (start !== null) {
      found.push([start, m.index]);
      floor = m.index + 1;
    }
  }
  return found;
}

/** The label at the very start of the line, before its first colon. */
function headLabel(s: string): number | null {
  COLON.lastIndex = 0;
  const m = COLON.exec(s);
  if (!m || m.index > MAX_LABEL_LENGTH + 8) return null;
  return isKnown(s.slice(0, m.index)) ? m.index : null;
}

function colonPairs(s: string): LineShape | null {
  const head = headLabel(s);
  const labels: [number, number][] = head === null ? [] : [[0, head]];
  labels.push(...innerLabels(s, head === null ? 0 : head + 1));
  if (labels.length === 0) return null;
  if (labels.length === 1 && head !== null && s.slice(head + 1).trim() === "") {
    return { kind: "label", label: s.slice(0, head), colon: true, listItem: false };
  }
  const pairs = labels.map(([start, colon], k) => ({
    label: s.slice(start, colon),
    value: s.slice(colon + 1, labels[k + 1]?.[0] ?? s.length),
  }));
  return { kind: "pairs", pairs };
}

/** "Frame - Aluminium" or "Frame    Aluminium": a known label, then a dash or a wide gap. */
function separatedPair(s: string): LineShape | null {
  const m = /^(.{1,48}?)(?:\s[-–—]\s|\s{2,})(\S.*)$/.exec(s);
  if (!m || !isKnown(m[1]!)) return null;
  return { kind: "pairs", pairs: [{ label: m[1]!, value: m[2]! }] };
}

/** Reads one line of pasted spec text. */
export function analyseLine(line: string): LineShape {
  let s = (line.length > MAX_LINE_LENGTH ? line.slice(0, MAX_LINE_LENGTH) : line).trim();
  if (!s) return BLANK;

  if (s.startsWith("|")) {
    const row = tableRow(s.split("|"));
    if (row) return row;
  }
  if (s.includes("\t")) {
    const cells = s.split("\t").filter((c) => c.trim() !== "");
    if (cells.length === 1) s = cells[0]!.trim();
    else {
      const row = tableRow(cells.map((c) => c.replace(LIST_MARKER, "")));
      if (row && row.kind !== "text") return row;
    }
  }

  let listItem = false;
  for (let k = 0; k < 3; k++) {
    const m = LIST_MARKER.exec(s);
    if (!m || m[0].length === 0) break;
    s = s.slice(m[0].length);
    listItem = true;
  }
  if (!s) return { kind: "text", text: "", listItem };

  const colon = colonPairs(s);
  if (colon) return colon.kind === "label" ? { ...colon, listItem } : colon;

  const pipe = s.indexOf("|");
  if (pipe > 0 && pipe <= MAX_LABEL_LENGTH) {
    const row = tableRow(s.split("|"));
    if (row && row.kind !== "text") return row;
  }
  if (s.length <= MAX_LABEL_LENGTH + 8 && isKnown(s))
    return { kind: "label", label: s, colon: false, listItem };
  return separatedPair(s) ?? { kind: "text", text: s, listItem };
}
