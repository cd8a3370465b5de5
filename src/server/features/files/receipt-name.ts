import { fold } from "../../../shared/import/fold.ts";

/** The longest download name, so a long component name still leaves a name a file system takes. */
const MAX_NAME_LENGTH = 80;
const PREFIX = "receipt";
const EXTENSION = ".pdf";

/** What a receipt is named after: the service entry that shows it. */
export interface ReceiptEntry {
  date: string;
  componentName: string;
}

/**
 * Runs of anything but the kept characters become one hyphen, none at the ends; at most `max` characters,
 * cut after a whole word when there is one.
 */
function slug(text: string, drop: RegExp, max: number): string {
  const chars = Array.from(text.replace(drop, "-").replace(/^-+|-+$/g, ""));
  if (chars.length <= max) return chars.join("");
  const lastWord = chars.lastIndexOf("-", max);
  return chars.slice(0, lastWord > 0 ? lastWord : max).join("");
}

/**
 * A PDF receipt's Content-Disposition: `receipt-2024-05-31-shimano-cn-m8100-chain.pdf` after its service
 * entry, so five receipts do not download as receipt.pdf, receipt (1).pdf... The `filename` is lowercase
 * ASCII letters, digits and hyphens; when the component's name has letters that would lose
 * ("Kette für Rennräder", "チェーン"), `filename*` (RFC 5987) gives the same shape with them kept.
 * No entry (uploaded, not yet saved): `receipt.pdf`.
 */
export function receiptDisposition(entry: ReceiptEntry | null): string {
  if (!entry) return `attachment; filename="${PREFIX}${EXTENSION}"`;
  const stem = `${PREFIX}-${entry.date}`;
  const room = MAX_NAME_LENGTH - stem.length - 1 - EXTENSION.length;
  const nameOf = (part: string) => `${stem}${part ? `-${part}` : ""}${EXTENSION}`;
  const ascii = nameOf(slug(fold(entry.componentName), /[^a-z0-9]+/g, room));
  const readable = nameOf(
    slug(entry.componentName.normalize("NFC").toLowerCase(), /[^\p{L}\p{M}\p{N}]+/gu, room),
  );
  const disposition = `attachment; filename="${ascii}"`;
  return readable === ascii
    ? disposition
    : `${disposition}; filename*=UTF-8''${encodeURIComponent(readable)}`;
}
