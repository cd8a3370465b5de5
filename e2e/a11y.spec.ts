import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { PRERENDERED_PATHS } from "../src/shared/domain/pages.ts";
import { createBicycleThroughApi, expect, test } from "./fixtures.ts";

/** Every page a visitor can open: the prerendered site pages, then the demo and sign-in. */
const publicPages = [
  ...PRERENDERED_PATHS,
  "/dashboard",
  "/bicycles",
  "/bicycles/demo-1",
  "/bicycles/demo-1/components/comp-103",
  "/parts-bin",
  "/auth",
];

/** The page's WCAG 2.1 A/AA violations, each with up to three of the elements concerned. */
async function violations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .analyze();
  return results.violations.map(
    (v) =>
      `${v.id}: ${v.nodes
        .map((n) => n.target.join(" "))
        .slice(0, 3)
        .join(" | ")}`,
  );
}

/**
 * Headings that skip a level on the way down (an h3 straight under the h1): a screen reader's outline of
 * the page then has a hole. Each as "h1 Title > h3 Sessions".
 */
async function skippedHeadings(page: Page): Promise<string[]> {
  return page.locator("h1, h2, h3, h4, h5, h6").evaluateAll((headings) => {
    const skipped: string[] = [];
    let previous: { level: number; text: string } | null = null;
    for (const heading of headings) {
      if (!(heading as HTMLElement).checkVisibility()) continue;
      const current = { level: Number(heading.tagName[1]), text: heading.textContent?.trim() ?? "" };
      if (previous && current.level > previous.level + 1) {
        skipped.push(`h${previous.level} ${previous.text} > h${current.level} ${current.text}`);
      }
      previous = current;
    }
    return skipped;
  });
}

/** Screens a signed-in rider sees; ":bicycle" is a bicycle of theirs. */
const signedInPages = [
  "/dashboard",
  "/bicycles",
  "/bicycles/:bicycle",
  "/bicycles/:bicycle/passport",
  "/parts-bin",
  "/shared-links",
  "/account",
  "/feedback",
];

// One test per page and theme: each stays well inside the time limit on a slow machine.
for (const theme of ["dark", "light"] as const) {
  for (const path of publicPages) {
    test(`${path} has no accessibility violations (${theme})`, async ({ page }) => {
      await page.addInitScript((t) => localStorage.setItem("velolog-theme", t), theme);
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
      expect(await violations(page), `${path} (${theme})`).toEqual([]);
      expect(await skippedHeadings(page), `${path}: headings`).toEqual([]);
    });
  }
  for (const path of signedInPages) {
    test(`signed in, ${path} has no accessibility violations (${theme})`, async ({
      page,
      rider,
      baseURL,
    }) => {
      expect(rider.email).toContain("@");
      const bicycle = await createBicycleThroughApi(page, baseURL!, { name: "Commuter", price: 450 });
      await page.addInitScript((t) => localStorage.setItem("velolog-theme", t), theme);
      await page.goto(path.replace(":bicycle", bicycle.id));
      await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
      // Wait for the data, not just the frame: the page's own content is what is checked.
      await expect(page.getByText("Loading...")).toHaveCount(0);
      expect(await violations(page), `${path} (${theme})`).toEqual([]);
      expect(await skippedHeadings(page), `${path}: headings`).toEqual([]);
    });
  }
}
