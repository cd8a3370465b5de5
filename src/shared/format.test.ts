import { describe, expect, it } from "vitest";
import {
  formatCost,
  formatDate,
  formatDollars,
  formatFileSize,
  formatMonthYear,
  formatNumber,
  formatPrice,
  isIsoDate,
} from "./format.ts";

describe("format", () => {
  it("shows costs with exactly 2 decimals and prices with up to 2", () => {
    expect(formatCost(12)).toBe("$12.00");
    expect(formatCost(1234.5)).toBe("$1,234.50");
    expect(formatPrice(1200)).toBe("$1,200");
    expect(formatPrice(1199.99)).toBe("$1,199.99");
    expect(formatPrice(3850.5)).toBe("$3,850.50");
  });

  it("writes numbers and dollars exactly as Intl's en-US formats do", () => {
    const samples = [
      0, -0, 0.04, -0.04, 0.05, 0.15, 0.25, 1.005, 1.45, 2.675, 9.95, 99.95, 999.95, 1000, 1234.56,
    ];
    samples.push(
      -1234.56,
      12_345.05,
      999_999.95,
      1_000_000,
      123_456_789.123,
      0.0005,
      0.0015,
      0.1234,
      3.333_33,
    );
    // 17 significant digits just under a half, exponent forms, and what is no number at all.
    samples.push(
      1.464_999_999_999_999_9,
      3.449_999_999_999_999_7,
      5e-7,
      9.5e-5,
      1e20,
      1e21,
      2 ** 60,
      98_765_432_109_876.5,
    );
    samples.push(Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY);
    for (let i = 0; i < 2000; i++) samples.push(((i * 104_729) % 99_991) / 1000 + (i % 7) * 1e-12 - 1e-13);
    for (let i = 0; i < 500; i++)
      samples.push(Math.round((i * 7919.37) % 50_000) / (i % 3 === 0 ? 1000 : 100));
    const number = new Intl.NumberFormat("en-US", { maximumFractionDigits: 1 });
    const dollars = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });
    const mills = new Intl.NumberFormat("en-US", {
      style: "currency",
      currency: "USD",
      minimumFractionDigits: 3,
    });
    const whole = new Intl.NumberFormat("en-US", {
      style: "currency",
      currency: "USD",
      maximumFractionDigits: 0,
    });
    for (const value of samples) {
      expect(formatNumber(value), String(value)).toBe(number.format(value));
      expect(formatDollars(value), String(value)).toBe(dollars.format(value));
      expect(formatDollars(value, 3), String(value)).toBe(mills.format(value));
      expect(formatDollars(value, 0), String(value)).toBe(whole.format(value));
    }
    expect(formatNumber(1234.5)).toBe("1,234.5");
    expect(formatDollars(-5)).toBe("-$5.00");
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
