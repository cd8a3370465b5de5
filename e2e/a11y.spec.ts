import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "./fixtures.ts";

const publicPages = [
  "/",
  "/about",
  "/pricing",
  "/faq",
  "/contact",
  "/sitemap",
  "/privacy-policy",
  "/terms-of-service",
  "/cookie-policy",
  "/refund-policy",
  "/acceptable-use-policy",
  "/data-processing-agreement",
  "/security-policy",
  "/dashboard",
  "/bicycles",
  "/bicycles/demo-1",
  "/bicycles/demo-1/components/comp-103",
  "/parts-bin",
  "/auth",
];

// One test per page and theme: each stays well inside the time limit on a slow machine.
for (const theme of ["dark", "light"] as const) {
  for (const path of publicPages) {
    test(`${path} has no accessibility violations (${theme})`, async ({ page }) => {
      await page.addInitScript((t) => localStorage.setItem("velolog-theme", t), theme);
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
      const results = await new AxeBuilder({ page })
        .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
        .analyze();
      const found = results.violations.map(
        (v) =>
          `${v.id}: ${v.nodes
            .map((n) => n.target.join(" "))
            .slice(0, 3)
            .join(" | ")}`,
      );
      expect(found, `${path} (${theme})`).toEqual([]);
    });
  }
}
