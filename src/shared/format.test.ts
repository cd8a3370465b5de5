import { describe, expect, it } from "vitest";
import { formatCost, formatDate, formatFileSize, formatMonthYear, formatPrice, isIsoDate } from "./format.ts";

describe("format", () => {
  it("shows costs with exactly 2 decimals and prices with up to 2", () => {
    expect(formatCost(12)).toBe("$12.00");
    expect(formatCost(1234.5)).toBe("$1,234.50");
    expect(formatPrice(1200)).toBe("$1,200");
    expect(formatPrice(1199.99)).toBe("$1,199.99");
    expect(formatPrice(3850.5)).toBe("$3,850.50");
  });

  it("shows dates as MMM d, yyyy and month-year", () => {
    expect(formatDate("2024-03-04")).toBe("Mar 4, 2024");
    expect(formatDate("2024-12-31T23:00:00.000Z".slice(0, 10))).toBe("Dec 31, 2024");
    expect(formatMonthYear("2024-03-04")).toBe("Mar 2024");
    expect(formatDate("garbage")).toBe("");
  });

  it("accepts only real calendar dates", () => {
    expect(isIsoDate("2024-02-29")).toBe(true);
    expect(isIsoDate("2023-02-29")).toBe(false);
    expect(isIsoDate("2024-02-30")).toBe(false);
    expect(isIsoDate("2024-13-01")).toBe(false);
    expect(isIsoDate("24-01-01")).toBe(false);
  });

  it("shows file sizes in bytes, KB and MB", () => {
    expect(formatFileSize(512)).toBe("512 bytes");
    expect(formatFileSize(1536)).toBe("1.5 KB");
    expect(formatFileSize(5 * 1024 * 1024)).toBe("5.0 MB");
  });
});
