// One module per function: the package index loads all ~300 of them (about 2 s of a loaded server start-up).
import { format as formatDateFns } from "date-fns/format";
import { isValid } from "date-fns/isValid";
import { parseISO } from "date-fns/parseISO";

/**
 * An en-US number (1,234.5) with at most `maxFractionDigits` decimals and at least `minFractionDigits`.
 * Not Intl.NumberFormat: a browser's first number format loads its locale data, 15-25 ms of the main thread
 * in the first render of every signed-in page (four times that on a slow phone). format.test.ts compares
 * the two over many values.
 */
export function formatNumber(value: number, maxFractionDigits = 1, minFractionDigits = 0): string {
  return signed(value, grouped(Math.abs(value), maxFractionDigits, minFractionDigits));
}

/** US dollars, e.g. $1,234.50 or -$5.00, with 2 decimals unless told otherwise. */
export function formatDollars(amount: number, fractionDigits = 2): string {
  return signed(amount, `$${grouped(Math.abs(amount), fractionDigits, fractionDigits)}`);
}

function grouped(magnitude: number, maxFractionDigits: number, minFractionDigits: number): string {
  if (!Number.isFinite(magnitude)) return Number.isNaN(magnitude) ? "NaN" : "∞";
  // Rounds the shortest decimal that reads back as the value (what String writes: 0.15, not the binary
  // 0.1499…), halves away from zero, as Intl does: on the digits themselves, so nothing rounds twice.
  const [mantissa = "0", exponent = "0"] = String(magnitude).split("e");
  const [whole = "0", fraction = ""] = mantissa.split(".");
  const shift = whole.length + Number(exponent); // where the decimal point falls in the digits
  const leading = "0".repeat(Math.max(0, -shift)); // 5e-7: the zeros between the point and the 5
  const keep = Math.max(0, shift) + maxFractionDigits;
  const allDigits = (leading + whole + fraction).padEnd(keep + 1, "0");
  const scaled = BigInt(allDigits.slice(0, keep) || "0") + (allDigits[keep]! >= "5" ? 1n : 0n);
  const digits = scaled.toString().padStart(maxFractionDigits + 1, "0");
  const integer = digits.slice(0, digits.length - maxFractionDigits).replace(/\B(?=(\d{3})+$)/g, ",");
  const decimals = digits
    .slice(digits.length - maxFractionDigits)
    .replace(/0+$/, "")
    .padEnd(minFractionDigits, "0");
  return decimals ? `${integer}.${decimals}` : integer;
}

// Intl writes a minus for every negative value, -0 and values that round to zero included.
const signed = (value: number, text: string) => (value < 0 || Object.is(value, -0) ? `-${text}` : text);

/** Costs: always exactly 2 decimals, e.g. $1,234.50. */
export function formatCost(amount: number): string {
  return formatDollars(amount);
}

/** Prices: whole dollars without decimals ($1,200), otherwise with the cents ($3,850.50). */
export function formatPrice(amount: number): string {
  return formatDollars(amount, Number.isInteger(amount) ? 0 : 2);
}

/** A stored yyyy-MM-dd date (or an ISO timestamp) as "MMM d, yyyy". */
export function formatDate(value: string | Date): string {
  const date = typeof value === "string" ? parseISO(value) : value;
  return isValid(date) ? formatDateFns(date, "MMM d, yyyy") : "";
}

/** A stored date as month and year, e.g. "Mar 2024". */
export function formatMonthYear(value: string): string {
  const date = parseISO(value);
  return isValid(date) ? formatDateFns(date, "MMM yyyy") : "";
}

/** True when text is a real calendar date written yyyy-MM-dd (2024-02-30 is not). */
export function isIsoDate(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/**
 * Today's date where it is latest on Earth (UTC+14). A date after it is in the future for every rider; the
 * app has no time zone of the user's, and a UTC "today" would refuse a New Zealander's own morning.
 */
export function latestToday(now = new Date()): string {
  return new Date(now.getTime() + 14 * 3_600_000).toISOString().slice(0, 10);
}

/** File sizes: bytes under 1 KB, then KB with 1 decimal, then MB with 1 decimal. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
