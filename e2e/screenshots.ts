import type { Locator, Page } from "@playwright/test";

/**
 * A folder to save screenshots into (1280 and 375 px wide, dark and light), when E2E_SCREENSHOTS names one:
 * `E2E_SCREENSHOTS=/tmp/shots npx playwright test e2e/rides.spec.ts`. Unset, the helpers do nothing.
 */
const SHOTS = process.env.E2E_SCREENSHOTS;
const WIDTHS = [1280, 375];
const THEMES = ["dark", "light"] as const;

/** The page as a reload shows it in each theme (the saved theme), from its top. */
export async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  for (const theme of THEMES) {
    await page.evaluate((t) => localStorage.setItem("velolog-theme", t), theme);
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      await page.reload();
      await page.waitForLoadState("networkidle");
      // A reload keeps the scroll position, which draws the sticky header over the page's middle.
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: `${SHOTS}/${name}-${width}-${theme}.png`, fullPage: true });
    }
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

/**
 * The page, or one element of it, as it is now (an open dialog or a form with its messages, which a reload
 * would lose): the theme is switched in place. `inView` is scrolled into view first.
 */
export async function shootAsIs(
  page: Page,
  name: string,
  options: { element?: Locator; inView?: Locator } = {},
) {
  if (!SHOTS) return;
  for (const theme of THEMES) {
    await page.evaluate((dark) => {
      document.documentElement.classList.toggle("dark", dark);
      document.documentElement.style.colorScheme = dark ? "dark" : "light";
    }, theme === "dark");
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      await options.inView?.scrollIntoViewIfNeeded();
      await (options.element ?? page).screenshot({ path: `${SHOTS}/${name}-${width}-${theme}.png` });
    }
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}
