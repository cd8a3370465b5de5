import type { ParsedComponent } from "./types.ts";

const MAX_NAME = 200;

function fold(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .trim();
}

/**
 * A value longer than a name may be, cut after its last whole word with an ellipsis ("…, DuoTrap
 * compatible…"), not in the middle of one ("3S chain k").
 */
function clipped(value: string): string {
  if (value.length <= MAX_NAME) return value;
  const room = value.slice(0, MAX_NAME - 1);
  const wordEnd = /\s\S*$/.exec(room)?.index ?? room.length;
  return `${room.slice(0, wordEnd).replace(/[\s,;:/-]+$/, "")}…`;
}

/** Scraper keys' short words ("der_rear"), written out. */
const KEY_WORDS: Record<string, string> = { der: "derailleur" };
const POSITIONS = new Set(["front", "rear"]);

/**
 * The label as a person writes it before a value: a scraper's key ("der_rear", "brake_front") as words with
 * the position first ("rear derailleur"), a shouted one ("REAR DERAILLEUR") in lower case; short capitals
 * ("BB") stay. The first letter is capitalised by the caller.
 */
function readableLabel(label: string): string {
  let words = label.trim().split(/\s+/);
  if (words.length === 1 && words[0]!.includes("_")) {
    words = words[0]!.split("_").filter(Boolean);
    if (words.length > 1 && POSITIONS.has(words.at(-1)!.toLowerCase())) words.unshift(words.pop()!);
    words = words.map((word) => KEY_WORDS[word.toLowerCase()] ?? word);
  }
  const text = words.join(" ");
  const shouted = !/\p{Ll}/u.test(text) && /\p{Lu}{4}/u.test(text);
  return shouted ? text.toLowerCase() : text;
}

/**
 * The name an imported component is saved with: the spec's label, then the maker and model text
 * ("Rear derailleur: Shimano Deore XT M8100"), so a parts-bin card says which part it is. When the
 * value already names the part ("KMC X10 chain" for "Chain"), the value alone.
 */
export function importedComponentName({ label, name }: Pick<ParsedComponent, "label" | "name">): string {
  const cleanLabel = readableLabel(label);
  const value = name.trim();
  if (!cleanLabel || ` ${fold(value)} `.includes(` ${fold(cleanLabel)} `)) return clipped(value);
  const labelled = `${cleanLabel.charAt(0).toUpperCase()}${cleanLabel.slice(1)}: ${value}`;
  return labelled.length <= MAX_NAME ? labelled : clipped(value);
}
