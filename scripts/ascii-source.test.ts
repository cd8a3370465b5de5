import { describe, expect, it } from "vitest";
import { asciiSource } from "./ascii-source.ts";

/** Evaluates a module's source and returns what it exports. */
async function load(code: string): Promise<Record<string, unknown>> {
  return import(`data:text/javascript;base64,${Buffer.from(code).toString("base64")}`);
}

const CHUNK =
  String.raw`// A bullet list: • item — note
/* Tipus d'unió invàlid */
export const bullets = /^[\s*•·▪‣◦\-–—#>|]+/;
export const identity = /\–x/;
export const emoji = /^😀+$/u;
export const emojiClass = /^[😀😁]$/u;
export const escapedAlready = "\u00e9\u2013";
export const raw = String.raw` + "`é`;\n";

describe("asciiSource", () => {
  it("escapes comments and regular expressions, keeping what they match", async () => {
    const { code, left } = asciiSource(CHUNK);
    // Only the tagged template's raw text is left: escaping it would change the string.
    expect(left).toBe(1);
    expect(code.replace("String.raw`é`", "")).not.toMatch(/[\u0080-\uffff]/);

    const before = await load(CHUNK);
    const after = await load(code);
    for (const input of ["• item", "– dash", "—x", "x•", "–x", "\\–x", "😀😀", "😁", "😀😁", "", "é–"]) {
      for (const name of ["bullets", "identity", "emoji", "emojiClass"]) {
        expect((after[name] as RegExp).test(input), `${name} on ${input}`).toBe(
          (before[name] as RegExp).test(input),
        );
      }
    }
    expect(after.escapedAlready).toBe("é–");
    expect(after.raw).toBe("é");
  });

  it("leaves ASCII source untouched", () => {
    const source = "export const a = /[a-z]/; // plain\n";
    expect(asciiSource(source)).toEqual({ code: source, left: 0 });
  });
});
