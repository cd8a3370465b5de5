import { MAKER_TECHNOLOGIES, MAKERS } from "./brand-table.ts";
import { fold, isUpperLetter } from "./fold.ts";

type Rule = "any" | "capitalised" | "exact" | "leading";

interface Alias {
  canonical: string;
  words: string[];
  /** As written, for the `exact` rule. */
  text: string;
  rule: Rule;
  /** The last word only has to start with the alias's last word (CAAD → CAAD10). */
  prefix: boolean;
}

interface Token {
  /** Folded text. */
  word: string;
  start: number;
  end: number;
}

function words(text: string): string[] {
  return fold(text)
    .split(/[^a-z0-9]+/)
    .filter((w) => w !== "");
}

const RULES: Record<string, Rule> = { "!": "capitalised", "=": "exact", "^": "leading" };

/** Index of aliases by their first word, longest aliases first. */
function buildIndex(table: readonly (readonly string[])[]): Map<string, Alias[]> {
  const index = new Map<string, Alias[]>();
  const seen = new Set<string>();
  for (const [canonical, ...spellings] of table) {
    if (!canonical) continue;
    const marked = spellings.map((s) => ({
      rule: RULES[s[0] ?? ""] ?? "any",
      text: s.replace(/^[!=^]/, ""),
    }));
    // The canonical spelling counts everywhere unless a marked spelling restricts it.
    if (!marked.some((m) => words(m.text).join(" ") === words(canonical).join(" "))) {
      marked.unshift({ rule: "any", text: canonical });
    }
    for (const { rule, text } of marked) {
      const prefix = text.endsWith("*");
      const aliasWords = words(prefix ? text.slice(0, -1) : text);
      const first = aliasWords[0];
      const key = `${rule}|${aliasWords.join(" ")}|${prefix}`;
      if (!first || seen.has(key)) continue;
      seen.add(key);
      const list = index.get(first) ?? [];
      list.push({ canonical, words: aliasWords, text, rule, prefix });
      index.set(first, list);
    }
  }
  for (const list of index.values()) list.sort((a, b) => b.words.length - a.words.length);
  return index;
}

const makerIndex = buildIndex(MAKERS);
const technologyIndex = buildIndex(MAKER_TECHNOLOGIES);
const prefixTechnologies = [...technologyIndex.values()]
  .flat()
  .filter((a) => a.prefix && a.words.length === 1);

const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

function isWordChar(text: string, i: number): boolean {
  const code = text.charCodeAt(i);
  if (code < 128)
    return (code >= 97 && code <= 122) || (code >= 65 && code <= 90) || (code >= 48 && code <= 57);
  return LETTER_OR_DIGIT.test(text[i]!);
}

/** The value's words (runs of letters and digits), folded, with where they are. */
function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  const n = text.length;
  let i = 0;
  while (i < n) {
    if (!isWordChar(text, i)) {
      i++;
      continue;
    }
    const start = i;
    let ascii = true;
    while (i < n && isWordChar(text, i)) {
      if (text.charCodeAt(i) >= 128) ascii = false;
      i++;
    }
    const raw = text.slice(start, i);
    tokens.push({ word: ascii ? raw.toLowerCase() : fold(raw), start, end: i });
  }
  return tokens;
}

function aliasMatches(alias: Alias, tokens: Token[], at: number, text: string): boolean {
  const n = alias.words.length;
  if (at + n > tokens.length) return false;
  for (let k = 0; k < n; k++) {
    const token = tokens[at + k]!.word;
    const want = alias.words[k]!;
    const last = k === n - 1;
    if (last && alias.prefix ? !token.startsWith(want) : token !== want) return false;
  }
  const first = tokens[at]!;
  const last = tokens[at + n - 1]!;
  switch (alias.rule) {
    case "capitalised":
      return isUpperLetter(text[first.start]);
    case "exact": {
      const after = text[last.end];
      return text.slice(first.start, last.end) === alias.text && (after === undefined || /\s/.test(after));
    }
    case "leading":
      return at === 0 && isUpperLetter(text[first.start]);
    default:
      return true;
  }
}

function firstMatch(tokens: Token[], text: string, index: Map<string, Alias[]>, withPrefixes: boolean) {
  for (let at = 0; at < tokens.length; at++) {
    const word = tokens[at]!.word;
    for (const alias of index.get(word) ?? []) {
      if (aliasMatches(alias, tokens, at, text)) return alias.canonical;
    }
    if (withPrefixes) {
      for (const alias of prefixTechnologies) {
        if (alias.words[0] !== word && aliasMatches(alias, tokens, at, text)) return alias.canonical;
      }
    }
  }
  return null;
}

/** Values longer than this are not searched past this point. */
const MAX_BRAND_TEXT = 600;

/**
 * The first component maker named in a value, in its canonical spelling ("Rock Shox" → "RockShox",
 * "Suntour" → "SR Suntour"). When no maker is written, a maker-specific technology name decides
 * (ALUXX → Giant, OCLV → Trek, FACT → Specialized). Null when neither is found.
 */
export function detectBrand(value: string): string | null {
  const text = value.length > MAX_BRAND_TEXT ? value.slice(0, MAX_BRAND_TEXT) : value;
  const tokens = tokenize(text);
  return firstMatch(tokens, text, makerIndex, false) ?? firstMatch(tokens, text, technologyIndex, true);
}
