import { describe, expect, it } from "vitest";
import { htmlToSpecText } from "./html-to-text.ts";
import { parseSpecText } from "./parse-spec.ts";

/**
 * The hostile pages' time limit, generous for a busy test machine: catastrophic backtracking would take
 * minutes, so a hang fails the test by this timeout (speed itself is for `npm run bench`, not tests).
 */
const HANG_TIMEOUT_MS = 60_000;

describe("htmlToSpecText", () => {
  it("turns table rows into label<TAB>value lines", () => {
    const html = `<table><tr><td width="160"><strong>
        Frame
      </strong></td><td class="v">ALUXX SL-Grade Aluminum</td></tr>
      <tr><th scope="row">FORK</th><td>RockShox Reba RL 29&quot;</td></tr></table>`;
    expect(htmlToSpecText(html)).toBe('Frame\tALUXX SL-Grade Aluminum\nFORK\tRockShox Reba RL 29"');
  });

  it("turns <dt>/<dd> pairs into label: value lines", () => {
    const html =
      "<h3>Frameset</h3><dl><dt>Seat Post</dt><dd>KS E-Ten</dd><dt>Saddle:</dt><dd>WTB Volt</dd></dl>";
    expect(htmlToSpecText(html)).toBe("Frameset\nSeat Post: KS E-Ten\nSaddle: WTB Volt");
  });

  it("puts list items and blocks on their own lines", () => {
    const html =
      "<ul><li><strong>Fork:</strong> Fox 34</li><li><b>Stem:</b> Alloy<br>35mm</li></ul><p>Hire Now</p>";
    expect(htmlToSpecText(html)).toBe("Fork: Fox 34\nStem: Alloy\n35mm\nHire Now");
  });

  it("separates label and value spans set side by side", () => {
    const html = '<div class="row"><span class="k">Chain</span>\n  <span class="v">KMC X10</span></div>';
    expect(parseSpecText(htmlToSpecText(html))).toEqual([
      { label: "Chain", name: "KMC X10", type: "Drivetrain", brand: "KMC" },
    ]);
  });

  it("drops scripts, styles, noscript, templates and comments", () => {
    const html = `<head><title>Shop</title><style>td{color:red}</style><script>var x = "<td>Frame</td>";</script></head>
      <body><!-- Frame: hidden --><noscript>Enable JS</noscript><template><p>Fork: x</p></template><p>Stem: Alloy</p></body>`;
    expect(htmlToSpecText(html)).toBe("Stem: Alloy");
  });

  it("decodes named and numeric entities", () => {
    expect(htmlToSpecText("<p>Tires: 29&#x22; &amp; 2.4&nbsp;&ndash; 60&#8482; &eacute; &bogus;</p>")).toBe(
      'Tires: 29" & 2.4 – 60™ é &bogus;',
    );
  });

  it("reads JSON-LD additionalProperty pairs that the page does not show", () => {
    const data = {
      "@context": "https://schema.org",
      "@type": "Product",
      additionalProperty: [
        { "@type": "PropertyValue", name: "Frame", value: "Alpha Silver Aluminium" },
        { "@type": "PropertyValue", name: "Fork", value: "RockShox Judy" },
      ],
    };
    const html = `<script type="application/ld+json">${JSON.stringify(data)}</script><ul><li>Fork: RockShox Judy</li></ul>`;
    expect(htmlToSpecText(html)).toBe("Fork: RockShox Judy\nFrame: Alpha Silver Aluminium");
  });

  it("ignores invalid JSON-LD", () => {
    expect(
      htmlToSpecText('<script type="application/ld+json">{"additionalProperty": [</script><p>ok</p>'),
    ).toBe("ok");
  });

  it("reads hostile pages to nothing, without hanging", { timeout: HANG_TIMEOUT_MS }, () => {
    const pages = [
      `<div title="${"x".repeat(5_000_000)}">Frame: Alloy</div>`,
      `<div title="${"x>".repeat(2_500_000)}`,
      "<".repeat(2_000_000),
      "<a".repeat(2_500_000),
      "<script>".repeat(500_000),
      "<!--".repeat(1_000_000),
      `<script type="application/ld+json">${"[".repeat(1_000_000)}</script>`,
      "&amp;&#99999999;&".repeat(300_000),
      "<td>Frame</td><td>Alloy</td>".repeat(200_000),
    ];
    for (const page of pages) {
      const found = parseSpecText(htmlToSpecText(page)).map((c) => `${c.label}: ${c.name}`);
      expect(found).toEqual(page.includes("Frame: Alloy") ? ["Frame: Alloy"] : []);
    }
    expect(htmlToSpecText(`<div title="${"x".repeat(5_000_000)}">Frame: Alloy</div>`)).toBe("Frame: Alloy");
  });

  it("returns an empty string for empty input", () => {
    expect(htmlToSpecText("")).toBe("");
  });
});
