/**
 * Importing service records from a spreadsheet (decision 0049): which column is which, and how a row's
 * date and cost are read. The browser uses it for the mapping step's guesses, the server to read the rows.
 */

import { messages } from "../messages.ts";
import { fileIdFromUrl, isHttpUrl } from "../schemas/file.ts";
import { parseCsv, unguardCell } from "./csv.ts";
import { parseDecimal } from "./decimal.ts";

/**
 * The fields a row maps to; `bicycle` is optional and narrows which bicycle's component a name means,
 * `receipt` is optional too (the "Receipt" column of the app's own download).
 */
export const SERVICE_CSV_FIELDS = ["date", "component", "description", "cost", "bicycle", "receipt"] as const;
export type ServiceCsvField = (typeof SERVICE_CSV_FIELDS)[number];

/**
 * Header names that suggest each field, best first (compared lowercased, without accents, letters and digits
 * only): English first, then the German, French, Spanish and Italian that riders' own sheets use.
 */
const HEADER_NAMES: Record<ServiceCsvField, string[]> = {
  date: ["date", "servicedate", "serviced", "day", "when", "datum", "fecha"],
  component: [
    "component",
    "part",
    "componentname",
    "partname",
    "item",
    "bauteil",
    "komponente",
    "teil",
    "composant",
    "piece",
    "componente",
    "pieza",
  ],
  bicycle: ["bicycle", "bike", "bicyclename", "bikename", "fahrrad", "velo", "bicicleta", "bicicletta"],
  cost: [
    "cost",
    "price",
    "amount",
    "total",
    "kosten",
    "preis",
    "betrag",
    "cout",
    "prix",
    "montant",
    "coste",
    "costo",
    "precio",
    "prezzo",
    "importe",
  ],
  description: [
    "description",
    "notes",
    "note",
    "work",
    "details",
    "comment",
    "comments",
    "beschreibung",
    "notiz",
    "bemerkung",
    "arbeit",
    "wartung",
    "travaux",
    "remarque",
    "descripcion",
    "descrizione",
  ],
  receipt: [
    "receipt",
    "receipturl",
    "receiptlink",
    "beleg",
    "quittung",
    "kassenbon",
    "recu",
    "justificatif",
    "recibo",
    "ricevuta",
    "scontrino",
  ],
};

const normalise = (header: string) =>
  header
    .normalize("NFKD")
    .toLowerCase()
    .replace(/[^a-z0-9]/g, "");

/**
 * The column (index) each field most likely is, by the header's name: an exact name first ("Cost"), then
 * a name that starts with one ("Cost (USD)"); each column goes to one field at most; null when none fits.
 */
export function guessColumns(headers: readonly string[]): Record<ServiceCsvField, number | null> {
  const names = headers.map(normalise);
  const used = new Set<number>();
  const guess = {} as Record<ServiceCsvField, number | null>;
  for (const field of ["date", "component", "bicycle", "cost", "description", "receipt"] as const) {
    const find = (matches: (name: string, key: string) => boolean) => {
      for (const key of HEADER_NAMES[field]) {
        const index = names.findIndex((name, i) => !used.has(i) && name !== "" && matches(name, key));
        if (index >= 0) return index;
      }
      return -1;
    };
    let index = find((name, key) => name === key);
    if (index < 0) index = find((name, key) => name.startsWith(key));
    guess[field] = index >= 0 ? index : null;
    if (index >= 0) used.add(index);
  }
  return guess;
}

/** How the file writes its dates: ISO dates are always read; `dmy` and `mdy` say what 03/04/2024 means. */
export const DATE_FORMATS = ["iso", "dmy", "mdy"] as const;
export type DateFormat = (typeof DATE_FORMATS)[number];

export const DATE_FORMAT_LABELS: Record<DateFormat, string> = {
  iso: "Year-month-day (2024-05-31)",
  dmy: "Day/month/year (31/05/2024)",
  mdy: "Month/day/year (05/31/2024)",
};

/** A time of day after a date (a spreadsheet's date-time cell): ignored. */
const TIME = String.raw`(?:[T ,]+\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?\s*(?:[AaPp]\.?[Mm]\.?)?(?:Z|[+-]\d{2}:?\d{2})?)?`;
/** Year first: 2024-05-31, and the 2024/05/31 or 2024.05.31 of other locales. */
const ISO = new RegExp(String.raw`^(\d{4})([-/.])(\d{1,2})\2(\d{1,2})${TIME}$`);
/** Day and month as numbers, in an order the user names: 31/05/2024, 05/31/24, 31.05.2024 10:00. */
const NUMERIC = new RegExp(String.raw`^(\d{1,2})([/.-])(\d{1,2})\2(\d{4}|\d{2})${TIME}$`);

const MONTHS = [
  "january",
  "february",
  "march",
  "april",
  "may",
  "june",
  "july",
  "august",
  "september",
  "october",
  "november",
  "december",
];
const MONTH = String.raw`([A-Za-z]{3,9})\.?`;
const WEEKDAY = String.raw`(?:[A-Za-z]{3,9}\.?,?\s+)?`;
/** The month by name: 31 May 2024, 31-May-24 (Excel's d-mmm-yy), May 31, 2024 (as this app shows dates). */
const DAY_MONTH_YEAR = new RegExp(
  String.raw`^${WEEKDAY}(\d{1,2})(?:st|nd|rd|th)?[\s.-]+${MONTH}[\s,.-]+(\d{4}|\d{2})${TIME}$`,
  "i",
);
const MONTH_DAY_YEAR = new RegExp(
  String.raw`^${WEEKDAY}${MONTH}[\s.-]+(\d{1,2})(?:st|nd|rd|th)?,?[\s-]+(\d{4}|\d{2})${TIME}$`,
  "i",
);

/** An English month's number from its name or an abbreviation ("May", "Sept", "december"), else 0. */
function monthNumber(name: string): number {
  const word = name.toLowerCase();
  return word.length >= 3 ? MONTHS.findIndex((month) => month.startsWith(word)) + 1 : 0;
}

/** A two-digit year is this century's (a service log's dates are past ones, and 20th-century ones rare). */
const fullYear = (year: string) => (year.length === 2 ? 2000 + Number(year) : Number(year));

/** The earliest date a service record may be imported for (SPEC: a ride cannot start before 1900 either). */
export const EARLIEST_IMPORT_DATE = "1900-01-01";

function isoDate(year: number, month: number, day: number): string | null {
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) {
    return null;
  }
  return `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/**
 * A cell's date as yyyy-MM-dd, or null when it is none. Always read: year first (2024-05-31, 2024/05/31) and
 * dates naming their month (31 May 2024, 31-May-24, May 31, 2024); 31/05/2024, 31.05.24 or 31-05-2024 with
 * `dmy`, 05/31/2024 with `mdy`. A time after the date is ignored; a two-digit year is 20yy. 31/02/2024 is no
 * date.
 */
export function parseImportDate(text: string, format: DateFormat): string | null {
  const value = text.trim();
  const iso = ISO.exec(value);
  if (iso) return isoDate(Number(iso[1]), Number(iso[3]), Number(iso[4]));
  const named = DAY_MONTH_YEAR.exec(value);
  if (named) {
    const month = monthNumber(named[2]!);
    return month ? isoDate(fullYear(named[3]!), month, Number(named[1])) : null;
  }
  const monthFirst = MONTH_DAY_YEAR.exec(value);
  if (monthFirst) {
    const month = monthNumber(monthFirst[1]!);
    return month ? isoDate(fullYear(monthFirst[3]!), month, Number(monthFirst[2])) : null;
  }
  const numeric = NUMERIC.exec(value);
  if (!numeric || format === "iso") return null;
  const [first, second, year] = [Number(numeric[1]), Number(numeric[3]), fullYear(numeric[4]!)];
  return format === "dmy" ? isoDate(year, second, first) : isoDate(year, first, second);
}

/**
 * The date format a column's values show, or null when they leave it open: all ISO (or none numeric) is
 * `iso`; a first number over 12 somewhere means day first, a second one over 12 month first. 03/04/2024
 * alone could be either, so the user chooses (never a guess).
 */
export function detectDateFormat(values: readonly string[]): DateFormat | null {
  let dayFirst = false;
  let monthFirst = false;
  let numeric = false;
  for (const value of values) {
    const match = NUMERIC.exec(value.trim());
    if (!match) continue;
    numeric = true;
    if (Number(match[1]) > 12) dayFirst = true;
    if (Number(match[3]) > 12) monthFirst = true;
  }
  if (!numeric) return "iso";
  if (dayFirst !== monthFirst) return dayFirst ? "dmy" : "mdy";
  return null;
}

export const MAX_COST = 99_999_999.99;

/**
 * A cell's cost as a number, in the currency the service log keeps (US dollars): "12.50", "$12.50", "12,50 €"
 * (a sign or USD before or after the amount, as spreadsheets format currency),
 * "1,234.50", "12,50" (a decimal comma), read by parseDecimal; blank is 0. "ambiguous" for "1,250" (1250 or
 * 1.25?); null when it is no amount from 0 to MAX_COST with at most 2 decimals.
 */
export function parseImportCost(text: string): number | "ambiguous" | null {
  const value = text
    .trim()
    .replace(/^(?:[$€£]|US\$|USD)\s*/i, "")
    .replace(/\s*(?:[$€£]|US\$|USD)$/i, "");
  if (value === "") return 0;
  // The forms' rule (decision 0062); "1,250" could be 1250 or 1.25, so the row is refused, never guessed.
  const parsed = parseDecimal(value);
  if (!parsed.ok) return parsed.reason === "ambiguous" ? "ambiguous" : null;
  if (parsed.value < 0 || parsed.value > MAX_COST) return null;
  const cents = parsed.value * 100;
  if (Math.abs(cents - Math.round(cents)) > 1e-6) return null;
  return Math.round(cents) / 100;
}

/** A receipt link at most, as the service form takes it. */
export const MAX_RECEIPT_URL = 2000;

/**
 * What a receipt cell names: nothing; one of this app's files (`id` null when the address has no file id);
 * a link kept elsewhere; no link at all; or one longer than the service form takes.
 */
export type ImportReceipt =
  | { kind: "none" }
  | { kind: "file"; id: string | null }
  | { kind: "link"; url: string }
  | { kind: "invalid" }
  | { kind: "tooLong" };

/**
 * A receipt cell read as the service form reads a receipt URL, knowing this app's own address: the download
 * writes a stored receipt as `${publicUrl}/api/files/<id>` (the API keeps `/api/files/<id>`), so either is
 * that file, also with the other scheme (an instance that moved to https); any other http(s) link is kept as it
 * is. Blank is no receipt.
 */
export function parseImportReceipt(text: string, publicUrl: string): ImportReceipt {
  const value = unguardCell(text.trim());
  if (value === "") return { kind: "none" };
  if (value.length > MAX_RECEIPT_URL) return { kind: "tooLong" };
  const path = value.startsWith("/") ? value : ownPath(value, publicUrl);
  if (path?.startsWith("/api/files/")) return { kind: "file", id: fileIdFromUrl(path) };
  return isHttpUrl(value) ? { kind: "link", url: value } : { kind: "invalid" };
}

/** The path of an http(s) address on this app's host, whichever the scheme or the host's case; else null. */
function ownPath(value: string, publicUrl: string): string | null {
  if (!isHttpUrl(value)) return null;
  const url = new URL(value);
  return url.host === new URL(publicUrl).host ? url.pathname : null;
}

/** The most rows one import takes (its JSON stays under the API's 1 MB body limit). */
export const MAX_IMPORT_ROWS = 2000;
/** A service entry's description, as the service form allows it. */
export const MAX_DESCRIPTION = 2000;

/** A sheet's header and its data records, each with its row number in the file (the header's is 1 or more). */
export interface ServiceSheet {
  headers: string[];
  records: { row: number; cells: string[] }[];
}

/**
 * A file's text as a header and data rows, or a message saying why it cannot be imported. Rows are numbered
 * as the spreadsheet shows them, blank ones included. The header is the first row with two or more filled
 * cells: a title above it ("My service log", one cell) is no header and no data row.
 */
export function readServiceSheet(text: string): ServiceSheet | string {
  let parsed: string[][];
  try {
    parsed = parseCsv(text);
  } catch {
    return messages.csv.unreadable;
  }
  const filled = (cells: string[]) => cells.filter((cell) => cell.trim() !== "").length;
  const numbered = parsed
    .map((cells, index) => ({ row: index + 1, cells }))
    .filter((r) => filled(r.cells) > 0);
  if (numbered.length === 0) return messages.csv.empty;
  const at = Math.max(
    0,
    numbered.findIndex((r) => filled(r.cells) >= 2),
  );
  const [header, ...records] = numbered.slice(at);
  if (!header || records.length === 0) return messages.csv.noRows;
  if (records.length > MAX_IMPORT_ROWS) return messages.csv.tooManyRows(MAX_IMPORT_ROWS);
  return { headers: header.cells, records };
}
