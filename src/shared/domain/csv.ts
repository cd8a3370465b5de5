/**
 * CSV as spreadsheets read and write it (RFC 4180; decision 0049): one module for the server's exports and
 * the browser's reading of a file to import.
 */

/** A cell's value: text, a number, or nothing (an empty cell). */
export type CsvCell = string | number | null | undefined;

/**
 * Text a spreadsheet would run as a formula when the cell is opened: `=`, `+`, `-`, `@`, and a tab or
 * carriage return before them (OWASP's "CSV injection"). Such text gets a leading `'`, which spreadsheets
 * read as "this is text"; the importer takes it off again (`unguardCell`). Text that already has quotes
 * before those characters is guarded as well (`'=x` is written `''=x`): the importer takes one quote off such
 * text, so what was typed with its own quote comes back as typed.
 */
const GUARDED_START = /^'*[=+\-@\t\r]/;

/** One cell: a formula-looking text guarded, quoted when it holds a comma, a quote or a line break. */
export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return "";
  // Numbers are written by us (distances, costs), never typed by a user: they stay numbers, "-" and all.
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "";
  const text = GUARDED_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One record, ended by CRLF as RFC 4180 (and Excel) has it. */
export function csvRow(cells: readonly CsvCell[]): string {
  return `${cells.map(csvCell).join(",")}\r\n`;
}

/** Written first, so that Excel reads the file as UTF-8 (names with accents stay whole). */
export const UTF8_BOM = "\uFEFF";

/**
 * A spreadsheet file's text, whatever its encoding: UTF-16 with its byte-order mark (Excel's "Unicode
 * text"), else UTF-8 (a mark or not), else Windows-1252, which older Excel and many European spreadsheets
 * still save as "CSV" (in UTF-8 its accents and euro signs would come out as replacement characters).
 * A UTF-8 file with a stray byte or two stays UTF-8: Windows-1252 text rarely makes a valid UTF-8
 * sequence, so more valid sequences than broken ones say UTF-8.
 */
export function decodeSpreadsheetFile(bytes: Uint8Array): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder("utf-16le").decode(bytes);
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder("utf-16be").decode(bytes);
  const utf8 = new TextDecoder("utf-8").decode(bytes);
  const broken = utf8.match(/\uFFFD/g)?.length ?? 0;
  const valid = utf8.match(/[^\p{ASCII}\uFFFD]/gu)?.length ?? 0;
  return broken > 0 && broken >= valid ? new TextDecoder("windows-1252").decode(bytes) : utf8;
}

/** A cell our own export guarded (`'=…`) back as it was typed; other text unchanged. */
export function unguardCell(text: string): string {
  return /^'+[=+\-@\t\r]/.test(text) ? text.slice(1) : text;
}

/** Excel's `sep=;` first line, which names the delimiter and is no row of the sheet. */
const SEP_LINE = /^sep=([,;\t])[ \t]*(?:\r\n|\n|\r|$)/i;

/**
 * The delimiter a file uses, from its first line: comma, or the semicolon of spreadsheets in locales where
 * the comma is the decimal separator, or a tab; whichever occurs most outside quotes.
 */
export function detectDelimiter(text: string): "," | ";" | "\t" {
  const named = SEP_LINE.exec(text.startsWith(UTF8_BOM) ? text.slice(1) : text);
  if (named) return named[1] as "," | ";" | "\t";
  const counts = { ",": 0, ";": 0, "\t": 0 };
  let quoted = false;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === "\n" || char === "\r")) break;
    else if (!quoted && char in counts) counts[char as keyof typeof counts]++;
  }
  if (counts[";"] > counts[","] && counts[";"] >= counts["\t"]) return ";";
  if (counts["\t"] > counts[","]) return "\t";
  return ",";
}

/**
 * Reads CSV text into records of cells (RFC 4180: quoted cells may hold the delimiter, `""` for a quote and
 * line breaks; CRLF or LF between records). A leading byte-order mark is dropped, and so is Excel's `sep=;`
 * line (Excel shows it as no row). An empty line is a record of one empty cell, so that record n is the
 * spreadsheet's row n + 1, as the rider sees it.
 */
export function parseCsv(input: string, delimiter = detectDelimiter(input)): string[][] {
  const unmarked = input.startsWith(UTF8_BOM) ? input.slice(1) : input;
  const text = unmarked.replace(SEP_LINE, "");
  const records: string[][] = [];
  let record: string[] = [];
  let cell = "";
  let quoted = false;
  let i = 0;
  const endRecord = () => {
    record.push(cell);
    records.push(record);
    record = [];
    cell = "";
  };
  while (i < text.length) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"') {
        if (text[i + 1] === '"') {
          cell += '"';
          i++;
        } else quoted = false;
      } else cell += char;
    } else if (char === '"' && cell === "") quoted = true;
    else if (char === delimiter) {
      record.push(cell);
      cell = "";
    } else if (char === "\r" || char === "\n") {
      if (char === "\r" && text[i + 1] === "\n") i++;
      endRecord();
    } else cell += char;
    i++;
  }
  if (cell !== "" || record.length > 0) endRecord();
  return records;
}
