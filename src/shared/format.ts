// One module per function: the package index loads all ~300 of them (about 2 s of a loaded server start-up).
import { format as formatDateFns } from "date-fns/format";
import { isValid } from "date-fns/isValid";
import { parseISO } from "date-fns/parseISO";

// Made on first use: a number format loads locale data, several MB of the server's resident memory, and
// the server (which imports this module for isIsoDate) never formats money.
let usd: Intl.NumberFormat | undefined;
let usdWhole: Intl.NumberFormat | undefined;

/** Costs: always exactly 2 decimals, e.g. $1,234.50. */
export function formatCost(amount: number): string {
  usd ??= new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });
  return usd.format(amount);
}

/** Prices: whole dollars without decimals ($1,200), otherwise with the cents ($3,850.50). */
export function formatPrice(amount: number): string {
  if (!Number.isInteger(amount)) return formatCost(amount);
  usdWhole ??= new Intl.NumberFormat("en-US", {
    style: "currency",
    currency: "USD",
    minimumFractionDigits: 0,
    maximumFractionDigits: 0,
  });
  return usdWhole.format(amount);
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

/** File sizes: bytes under 1 KB, then KB with 1 decimal, then MB with 1 decimal. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
