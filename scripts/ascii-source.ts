/**
 * Rewrites the characters beyond ASCII left in a bundled chunk's comments and regular expression literals
 * as escapes (decision 0023). esbuild escapes them in strings and templates but not there, and one such
 * character makes V8 hold the whole chunk's source as a two-byte string: the server's chunks took about
 * 6 MB of resident memory instead of 3.
 *
 * Both rewrites keep the meaning: a comment's text does not matter, and `\uXXXX` in a regular expression
 * (a character, or the two halves of one beyond the Basic Multilingual Plane, which a `u` expression reads
 * as one) matches what the character matched. Anything else beyond ASCII (a tagged template's raw text,
 * say) is left as it is and reported, and so is a chunk acorn cannot parse: still correct, only larger in
 * memory.
 */
import { type Comment, parse, type Token } from "acorn";

export interface AsciiResult {
  code: string;
  /** Characters beyond ASCII left where an escape could change the meaning. */
  left: number;
  /** Why the chunk was left as it was: acorn could not parse it. */
  unparsed?: string;
}

const BEYOND_ASCII = /[\u0080-\uffff]/g;
const HAS_BEYOND_ASCII = /[\u0080-\uffff]/;

const unitEscape = (unit: string) => `\\u${unit.charCodeAt(0).toString(16).padStart(4, "0")}`;

// U+2028 and U+2029 stay: inside a block comment they are line breaks, which can end a statement.
const escapeComment = (text: string) =>
  text.replace(BEYOND_ASCII, (unit) => (unit === "\u2028" || unit === "\u2029" ? unit : unitEscape(unit)));

/** A regular expression literal, escape by escape: an identity escape of such a character becomes `\\uXXXX` too. */
function escapeRegExp(literal: string): string {
  let out = "";
  for (let i = 0; i < literal.length; i++) {
    const unit = literal[i]!;
    if (unit === "\\" && i + 1 < literal.length) {
      const next = literal[++i]!;
      out += HAS_BEYOND_ASCII.test(next) ? unitEscape(next) : unit + next;
    } else {
      out += HAS_BEYOND_ASCII.test(unit) ? unitEscape(unit) : unit;
    }
  }
  return out;
}

export function asciiSource(code: string): AsciiResult {
  if (!HAS_BEYOND_ASCII.test(code)) return { code, left: 0 };
  const ranges: [start: number, end: number, escape: (text: string) => string][] = [];
  const comments: Comment[] = [];
  const tokens: Token[] = [];
  // A full parse, not acorn's tokenizer: only the parser tells a regular expression from a division
  // everywhere (after `await`, in generator methods, in `for await`).
  try {
    parse(code, {
      ecmaVersion: "latest",
      sourceType: "module",
      allowHashBang: true,
      onComment: comments,
      onToken: tokens,
    });
  } catch (error) {
    // Valid code acorn cannot read (it refuses `yield /re/` in a generator method): leave it as it is.
    return { code, left: code.match(BEYOND_ASCII)?.length ?? 0, unparsed: String(error) };
  }
  for (const token of tokens) {
    if (token.type.label === "regexp") ranges.push([token.start, token.end, escapeRegExp]);
  }
  for (const comment of comments) ranges.push([comment.start, comment.end, escapeComment]);
  ranges.sort((a, b) => a[0] - b[0]);

  let out = "";
  let at = 0;
  for (const [start, end, escapeRange] of ranges) {
    out += code.slice(at, start) + escapeRange(code.slice(start, end));
    at = end;
  }
  out += code.slice(at);
  return { code: out, left: out.match(BEYOND_ASCII)?.length ?? 0 };
}
