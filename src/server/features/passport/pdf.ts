import { createRequire } from "node:module";
import * as fontkit from "fontkit";
import PDFDocument from "pdfkit";
import { formatDistance, formatHours, formatWear } from "../../../shared/domain/distance.ts";
import { formatCost, formatDate } from "../../../shared/format.ts";
import type { Passport } from "../../../shared/schemas/passport.ts";

const MARGIN = 50;
const GAP = 8;
const MUTED = "#555555";
const RULE = "#cccccc";

/**
 * DejaVu Sans, embedded (only the glyphs used): Latin with every accent, Greek, Cyrillic and more, where
 * the PDF's built-in Helvetica knows Latin-1 only. Its licence lets it be embedded and shipped.
 */
const fontFile = createRequire(import.meta.url).resolve;
const FONT_FILES = {
  regular: fontFile("dejavu-fonts-ttf/ttf/DejaVuSans.ttf"),
  bold: fontFile("dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf"),
};
const REGULAR = "DejaVuSans";
const BOLD = "DejaVuSans-Bold";

let fonts: fontkit.Font[] | null = null;

/** Whether the embedded font draws a character, in both weights (bold lacks a few of regular's). */
function drawable(char: string): boolean {
  fonts ??= [FONT_FILES.regular, FONT_FILES.bold].map((file) => fontkit.openSync(file) as fontkit.Font);
  const code = char.codePointAt(0)!;
  return fonts.every((font) => font.hasGlyphForCodePoint(code));
}

/**
 * Text as the embedded font can show it: a character it lacks becomes its plain form when the font has
 * that ("ŝ" without its accent where it had none, "𝗥" pasted as bold maths as "R"), else "?" (Chinese,
 * emoji); line breaks are spaces.
 */
export function printable(text: string): string {
  return Array.from(text, (char) => {
    if (char === "\n") return " ";
    if (drawable(char)) return char;
    const plain = char.normalize("NFKD").replace(/\p{M}/gu, "");
    return plain && Array.from(plain).every(drawable) ? plain : "?";
  }).join("");
}

interface Column {
  header: string;
  width: number;
  align?: "left" | "right";
}

function contentWidth(doc: PDFKit.PDFDocument) {
  return doc.page.width - 2 * MARGIN;
}

function bottomOf(doc: PDFKit.PDFDocument) {
  return doc.page.height - MARGIN;
}

/** Column widths as fractions of the page's content width. */
function columns(
  doc: PDFKit.PDFDocument,
  spec: [header: string, share: number, align?: "right"][],
): Column[] {
  const total = spec.reduce((sum, [, share]) => sum + share, 0);
  return spec.map(([header, share, align]) => ({
    header,
    width: (contentWidth(doc) * share) / total,
    align,
  }));
}

function drawRow(doc: PDFKit.PDFDocument, cols: Column[], cells: string[], y: number, bold = false) {
  doc
    .font(bold ? BOLD : REGULAR)
    .fontSize(9)
    .fillColor("black");
  let x = MARGIN;
  let height = 0;
  cols.forEach((col, i) => {
    const text = cells[i] ?? "";
    const options = { width: col.width - GAP, align: col.align ?? "left" } as const;
    doc.text(text, x, y, options);
    height = Math.max(height, doc.heightOfString(text, options));
    x += col.width;
  });
  return height;
}

function rowHeight(doc: PDFKit.PDFDocument, cols: Column[], cells: string[]) {
  doc.font(REGULAR).fontSize(9);
  return Math.max(...cols.map((col, i) => doc.heightOfString(cells[i] ?? "", { width: col.width - GAP })));
}

function rule(doc: PDFKit.PDFDocument, y: number) {
  doc
    .moveTo(MARGIN, y)
    .lineTo(doc.page.width - MARGIN, y)
    .lineWidth(0.5)
    .strokeColor(RULE)
    .stroke();
}

/**
 * The longest beginning of a cell's text that fits in `height` (ending at a space when it has one), and the
 * rest, for a row taller than a page.
 */
function splitCell(doc: PDFKit.PDFDocument, text: string, width: number, height: number) {
  const chars = Array.from(text);
  let fits = 0;
  let over = chars.length + 1;
  while (over - fits > 1) {
    const mid = Math.floor((fits + over) / 2);
    if (doc.heightOfString(chars.slice(0, mid).join(""), { width }) <= height) fits = mid;
    else over = mid;
  }
  if (fits < chars.length) {
    // At the last space when it is on the last line or the one above: a word is not cut in two.
    const space = fits > 0 ? chars.lastIndexOf(" ", fits - 1) : -1;
    const line = doc.currentLineHeight(true);
    const nearEnd =
      space > 0 && doc.heightOfString(chars.slice(0, space).join(""), { width }) > height - 2 * line;
    fits = nearEnd ? space + 1 : Math.max(fits, 1);
  }
  return [chars.slice(0, fits).join("").trimEnd(), chars.slice(fits).join("")] as const;
}

/**
 * A table that breaks across pages, its header repeated at the top of each. A row stays whole when a page
 * can hold it; one taller than a page (a long unbroken description) goes on over the next, cell beside cell.
 */
function table(doc: PDFKit.PDFDocument, cols: Column[], rows: string[][]) {
  const header = () => {
    const top = doc.y;
    const height = drawRow(
      doc,
      cols,
      cols.map((c) => c.header),
      top,
      true,
    );
    rule(doc, top + height + 2);
    doc.y = top + height + 6;
  };
  const nextPage = () => {
    doc.addPage();
    doc.y = MARGIN;
    header();
  };
  header();
  const line = doc.currentLineHeight(true);
  for (const row of rows) {
    let cells = row.map(printable);
    for (;;) {
      const top = doc.y;
      const room = bottomOf(doc) - top;
      const height = rowHeight(doc, cols, cells);
      if (height <= room) {
        drawRow(doc, cols, cells, top);
        doc.y = top + height + 4;
        break;
      }
      // A fresh page holds it whole (the header takes no more than two lines' height).
      if (height <= bottomOf(doc) - MARGIN - 3 * line || room < 3 * line) {
        nextPage();
        continue;
      }
      const parts = cells.map((text, i) => splitCell(doc, text, cols[i]!.width - GAP, room));
      drawRow(
        doc,
        cols,
        parts.map(([now]) => now),
        top,
      );
      cells = parts.map(([, later]) => later);
      nextPage();
    }
  }
  doc.x = MARGIN;
}

function heading(doc: PDFKit.PDFDocument, text: string) {
  if (doc.y + 60 > bottomOf(doc)) doc.addPage();
  doc.moveDown(1);
  doc.font(BOLD).fontSize(13).fillColor("black").text(text, MARGIN, doc.y);
  doc.moveDown(0.4);
}

export interface PassportPdfOptions {
  includeCosts: boolean;
  /** The bicycle's photo as PNG or JPEG. */
  photo: Buffer | null;
  /** The share link's QR code as PNG. */
  qrCode: Buffer | null;
  /** When the passport was made (printed at its foot). */
  madeAt: Date;
}

/** The passport as an A4 PDF; the document is a stream, ended and ready to be read. */
export function passportPdf(passport: Passport, options: PassportPdfOptions): PDFKit.PDFDocument {
  const { bicycle, distanceUnit } = passport;
  const doc = new PDFDocument({
    size: "A4",
    margin: MARGIN,
    info: { Title: printable(`Service passport: ${bicycle.name}`), Creator: "Velolog" },
  });
  doc.registerFont(REGULAR, FONT_FILES.regular);
  doc.registerFont(BOLD, FONT_FILES.bold);
  const width = contentWidth(doc);
  const sideWidth = 150;

  // The side column: the photo and the QR code of the share link.
  let sideY = MARGIN;
  const sideX = doc.page.width - MARGIN - sideWidth;
  if (options.photo) {
    doc.image(options.photo, sideX, sideY, { fit: [sideWidth, 112], align: "right" });
    sideY += 120;
  }
  if (options.qrCode) {
    doc.image(options.qrCode, sideX + sideWidth - 90, sideY, { width: 90 });
    doc
      .font(REGULAR)
      .fontSize(7)
      .fillColor(MUTED)
      .text("Scan for the shared page", sideX, sideY + 92, { width: sideWidth, align: "right" });
    sideY += 106;
  }

  const mainWidth = options.photo || options.qrCode ? width - sideWidth - 16 : width;
  doc.font(REGULAR).fontSize(10).fillColor(MUTED).text("SERVICE PASSPORT", MARGIN, MARGIN);
  doc.font(BOLD).fontSize(22).fillColor("black").text(printable(bicycle.name), { width: mainWidth });
  doc.moveDown(0.5);
  const facts: [string, string][] = [
    ["Serial number", bicycle.serialNumber ?? "Not recorded"],
    ["Purchase date", bicycle.purchaseDate ? formatDate(bicycle.purchaseDate) : "Not recorded"],
    [
      "Ridden",
      formatWear({ distance: bicycle.distanceKm, movingSeconds: bicycle.movingSeconds }, distanceUnit),
    ],
    ["Service entries", String(passport.totals.entries)],
  ];
  if (options.includeCosts) facts.push(["Total service cost", formatCost(passport.totals.totalCost)]);
  for (const [label, value] of facts) {
    doc
      .font(BOLD)
      .fontSize(10)
      .text(`${label}: `, MARGIN, doc.y, { continued: true, width: mainWidth })
      .font(REGULAR)
      .text(printable(value));
  }
  doc.y = Math.max(doc.y, sideY);

  heading(doc, "Components");
  if (passport.components.length === 0) {
    doc.font(REGULAR).fontSize(10).text("No components recorded.", MARGIN, doc.y);
  } else {
    table(
      doc,
      columns(doc, [
        ["Component", 3],
        ["Type", 2],
        ["Brand", 2],
        ["Distance", 1.6, "right"],
        ["Hours", 1.2, "right"],
      ]),
      passport.components.map((c) => [
        c.name,
        c.type,
        c.brand ?? "",
        formatDistance(c.distance, distanceUnit),
        formatHours(c.movingSeconds),
      ]),
    );
  }

  heading(doc, "Service history");
  if (passport.services.length === 0) {
    doc.font(REGULAR).fontSize(10).text("No services recorded.", MARGIN, doc.y);
  } else {
    const spec: [string, number, "right"?][] = [
      ["Date", 1.4],
      ["Component", 2],
      ["Description", options.includeCosts ? 4 : 5],
    ];
    if (options.includeCosts) spec.push(["Cost", 1.3, "right"]);
    spec.push(["Receipt", 1.2]);
    table(
      doc,
      columns(doc, spec),
      passport.services.map((s) => [
        formatDate(s.date),
        s.componentName,
        s.description,
        ...(options.includeCosts ? [formatCost(s.cost)] : []),
        s.hasReceipt ? "On file" : "",
      ]),
    );
    rule(doc, doc.y);
    doc.y += 6;
    const total = options.includeCosts ? `, ${formatCost(passport.totals.totalCost)} in all` : "";
    doc
      .font(BOLD)
      .fontSize(10)
      .text(
        `${passport.totals.entries} ${passport.totals.entries === 1 ? "entry" : "entries"}${total}`,
        MARGIN,
        doc.y,
      );
  }

  doc.moveDown(2);
  doc
    .font(REGULAR)
    .fontSize(8)
    .fillColor(MUTED)
    .text(`Made with Velolog on ${formatDate(options.madeAt)}.`, MARGIN, doc.y);
  doc.end();
  return doc;
}
