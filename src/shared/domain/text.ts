/**
 * Whitespace and the characters that show nothing (Unicode's default-ignorable code points: zero-width
 * space, joiners, direction marks, soft hyphen, Hangul filler …, and the blank braille pattern) at either
 * end. Only the ends: a joiner inside a name (an emoji sequence) is kept, and so is a variation selector
 * (the one that makes "❤" the red ❤️ ends a name).
 */
const INVISIBLE = String.raw`(?:(?![\uFE00-\uFE0F\u{E0100}-\u{E01EF}])[\s\p{Default_Ignorable_Code_Point}\u2800])`;
const EDGE_SPACE = new RegExp(`^${INVISIBLE}+|${INVISIBLE}+$`, "gu");

/** Text without whitespace or invisible characters at its ends: a name of only those is empty. */
export function trimText(text: string): string {
  return text.replace(EDGE_SPACE, "");
}
