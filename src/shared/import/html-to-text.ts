import { decodeEntities } from "./html-entities.ts";
import { jsonLdProperties, type Property } from "./json-ld.ts";

/** Elements whose content is not page text (JSON-LD scripts are read separately). */
const RAW_TEXT = new Set([
  "script",
  "style",
  "noscript",
  "template",
  "textarea",
  "title",
  "svg",
  "iframe",
  "object",
]);

/** Elements that start and end a line. */
const BLOCKS = new Set([
  "address",
  "article",
  "aside",
  "blockquote",
  "body",
  "button",
  "caption",
  "details",
  "dialog",
  "div",
  "dl",
  "fieldset",
  "figcaption",
  "figure",
  "footer",
  "form",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "header",
  "hr",
  "html",
  "legend",
  "li",
  "main",
  "nav",
  "ol",
  "option",
  "p",
  "pre",
  "section",
  "select",
  "summary",
  "table",
  "tbody",
  "tfoot",
  "thead",
  "tr",
  "ul",
]);

/** Inline elements; two of them back to back (`<span>Frame</span><span>Alloy</span>`) are two cells. */
const INLINE = new Set([
  "span",
  "strong",
  "b",
  "em",
  "i",
  "a",
  "label",
  "small",
  "font",
  "abbr",
  "code",
  "cite",
]);

/** Marks the end of a `<dt>`; becomes ": " between the term and its `<dd>`. */
const TERM_END = "\ue000";

interface Tag {
  name: string;
  closing: boolean;
  attributes: string;
  /** Index just past the tag's `>`. */
  end: number;
}

function isAsciiLetter(code: number): boolean {
  return (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
}

/** Reads the tag starting at `<` (`at`); quoted attribute values may contain `>`. Null when not a tag. */
function readTag(html: string, at: number): Tag | null {
  const closing = html[at + 1] === "/";
  let i = at + (closing ? 2 : 1);
  if (!isAsciiLetter(html.charCodeAt(i))) return null;
  const nameStart = i;
  while (i < html.length && /[A-Za-z0-9-]/.test(html[i]!)) i++;
  const name = html.slice(nameStart, i).toLowerCase();
  const attributesStart = i;
  let quote = "";
  let last = "";
  for (; i < html.length; i++) {
    const ch = html[i]!;
    if (quote) {
      if (ch === quote) quote = "";
    } else if ((ch === '"' || ch === "'") && last === "=") quote = ch;
    else if (ch === ">") break;
    if (ch !== " " && ch !== "\t" && ch !== "\n" && ch !== "\r") last = ch;
  }
  return { name, closing, attributes: html.slice(attributesStart, i), end: Math.min(i + 1, html.length) };
}

/** Index of the `</name` that closes a raw-text element, or -1. */
function closingTag(html: string, name: string, from: number): number {
  const pattern = new RegExp(`</${name}[\\s/>]`, "gi");
  pattern.lastIndex = from;
  return pattern.exec(html)?.index ?? -1;
}

class TextBuilder {
  readonly parts: string[] = [];
  private cellsInRow = 0;
  private afterTerm = false;
  private afterInline = false;

  text(raw: string): void {
    const text = decodeEntities(raw).replace(/\s+/g, " ");
    if (text.trim()) {
      this.afterTerm = false;
      this.afterInline = false;
    }
    this.parts.push(text);
  }

  tag(tag: Tag): void {
    const { name, closing } = tag;
    if (INLINE.has(name)) {
      if (!closing && this.afterInline) this.parts.push("\t");
      this.afterInline = closing;
      return;
    }
    this.afterInline = false;
    if (name === "br") {
      this.line();
      return;
    }
    if (name === "td" || name === "th") {
      if (!closing) {
        if (this.cellsInRow > 0) this.parts.push("\t");
        this.cellsInRow++;
      }
      return;
    }
    if (name === "tr") this.cellsInRow = 0;
    if (name === "dt") {
      if (closing) {
        this.parts.push(TERM_END);
        this.afterTerm = true;
      } else this.line();
      return;
    }
    if (name === "dd") {
      if (closing || !this.afterTerm) this.line();
      return;
    }
    if (BLOCKS.has(name)) this.line();
  }

  line(): void {
    this.parts.push("\n");
    this.afterTerm = false;
  }

  lines(): string[] {
    return this.parts
      .join("")
      .split("\n")
      .map(tidyLine)
      .filter((line) => line !== "" && line !== ":");
  }
}

/** Single spaces, no spaces around tabs, "term: value" for a `<dt>`; linear (no backtracking). */
function tidyLine(raw: string): string {
  let line = raw
    .replace(/ {2,}/g, " ")
    .replace(/\t{2,}/g, "\t")
    .replace(/ ?\t ?/g, "\t");
  if (line.includes(TERM_END)) {
    line = line
      .split(TERM_END)
      .map((part, k, all) => (k < all.length - 1 ? part.trim().replace(/:$/, "") : part.trim()))
      .join(": ");
  }
  let start = 0;
  let end = line.length;
  while (start < end && (line[start] === " " || line[start] === "\t")) start++;
  while (end > start && (line[end - 1] === " " || line[end - 1] === "\t")) end--;
  return line.slice(start, end);
}

const normalise = (text: string) => text.toLowerCase().replace(/\s+/g, " ").trim();

/** Structured properties whose value the page does not show already, as `name: value` lines. */
function unseenProperties(properties: Property[], lines: string[]): string[] {
  if (properties.length === 0) return [];
  const seen = new Set<string>();
  for (const line of lines) {
    seen.add(normalise(line));
    const cut = line.search(/[:\t]/);
    if (cut >= 0) seen.add(normalise(line.slice(cut + 1)));
  }
  return properties
    .filter((p) => p.name && p.value && !seen.has(normalise(p.value)))
    .map((p) => `${p.name}: ${p.value}`);
}

/**
 * Turns a product page into spec text for `parseSpecText`, without a DOM: scripts, styles and comments
 * are dropped, entities decoded, table rows become `label<TAB>value` lines, `<dt>/<dd>` pairs
 * `label: value` lines, list items and blocks their own lines, and JSON-LD `additionalProperty`
 * pairs not shown on the page are added as `name: value` lines. Linear in the page size.
 */
export function htmlToSpecText(html: string): string {
  if (typeof html !== "string" || html === "") return "";
  const out = new TextBuilder();
  const properties: Property[] = [];
  const n = html.length;
  let i = 0;
  while (i < n) {
    const lt = html.indexOf("<", i);
    if (lt < 0) {
      out.text(html.slice(i));
      break;
    }
    if (lt > i) out.text(html.slice(i, lt));
    if (html.startsWith("<!--", lt)) {
      const close = html.indexOf("-->", lt + 4);
      i = close < 0 ? n : close + 3;
      continue;
    }
    const second = html[lt + 1];
    if (second === "!" || second === "?") {
      const close = html.indexOf(">", lt + 2);
      i = close < 0 ? n : close + 1;
      continue;
    }
    const tag = readTag(html, lt);
    if (!tag) {
      // A "<" that starts no tag is text, up to the next "<".
      const next = html.indexOf("<", lt + 1);
      i = next < 0 ? n : next;
      out.text(html.slice(lt, i));
      continue;
    }
    i = tag.end;
    if (!tag.closing && RAW_TEXT.has(tag.name)) {
      const close = closingTag(html, tag.name, i);
      const content = html.slice(i, close < 0 ? n : close);
      if (tag.name === "script" && /ld\+json/i.test(tag.attributes))
        properties.push(...jsonLdProperties(content));
      if (close < 0) break;
      const end = html.indexOf(">", close);
      i = end < 0 ? n : end + 1;
      out.line();
      continue;
    }
    out.tag(tag);
  }
  const lines = out.lines();
  return [...lines, ...unseenProperties(properties, lines)].join("\n");
}
