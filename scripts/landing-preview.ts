/**
 * Takes the landing page's picture of the product: the demo dashboard, in dark and light, written as small
 * WebP files to public/landing/: the desktop layout at two widths, and the phone layout for phones. Run it against a running app after changing the
 * dashboard or the demo: `BASE_URL=http://127.0.0.1:3000 npm run landing:preview`.
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import { chromium } from "@playwright/test";
import sharp from "sharp";
import { chromiumArgs } from "../e2e/browser.ts";

const baseUrl = process.env.BASE_URL ?? "http://127.0.0.1:3000";
const outDir = path.resolve(import.meta.dirname, "../public/landing");
/** The picture's size at its widest; the narrower file is for phones. */
export const PREVIEW_WIDTHS = [1200, 640] as const;
const VIEWPORT = { width: 1280, height: 860 };
/** The phone picture: the dashboard's figures and first bicycle at 390 px, at twice the pixels for sharp text. */
export const PHONE = { width: 390, height: 600, scale: 2 };

mkdirSync(outDir, { recursive: true });
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: chromiumArgs });
for (const theme of ["dark", "light"] as const) {
  const context = await browser.newContext({ viewport: VIEWPORT, deviceScaleFactor: 1 });
  await context.addInitScript((t) => localStorage.setItem("velolog-theme", t), theme);
  const page = await context.newPage();
  await page.goto(`${baseUrl}/dashboard`);
  await page.getByRole("list", { name: "Bicycles" }).getByRole("img").first().waitFor();
  await page.waitForLoadState("networkidle");
  // The dashboard itself, without the demo banner and the site's header and footer.
  await page.evaluate(() => {
    document.querySelector("header")?.remove();
    document.querySelector("main [data-slot=alert]")?.remove();
  });
  const main = page.locator("main");
  const box = (await main.boundingBox())!;
  const png = await page.screenshot({
    clip: { x: box.x, y: box.y, width: box.width, height: Math.min(box.height, 760) },
  });
  for (const width of PREVIEW_WIDTHS) {
    const file = path.join(outDir, `dashboard-${theme}-${width}.webp`);
    const info = await sharp(png).resize({ width }).webp({ quality: 70, effort: 6 }).toFile(file);
    console.log(`${path.basename(file)}: ${info.width}x${info.height}, ${(info.size / 1024).toFixed(1)} KB`);
  }
  await context.close();

  const phone = await browser.newContext({
    viewport: { width: PHONE.width, height: 844 },
    deviceScaleFactor: PHONE.scale,
  });
  await phone.addInitScript((t) => localStorage.setItem("velolog-theme", t), theme);
  const phonePage = await phone.newPage();
  await phonePage.goto(`${baseUrl}/dashboard`);
  await phonePage.getByRole("list", { name: "Bicycles" }).getByRole("img").first().waitFor();
  await phonePage.waitForLoadState("networkidle");
  await phonePage.evaluate(() => {
    document.querySelector("header")?.remove();
    document.querySelector("main [data-slot=alert]")?.remove();
    document.querySelector("nav[aria-label=Tabs]")?.remove();
  });
  const top = (await phonePage.getByRole("region", { name: "Statistics" }).boundingBox())!.y - 16;
  const shot = await phonePage.screenshot({
    // Below the Due card, the figures may start past the first screen.
    fullPage: true,
    clip: { x: 0, y: top, width: PHONE.width, height: PHONE.height },
  });
  const file = path.join(outDir, `dashboard-${theme}-phone.webp`);
  const info = await sharp(shot).webp({ quality: 65, effort: 6 }).toFile(file);
  console.log(`${path.basename(file)}: ${info.width}x${info.height}, ${(info.size / 1024).toFixed(1)} KB`);
  await phone.close();
}
await browser.close();
