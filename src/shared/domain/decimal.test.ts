import { describe, expect, it } from "vitest";
import { parseDecimal } from "./decimal.ts";

describe("parseDecimal, the one rule for typed amounts", () => {
  it.each([
    ["12.50", 12.5],
    ["12,50", 12.5],
    ["1,5", 1.5],
    ["0,125", 0.125],
    [" 1250 ", 1250],
    [".5", 0.5],
    ["1,250.00", 1250],
    ["1,250,000", 1_250_000],
    ["1.250,00", 1250],
    ["1250,5", 1250.5],
    ["-5", -5],
    ["0", 0],
  ])("reads %j as %d", (text, value) => {
    expect(parseDecimal(text)).toEqual({ ok: true, value });
  });

  it("refuses “1,250” as ambiguous (1250 or 1.25), never guessing", () => {
    expect(parseDecimal("1,250")).toEqual({ ok: false, reason: "ambiguous" });
    expect(parseDecimal("999,000")).toEqual({ ok: false, reason: "ambiguous" });
  });

  it.each(["abc", "1e3", "12,50,3", "1.2.3", "1,2.5", "12 50", "", "Infinity", "0x10", "1,25.0"])(
    "refuses %j as malformed",
    (text) => {
      expect(parseDecimal(text)).toEqual({ ok: false, reason: "malformed" });
    },
  );
});
