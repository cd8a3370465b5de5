/**
 * Takes screenshots of the main screens at 1280 and 375 px, in dark and light, against a running app.
 * Usage: BASE_URL=http://127.0.0.1:3000 DATA_DIR=./data npm run screenshots  (writes to screenshots/)
 */
import { mkdirSync } from "node:fs";
import { chromium, type Page } from "@playwright/test";
import { chromiumArgs } from "../e2e/browser.ts";
import { lastLinkTo } from "../src/server/testing/outbox.ts";

const baseUrl = process.env.BASE_URL ?? "http://127.0.0.1:3000";
const outDir = "screenshots";
mkdirSync(outDir, { recursive: true });

const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: chromiumArgs });
const email = `shots-${Date.now()}@example.com`;

async function signUp(page: Page) {
  const response = await page.request.post(`${baseUrl}/api/auth/sign-up/email`, {
    data: { email, password: "secret123", name: "" },
    headers: { origin: baseUrl },
  });
  if (!response.ok()) throw new Error(`sign-up failed: ${response.status()}`);
  // Confirm the address with the emailed link, from the server's outbox (DATA_DIR of the running server).
  const link = lastLinkTo(process.env.DATA_DIR ?? "data", email, "/api/auth/verify-email");
  if (!link) throw new Error("no verification mail: set DATA_DIR to the running server's data folder");
  await page.request.get(link);
  const created = await page.request.post(`${baseUrl}/api/bicycles`, {
    data: {
      name: "Trail Hardtail",
      description: "My everyday trail bike, 29er with a 120 mm fork.",
      purchaseDate: "2024-03-14",
      price: 1899.99,
      purchaseCondition: "new",
      storeName: "Corner Bike Shop",
      serialNumber: "WTU123456",
      storeLink: "https://example.com/bikes/trail",
    },
    headers: { origin: baseUrl },
  });
  const { bicycle } = (await created.json()) as { bicycle: { id: string } };
  const post = (path: string, data: unknown) =>
    page.request.post(`${baseUrl}/api${path}`, { data, headers: { origin: baseUrl } });
  const chain = (await (
    await post("/components", {
      bicycleId: bicycle.id,
      name: "Shimano CN-M8100 chain",
      type: "Drivetrain",
      brand: "Shimano",
      mileage: 1250,
      notes: "Waxed every 300 km.",
    })
  ).json()) as { component: { id: string } };
  await post("/components", {
    bicycleId: bicycle.id,
    name: "Maxxis Rekon 29x2.4",
    type: "Tires",
    brand: "Maxxis",
    mileage: 800,
  });
  await post("/components", {
    bicycleId: null,
    name: "Spare Deore brake pads",
    type: "Brakes",
    brand: "Shimano",
  });
  await post("/components", {
    bicycleId: null,
    name: "Old flat pedals",
    type: "Pedals",
    brand: "Race Face",
    mileage: 4200,
  });
  for (const [date, description, cost] of [
    ["2024-06-02", "Replaced chain", 42.5],
    ["2024-03-10", "Cleaned and lubed", 0],
    ["2023-12-24", "Hot-waxed", 8.25],
  ] as const) {
    await post(`/components/${chain.component.id}/services`, { date, description, cost });
  }
  componentId = chain.component.id;
  const shared = (await (
    await post(`/bicycles/${bicycle.id}/share`, { notes: "For sale: serviced in June, ask me anything." })
  ).json()) as {
    link: { token: string };
  };
  shareToken = shared.link.token;
  return bicycle.id;
}
let componentId = "";
let shareToken = "";

const screens: { name: string; path: (id: string) => string; signedIn: boolean }[] = [
  { name: "landing", path: () => "/", signedIn: false },
  { name: "auth", path: () => "/auth", signedIn: false },
  { name: "bicycles", path: () => "/bicycles", signedIn: true },
  { name: "bicycle", path: (id) => `/bicycles/${id}`, signedIn: true },
  { name: "component", path: (id) => `/bicycles/${id}/components/${componentId}`, signedIn: true },
  { name: "parts-bin", path: () => "/parts-bin", signedIn: true },
  { name: "not-found", path: () => "/no-such-page", signedIn: false },
  { name: "demo-dashboard", path: () => "/dashboard", signedIn: false },
  { name: "demo-bicycle", path: () => "/bicycles/demo-1", signedIn: false },
  { name: "demo-component", path: () => "/bicycles/demo-1/components/comp-103", signedIn: false },
  { name: "dashboard", path: () => "/dashboard", signedIn: true },
  { name: "shared-links", path: () => "/shared-links", signedIn: true },
  { name: "account", path: () => "/account", signedIn: true },
  { name: "pricing", path: () => "/pricing", signedIn: true },
  { name: "checkout", path: () => "/billing/checkout", signedIn: true },
  { name: "faq", path: () => "/faq", signedIn: false },
  { name: "shared-view", path: () => `/shared/${shareToken}`, signedIn: true },
];

let bicycleId = "";
for (const theme of ["dark", "light"] as const) {
  for (const width of [1280, 375]) {
    for (const signedIn of [false, true]) {
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      await context.addInitScript((t) => localStorage.setItem("velolog-theme", t), theme);
      const page = await context.newPage();
      if (signedIn) {
        if (!bicycleId) bicycleId = await signUp(page);
        else
          await page.request.post(`${baseUrl}/api/auth/sign-in/email`, {
            data: { email, password: "secret123" },
            headers: { origin: baseUrl },
          });
      }
      for (const screen of screens.filter((s) => s.signedIn === signedIn)) {
        await page.goto(baseUrl + screen.path(bicycleId));
        await page.waitForLoadState("networkidle");
        await page.screenshot({ path: `${outDir}/${screen.name}-${width}-${theme}.png`, fullPage: true });
      }
      await context.close();
    }
  }
}
await browser.close();
console.log(`screenshots written to ${outDir}/`);
