import { XMLParser, XMLValidator } from "fast-xml-parser";

export type XmlNode = Record<string, unknown>;

/** The elements that may repeat in a GPX or TCX file; they are always arrays, even when there is one. */
const REPEATED = new Set(["trk", "trkseg", "trkpt", "rte", "Activity", "Lap", "Track", "Trackpoint"]);

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "@",
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  isArray: (name) => REPEATED.has(name),
  // Heart rate, power and the like: kept as unparsed text, which saves a sixth of the memory on big files.
  stopNodes: ["*.extensions", "*.Extensions"],
});

/**
 * An XML file's text: UTF-16 by its byte order mark; else UTF-8, XML's own encoding, unless the declaration
 * names another (older GPS programs write ISO-8859-1 or Windows-1252) and the bytes are not UTF-8 after all
 * (files often declare one encoding and are written in UTF-8).
 */
export function decodeXml(bytes: Uint8Array): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder("utf-16le").decode(bytes);
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder("utf-16be").decode(bytes);
  const head = String.fromCharCode(...bytes.subarray(0, 200));
  const declared = /^(?:\xEF\xBB\xBF)?\s*<\?xml[^>]*?\sencoding\s*=\s*["']([\w.:-]+)["']/.exec(head)?.[1];
  if (declared === undefined || /^utf-?8$/i.test(declared)) return new TextDecoder().decode(bytes);
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    try {
      return new TextDecoder(declared).decode(bytes);
    } catch {
      // An encoding TextDecoder does not know: UTF-8, which is what nearly every file is.
      return new TextDecoder().decode(bytes);
    }
  }
}

/** The name of the document's root element (without a namespace prefix), read from the start of the text. */
export function rootElementName(text: string): string | undefined {
  const head = text
    .slice(0, 4096)
    .replace(/^\uFEFF/, "")
    .replace(/<\?[\s\S]*?\?>|<!--[\s\S]*?-->|<!DOCTYPE[^[>]*(?:\[[\s\S]*?\])?\s*>/g, "");
  return /^\s*<(?:[\w.-]+:)?([\w.-]+)[\s/>]/.exec(head)?.[1];
}

/**
 * Parses well-formed XML into plain objects; returns the reason, in a rider's words, when the text is not
 * well-formed (the validator's own words, "Invalid space after '<'", name nothing a rider can act on).
 */
export function parseXml(text: string): { document: XmlNode } | { error: string } {
  const valid = XMLValidator.validate(text);
  if (valid !== true) return { error: `it is incomplete or damaged (line ${valid.err.line})` };
  try {
    return { document: parser.parse(text) as XmlNode };
  } catch (error) {
    // The validator passed it, but the parser's own limits (entity expansion) refused it.
    return { error: (error as Error).message };
  }
}

export function child(node: unknown, name: string): XmlNode | undefined {
  if (typeof node !== "object" || node === null) return undefined;
  const value = (node as XmlNode)[name];
  return typeof value === "object" && value !== null && !Array.isArray(value)
    ? (value as XmlNode)
    : undefined;
}

export function children(node: unknown, name: string): XmlNode[] {
  if (typeof node !== "object" || node === null) return [];
  const value = (node as XmlNode)[name];
  return Array.isArray(value) ? value.filter((v): v is XmlNode => typeof v === "object" && v !== null) : [];
}

/** An element's text (or an attribute's value, named with "@"), trimmed; undefined when absent or blank. */
export function text(node: unknown, name: string): string | undefined {
  if (typeof node !== "object" || node === null) return undefined;
  let value = (node as XmlNode)[name];
  if (Array.isArray(value)) value = value[0];
  if (typeof value === "object" && value !== null) value = (value as XmlNode)["#text"];
  if (typeof value !== "string") return undefined;
  return value.trim() || undefined;
}
