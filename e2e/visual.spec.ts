import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { createBicycleThroughApi, expect, signUpThroughApi, test } from "./fixtures.ts";

/**
 * The visual pass: every screen (public, signed-in, demo, with dialogs open) at 1280 and 375 px in both
 * themes. Fails on horizontal overflow (the fixture fails on console errors) and saves a full-page
 * screenshot of each to screenshots/visual/ to look at.
 */
const spec = readFileSync(
  new URL("../../shared/fixtures/import/002-norco-sight-c7-4-2016/spec.txt", import.meta.url),
  "utf8",
);

interface Screen {
  name: string;
  path: string;
  /** Opens a dialog or menu on the page before the screenshot. */
  open?: (page: Page) => Promise<void>;
}

const publicScreens: Screen[] = [
  { name: "landing", path: "/" },
  { name: "auth", path: "/auth" },
  { name: "pricing", path: "/pricing" },
  { name: "faq", path: "/faq" },
  { name: "about", path: "/about" },
  { name: "privacy-policy", path: "/privacy-policy" },
  { name: "not-found", path: "/no-such-page" },
  { name: "demo-dashboard", path: "/dashboard" },
  { name: "demo-bicycles", path: "/bicycles" },
  { name: "demo-bicycle", path: "/bicycles/demo-1" },
  { name: "demo-component", path: "/bicycles/demo-1/components/comp-103" },
  { name: "demo-parts-bin", path: "/parts-bin" },
];

async function seed(page: Page, baseURL: string) {
  const post = async (path: string, data: unknown) => {
    const response = await page.request.post(`/api${path}`, { data, headers: { Origin: baseURL } });
    expect(response.ok(), `POST ${path}`).toBe(true);
    return response.json();
  };
  const bicycle = await createBicycleThroughApi(page, baseURL, {
    name: "Trail Hardtail with a rather long name for a small screen",
    description: "My everyday trail bike, 29er with a 120 mm fork.",
    purchaseDate: "2024-03-14",
    price: 1899.99,
    purchaseCondition: "new",
    storeName: "Corner Bike Shop",
    serialNumber: "WTU123456789012345",
    storeLink: "https://example.com/bikes/trail",
  });
  const chain = (await post("/components", {
    bicycleId: bicycle.id,
    name: "Shimano CN-M8100 chain",
    type: "Drivetrain",
    brand: "Shimano",
    mileage: 1250,
    notes: "Waxed every 300 km.",
  })) as { component: { id: string } };
  await post("/components", { bicycleId: null, name: "Spare Deore brake pads", type: "Brakes" });
  await post(`/components/${chain.component.id}/services`, {
    date: "2024-06-02",
    description: "Replaced chain",
    cost: 42.5,
  });
  const share = (await post(`/bicycles/${bicycle.id}/share`, { notes: "For sale." })) as {
    link: { token: string };
  };
  return { bicycleId: bicycle.id, componentId: chain.component.id, token: share.link.token };
}

/** A new rider's screens, before the seed fills the free plan's one bicycle. */
const firstRunScreens: Screen[] = [
  { name: "dashboard-empty", path: "/dashboard" },
  {
    name: "bicycles-add-dialog",
    path: "/bicycles",
    open: (page) => page.getByRole("button", { name: "Add Bicycle" }).first().click(),
  },
];

function signedInScreens(ids: { bicycleId: string; componentId: string; token: string }): Screen[] {
  const bicycle = `/bicycles/${ids.bicycleId}`;
  return [
    { name: "dashboard", path: "/dashboard" },
    { name: "bicycles", path: "/bicycles" },
    { name: "bicycle", path: bicycle },
    {
      name: "bicycle-more-menu",
      path: bicycle,
      open: (page) => page.getByRole("button", { name: "More actions" }).click(),
    },
    {
      name: "bicycle-share-dialog",
      path: bicycle,
      open: (page) => page.getByRole("button", { name: "Share" }).click(),
    },
    {
      name: "bicycle-import-review",
      path: bicycle,
      open: async (page) => {
        await page.getByRole("button", { name: /Import from Text/ }).click();
        await page.getByLabel("Specification text").fill(spec);
        await page.getByRole("button", { name: "Find Components" }).click();
        await expect(page.getByTestId("import-row").first()).toBeVisible();
      },
    },
    {
      name: "bicycle-rides",
      path: bicycle,
      open: (page) => page.getByRole("tab", { name: "Rides" }).click(),
    },
    {
      name: "bicycle-add-ride",
      path: bicycle,
      open: async (page) => {
        await page.getByRole("tab", { name: "Rides" }).click();
        await page.getByRole("button", { name: "Add Ride" }).click();
      },
    },
    { name: "bicycle-passport", path: `${bicycle}/passport` },
    { name: "component", path: `${bicycle}/components/${ids.componentId}` },
    { name: "rides", path: "/rides" },
    { name: "parts-bin", path: "/parts-bin" },
    { name: "shared-links", path: "/shared-links" },
    { name: "shared-view", path: `/shared/${ids.token}` },
    { name: "account", path: "/account" },
    {
      name: "account-change-email",
      path: "/account",
      open: (page) => page.getByRole("button", { name: "Change email" }).click(),
    },
    { name: "pricing-signed-in", path: "/pricing" },
    { name: "checkout", path: "/billing/checkout" },
    { name: "feedback", path: "/feedback" },
  ];
}

async function visit(page: Page, screen: Screen, file: string) {
  await page.goto(screen.path);
  await page.waitForLoadState("networkidle");
  await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
  if (screen.open) {
    await screen.open(page);
    await page.waitForLoadState("networkidle");
  }
  // Let the dialogs' and menus' opening animations finish before measuring and taking the picture.
  await page.waitForTimeout(250);
  const widths = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    inner: window.innerWidth,
  }));
  expect.soft(widths.scroll, `${screen.name}: page wider than the window`).toBeLessThanOrEqual(widths.inner);
  await page.screenshot({ path: `screenshots/visual/${file}.png`, fullPage: true });
}

for (const theme of ["dark", "light"] as const) {
  for (const width of [1280, 375]) {
    test.describe(`${width} px, ${theme}`, () => {
      test.use({ viewport: { width, height: 800 } });
      test.beforeEach(async ({ page }) => {
        await page.addInitScript((t) => localStorage.setItem("velolog-theme", t), theme);
      });

      test.describe(() => {
        // The not-found page answers 404, which the browser logs.
        test.use({ allowedConsoleErrors: [/status of 404/] });
        test("public and demo screens", async ({ page }) => {
          test.setTimeout(120_000);
          for (const screen of publicScreens) await visit(page, screen, `${screen.name}-${width}-${theme}`);
        });
      });

      test("signed-in screens and dialogs", async ({ page, baseURL }) => {
        test.setTimeout(180_000);
        await signUpThroughApi(page, baseURL!);
        for (const screen of firstRunScreens) await visit(page, screen, `${screen.name}-${width}-${theme}`);
        const ids = await seed(page, baseURL!);
        for (const screen of signedInScreens(ids))
          await visit(page, screen, `${screen.name}-${width}-${theme}`);
      });
    });
  }
}
