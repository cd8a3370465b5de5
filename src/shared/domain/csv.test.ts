import { describe, expect, it } from "vitest";
import {
  csvCell,
  csvRow,
  decodeSpreadsheetFile,
  detectDelimiter,
  parseCsv,
  UTF8_BOM,
  unguardCell,
} from "./csv.ts";
import {
  detectDateFormat,
  guessColumns,
  parseImportCost,
  parseImportDate,
  parseImportReceipt,
  readServiceSheet,
} from "./service-csv.ts";

describe("writing CSV", () => {
  it("quotes cells with commas, quotes and line breaks, and leaves plain ones alone", () => {
    expect(csvCell("Chain")).toBe("Chain");
    expect(csvCell("Tyre, front")).toBe('"Tyre, front"');
    expect(csvCell('The "good" one')).toBe('"The ""good"" one"');
    expect(csvCell("two\nlines")).toBe('"two\nlines"');
    expect(csvCell(null)).toBe("");
    expect(csvCell(12.5)).toBe("12.5");
  });

  it("guards text a spreadsheet would run as a formula, but not numbers", () => {
    expect(csvCell('=HYPERLINK("http://x")')).toBe('"\'=HYPERLINK(""http://x"")"');
    expect(csvCell("+1")).toBe("'+1");
    expect(csvCell("-front")).toBe("'-front");
    expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvCell("\tx")).toBe("'\tx");
    expect(csvCell(-3)).toBe("-3");
    expect(csvCell("a=b")).toBe("a=b");
  });

  it("ends rows with CRLF", () => {
    expect(csvRow(["a", 1, null])).toBe("a,1,\r\n");
  });
});

describe("reading CSV", () => {
  it("reads back what it writes, tricky cells included", () => {
    const cells = ["Tyre, front", 'The "good" one', "two\nlines", "=1+1", ""];
    const text = UTF8_BOM + csvRow(["a", "b", "c", "d", "e"]) + csvRow(cells);
    const [header, row] = parseCsv(text);
    expect(header).toEqual(["a", "b", "c", "d", "e"]);
    expect(row!.map(unguardCell)).toEqual(cells);
  });

  it("takes LF endings and a last line without one; an empty line stays a row, as in a spreadsheet", () => {
    const records = parseCsv('a,b\n1,2\n\n"3\nthree",4\r\n5,6\r\n');
    expect(records).toEqual([["a", "b"], ["1", "2"], [""], ["3\nthree", "4"], ["5", "6"]]);
    // Record n is the spreadsheet's row n + 1: "5" is on row 5.
    expect(records.findIndex((r) => r[0] === "5") + 1).toBe(5);
  });

  it("takes Excel's sep=; line as the delimiter, not as the header row", () => {
    const text = `${UTF8_BOM}sep=;\r\nDate;Part;Notes\r\n01.02.2024;Chain;Waxed, new\r\n`;
    expect(detectDelimiter(text)).toBe(";");
    const records = parseCsv(text);
    expect(records).toEqual([
      ["Date", "Part", "Notes"],
      ["01.02.2024", "Chain", "Waxed, new"],
    ]);
    // The header is row 1 and the chain's row 2, as Excel shows them.
    expect(guessColumns(records[0]!)).toMatchObject({ date: 0, component: 1, description: 2 });
  });

  it("finds the semicolon and tab delimiters of other spreadsheets", () => {
    expect(detectDelimiter("Date;Part;Cost\n01.02.2024;Chain;12,50")).toBe(";");
    expect(detectDelimiter("Date\tPart\n")).toBe("\t");
    expect(detectDelimiter('"a;b",c\n')).toBe(",");
    expect(parseCsv("Date;Cost\n01.02.2024;12,50")).toEqual([
      ["Date", "Cost"],
      ["01.02.2024", "12,50"],
    ]);
  });

  it("reads files saved as UTF-8, UTF-16 or Windows-1252 (older Excel's CSV) with their accents whole", () => {
    const text = "Date;Component;Cost\r\n2024-05-01;Kette für Straße;12,50 €\r\n";
    const utf8 = new TextEncoder().encode(text);
    expect(decodeSpreadsheetFile(utf8)).toBe(text);
    expect(decodeSpreadsheetFile(new Uint8Array([0xef, 0xbb, 0xbf, ...utf8]))).toBe(text);
    // Windows-1252: ü is 0xFC, ß 0xDF, € 0x80 (one byte each, which is no valid UTF-8).
    const cp1252 = Uint8Array.from(
      text,
      (char) => ({ ü: 0xfc, ß: 0xdf, "€": 0x80 })[char] ?? char.charCodeAt(0),
    );
    expect(decodeSpreadsheetFile(cp1252)).toBe(text);
    const utf16 = new Uint8Array(2 + text.length * 2);
    utf16.set([0xff, 0xfe]);
    for (let i = 0; i < text.length; i++)
      utf16.set([text.charCodeAt(i) & 0xff, text.charCodeAt(i) >> 8], 2 + 2 * i);
    expect(decodeSpreadsheetFile(utf16)).toBe(text);
    expect(parseCsv(decodeSpreadsheetFile(cp1252))[1]).toEqual(["2024-05-01", "Kette für Straße", "12,50 €"]);
    // A UTF-8 file with one stray byte keeps its accents; only that byte is lost.
    const stray = new Uint8Array([...utf8, 0xff]);
    expect(decodeSpreadsheetFile(stray)).toBe(`${text}\uFFFD`);
  });

  it("takes off only the guard our export adds", () => {
    expect(unguardCell("'=SUM(A1)")).toBe("=SUM(A1)");
    expect(unguardCell("'quoted'")).toBe("'quoted'");
  });

  it("gives back text typed with its own quote before a formula start, quote and all", () => {
    for (const typed of ["'=not a formula", "''+1", "'-", "'quoted'"])
      expect(unguardCell(parseCsv(csvRow([typed]))[0]![0]!)).toBe(typed);
    expect(csvCell("'=x")).toBe("''=x");
  });
});

describe("service records from a spreadsheet", () => {
  it("finds the header below a sheet's title, and numbers rows as the spreadsheet does", () => {
    // Google Sheets writes a title row's empty cells too.
    const sheet = readServiceSheet(
      "My service log,,,\n,,,\nDate,Part,Notes,Cost\n2024-05-01,Chain,Waxed,5\n\n2024-06-01,Chain,Oiled,\n",
    );
    expect(sheet).toEqual({
      headers: ["Date", "Part", "Notes", "Cost"],
      records: [
        { row: 4, cells: ["2024-05-01", "Chain", "Waxed", "5"] },
        { row: 6, cells: ["2024-06-01", "Chain", "Oiled", ""] },
      ],
    });
    expect(readServiceSheet("")).toBe("The file is empty");
    expect(readServiceSheet("\r\n,,\r\n")).toBe("The file is empty");
    expect(readServiceSheet("Date,Part,Notes\r\n")).toBe("The file has a header but no rows to import");
    expect(readServiceSheet(`Date,Part\n${"2024-05-01,Chain\n".repeat(2001)}`)).toBe(
      "The file has more than 2000 rows; please split it and import each part",
    );
  });

  it("guesses columns from header names", () => {
    expect(guessColumns(["Date", "Part", "Notes", "Price"])).toEqual({
      date: 0,
      component: 1,
      description: 2,
      cost: 3,
      bicycle: null,
      receipt: null,
    });
    // The app's own download, receipts included.
    expect(guessColumns(["Date", "Bicycle", "Component", "Description", "Cost (USD)", "Receipt"])).toEqual({
      date: 0,
      bicycle: 1,
      component: 2,
      description: 3,
      cost: 4,
      receipt: 5,
    });
    expect(guessColumns(["Date", "Part", "Notes", "Receipt URL"]).receipt).toBe(3);
    expect(guessColumns(["When", "What"]).component).toBeNull();
    // A German or French rider's own sheet.
    expect(guessColumns(["Datum", "Fahrrad", "Bauteil", "Beschreibung", "Kosten (€)", "Beleg"])).toEqual({
      date: 0,
      bicycle: 1,
      component: 2,
      description: 3,
      cost: 4,
      receipt: 5,
    });
    expect(guessColumns(["Date", "Vélo", "Pièce", "Travaux", "Coût", "Reçu"])).toEqual({
      date: 0,
      bicycle: 1,
      component: 2,
      description: 3,
      cost: 4,
      receipt: 5,
    });
  });

  it("reads ISO dates always and slashed dates as the chosen format; 31/02 is no date", () => {
    expect(parseImportDate("2024-05-31", "dmy")).toBe("2024-05-31");
    expect(parseImportDate("2024-05-31T10:00:00Z", "iso")).toBe("2024-05-31");
    expect(parseImportDate("03/04/2024", "dmy")).toBe("2024-04-03");
    expect(parseImportDate("03/04/2024", "mdy")).toBe("2024-03-04");
    expect(parseImportDate("31.05.2024", "dmy")).toBe("2024-05-31");
    expect(parseImportDate("31/02/2024", "dmy")).toBeNull();
    expect(parseImportDate("03/04/2024", "iso")).toBeNull();
    expect(parseImportDate("yesterday", "dmy")).toBeNull();
  });

  it("reads the dates spreadsheets write: year first with slashes, month names, a time after the date", () => {
    // Google Sheets and Excel in other locales, and Excel's d-mmm-yy.
    expect(parseImportDate("2024/05/31", "iso")).toBe("2024-05-31");
    expect(parseImportDate("2024.05.31", "dmy")).toBe("2024-05-31");
    expect(parseImportDate("31-May-24", "iso")).toBe("2024-05-31");
    expect(parseImportDate("31 May 2024", "mdy")).toBe("2024-05-31");
    // As this app shows dates (MMM d, yyyy), and Sheets' long date.
    expect(parseImportDate("May 31, 2024", "iso")).toBe("2024-05-31");
    expect(parseImportDate("Friday, May 31, 2024", "dmy")).toBe("2024-05-31");
    expect(parseImportDate("Sept 3, 2024", "iso")).toBe("2024-09-03");
    // A date-time cell: the day is the date.
    expect(parseImportDate("5/31/2024 10:00:00", "mdy")).toBe("2024-05-31");
    expect(parseImportDate("31.05.2024 18:30", "dmy")).toBe("2024-05-31");
    expect(detectDateFormat(["5/31/2024 10:00:00"])).toBe("mdy");
    // A short year is this century's.
    expect(parseImportDate("31/05/24", "dmy")).toBe("2024-05-31");
    expect(detectDateFormat(["31/05/24"])).toBe("dmy");
    // Still no day that does not exist, and no month that is not one.
    expect(parseImportDate("Feb 30, 2024", "iso")).toBeNull();
    expect(parseImportDate("31 Mai 2024", "iso")).toBeNull();
    expect(parseImportDate("2024/05-31", "iso")).toBeNull();
  });

  it("detects the date format only when the values show it", () => {
    expect(detectDateFormat(["2024-01-02", "2024-03-04"])).toBe("iso");
    expect(detectDateFormat(["03/04/2024", "25/04/2024"])).toBe("dmy");
    expect(detectDateFormat(["03/04/2024", "04/25/2024"])).toBe("mdy");
    expect(detectDateFormat(["03/04/2024", "05/06/2024"])).toBeNull();
  });

  it("reads costs with a currency sign, thousands or a decimal comma; blank is 0", () => {
    expect(parseImportCost("12.50")).toBe(12.5);
    expect(parseImportCost("$1,234.50")).toBe(1234.5);
    expect(parseImportCost("12,50")).toBe(12.5);
    expect(parseImportCost("1,250.00")).toBe(1250);
    // Currency formats as spreadsheets write them: the sign after the amount in much of Europe.
    expect(parseImportCost("12,50 €")).toBe(12.5);
    expect(parseImportCost("1.234,50 €")).toBe(1234.5);
    expect(parseImportCost("USD 12.50")).toBe(12.5);
    expect(parseImportCost("US$12.50")).toBe(12.5);
    expect(parseImportCost("12.50 $")).toBe(12.5);
    // The forms' rule (shared/domain/decimal.ts): 1250 or 1.25? The row is refused, not guessed.
    expect(parseImportCost("1,250")).toBe("ambiguous");
    expect(parseImportCost("$1,250")).toBe("ambiguous");
    expect(parseImportCost("")).toBe(0);
    expect(parseImportCost("-5")).toBeNull();
    expect(parseImportCost("12.345")).toBeNull();
    expect(parseImportCost("abc")).toBeNull();
  });

  it("reads a receipt cell as the service form reads a receipt URL, this app's own file links included", () => {
    const app = "https://velolog.example";
    const id = "0b7e4a52-3c1d-4f2a-9e8b-5d6c7f8a9b0c";
    expect(parseImportReceipt("  ", app)).toEqual({ kind: "none" });
    // As the download writes a stored receipt, and as the API keeps one.
    expect(parseImportReceipt(`${app}/api/files/${id}`, app)).toEqual({ kind: "file", id });
    expect(parseImportReceipt(`/api/files/${id}`, app)).toEqual({ kind: "file", id });
    expect(parseImportReceipt(`${app}/api/files/not-a-file`, app)).toEqual({ kind: "file", id: null });
    // The same instance under the other scheme or its host in capitals (a download from before it moved to https).
    expect(parseImportReceipt(`http://Velolog.example/api/files/${id}`, app)).toEqual({ kind: "file", id });
    expect(parseImportReceipt(`http://velolog.example:8080/api/files/${id}`, app).kind).toBe("link");
    // Kept elsewhere, or another app's file: a link, kept as it is.
    expect(parseImportReceipt(" https://shop.example/order/42 ", app)).toEqual({
      kind: "link",
      url: "https://shop.example/order/42",
    });
    expect(parseImportReceipt(`https://other.example/api/files/${id}`, app)).toEqual({
      kind: "link",
      url: `https://other.example/api/files/${id}`,
    });
    expect(parseImportReceipt("receipt in the drawer", app)).toEqual({ kind: "invalid" });
    expect(parseImportReceipt("javascript:alert(1)", app)).toEqual({ kind: "invalid" });
    expect(parseImportReceipt(`https://shop.example/${"x".repeat(2000)}`, app)).toEqual({ kind: "tooLong" });
  });
});
