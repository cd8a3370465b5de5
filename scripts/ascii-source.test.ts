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

  it("tells regular expressions from divisions where a tokenizer alone cannot", async () => {
    // After await and in for await, acorn's tokenizer alone reads `/` as a division; it would then see a
    // comment inside the character class and rewrite the code after it.
    const chunk =
      String.raw`export const found = await /é+/.exec("x\u00e9\u00e9")?.[0];
export async function each(list) { const out = []; for await (const x of list) out.push(/[/*]/.test(x) && /\é/.test("\u00e9")); return out; }
export const escaped = /\é/.test("\u00e9"); /* end */ export const raw = String.raw` + "`é`;\n";
    const { code, left } = asciiSource(chunk);
    expect(left).toBe(1); // the raw template only
    const after = await load(code);
    expect(after.found).toBe("éé");
    expect(after.escaped).toBe(true);
    expect(after.raw).toBe("é");
    expect(await (after.each as (list: string[]) => Promise<boolean[]>)(["/", "a"])).toEqual([true, false]);
  });

  it("leaves a chunk acorn cannot parse as it is", async () => {
    const chunk = 'const o = { *g(s) { yield /[•/*]/.test(s); } };\nexport const found = [...o.g("•")];\n';
    const result = asciiSource(chunk);
    expect(result).toMatchObject({ code: chunk, left: 2 });
    expect(result.unparsed).toMatch(/SyntaxError/);
    expect((await load(result.code)).found).toEqual([true]);
  });

  it("keeps line separators in comments, where they end a statement", async () => {
    const chunk = "export function f() { return /*\u2028*/ 1 }\nexport const g = () => /* é */ 2;\n";
    const { code, left } = asciiSource(chunk);
    expect(left).toBe(1);
    expect(code).toContain("/* \\u00e9 */");
    // The separator is a line break: `return` ends there, before and after.
    expect(((await load(chunk)).f as () => unknown)()).toBeUndefined();
    expect(((await load(code)).f as () => unknown)()).toBeUndefined();
  });

  it("leaves ASCII source untouched", () => {
    const source = "export const a = /[a-z]/; // plain\n";
    expect(asciiSource(source)).toEqual({ code: source, left: 0 });
  });
});
