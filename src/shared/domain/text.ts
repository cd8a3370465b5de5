/**
 * Whitespace and the invisible characters a paste can bring (zero-width space, non-joiner and joiner, word
 * joiner, byte-order mark) at either end. Only the ends: a joiner inside a name (an emoji sequence) is kept.
 */
const INVISIBLE = String.raw`(?:\s|\u200B|\u200C|\u200D|\u2060|\uFEFF)`;
const EDGE_SPACE = new RegExp(`^${INVISIBLE}+|${INVISIBLE}+$`, "g");

/** Text without whitespace or invisible characters at its ends: a name of only those is empty. */
export function trimText(text: string): string {
  return text.replace(EDGE_SPACE, "");
}
