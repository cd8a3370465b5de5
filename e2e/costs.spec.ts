import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { becomePremiumThroughApi, createBicycleThroughApi, expect, test } from "./fixtures.ts";

async function post(page: Page, baseURL: string, url: string, data: Record<string, unknown>) {
  const response = await page.request.post(url, { data, headers: { Origin: baseURL } });
  expect(response.status()).toBe(201);
  return response.json();
}

/** This month and last month (UTC) as yyyy-MM-dd dates within them, and their labels. */
function months() {
  const now = new Date();
  const last = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 10));
  const label = (d: Date) => d.toLocaleString("en-US", { month: "short", year: "numeric", timeZone: "UTC" });
  return {
    today: now.toISOString().slice(0, 10),
    lastMonth: last.toISOString().slice(0, 10),
    thisLabel: label(now),
    lastLabel: label(last),
  };
}

/** Road (bought for $1,000) with a chain ridden 500 km and $40 of service this month; a spare serviced last month. */
async function garage(page: Page, baseURL: string) {
  const { today, lastMonth } = months();
  const bicycle = await createBicycleThroughApi(page, baseURL, { name: "Road", price: 1000 });
  const { component: chain } = await post(page, baseURL, "/api/components", {
    bicycleId: bicycle.id,
    name: "Chain",
    type: "Drivetrain",
    installedAt: "2024-01-01",
  });
  await post(page, baseURL, `/api/bicycles/${bicycle.id}/rides`, {
    name: "Long ride",
    startedAt: "2024-02-01T08:00:00Z",
    distanceKm: 500,
    movingSeconds: 72_000,
  });
  await post(page, baseURL, `/api/components/${chain.id}/services`, {
    date: today,
    description: "New chain",
    cost: 40,
  });
  const { component: spare } = await post(page, baseURL, "/api/components", {
    name: "Spare tyre",
    type: "Tires",
  });
  await post(page, baseURL, `/api/components/${spare.id}/services`, {
    date: lastMonth,
    description: "Patched",
    cost: 10,
  });
  return bicycle;
}

test("the dashboard's Spending card shows the months by bicycle as a chart, and the same figures as a table", async ({
  page,
  baseURL,
  rider,
}) => {
  expect(rider.email).toBeTruthy();
  const bicycle = await garage(page, baseURL!);
  const { thisLabel, lastLabel } = months();

  await page.goto("/dashboard");
  const card = page.getByRole("region", { name: "Spending", exact: true });
  // The first page of a test can take a while on a shared machine.
  await expect(card).toBeVisible({ timeout: 20_000 });
  await expect(card).toContainText("Service costs of the last 12 months, by bicycle · $50.00 in all");
  // The chart, loaded on its own, with a legend naming each group.
  await expect(card.locator(".recharts-surface")).toBeVisible();
  await expect(card.locator(".recharts-legend-wrapper")).toContainText("Road");
  await expect(card.locator(".recharts-legend-wrapper")).toContainText("Parts bin");
  // January carries its year: the 12 months may span two years. The current year's January is always among them.
  await expect(card.locator(".recharts-cartesian-axis-tick-value", { hasText: /^Jan/ })).toHaveText(
    `Jan ${new Date().getUTCFullYear()}`,
  );

  // A screen reader has the figures while the chart shows; sighted users get them with one click.
  const table = card.getByRole("table", { name: "Service costs by month and bicycle, last 12 months" });
  await expect(table).toBeAttached();
  await expect(table).not.toBeInViewport();
  await card.getByRole("button", { name: "Show as table" }).click();
  await expect(table).toBeVisible();
  await expect(card.locator(".recharts-surface")).toHaveCount(0);
  await expect(card.getByRole("button", { name: "Show as chart" })).toHaveAttribute("aria-pressed", "true");
  await expect(table.getByRole("columnheader")).toHaveText(["Month", "Road", "Parts bin", "Total"]);
  await expect(table.getByRole("row", { name: thisLabel })).toContainText("$40.00$0.00$40.00");
  await expect(table.getByRole("row", { name: lastLabel })).toContainText("$0.00$10.00$10.00");
  await expect(table.getByRole("row", { name: /^Total/ })).toContainText("$40.00$10.00$50.00");

  // What riding costs: the bicycle's price and service over its 500 km; the chain's $40 over its 500 km.
  await page.goto(`/bicycles/${bicycle.id}`);
  await expect(page.getByRole("definition").filter({ hasText: "per km" })).toHaveText("$2.08 per km");
  await expect(page.getByRole("list", { name: "Components" })).toContainText("1 service · $0.080 per km");
  await page.screenshot({ path: "screenshots/costs/bicycle-costs-1280.png", fullPage: true });
});

test("a part paid for over a very long distance: the API has a figure above 0, the app says under $0.001 per km", async ({
  page,
  baseURL,
  rider,
}) => {
  expect(rider.email).toBeTruthy();
  const bicycle = await createBicycleThroughApi(page, baseURL!, { name: "Tourer" });
  const { component: chain } = await post(page, baseURL!, "/api/components", {
    bicycleId: bicycle.id,
    name: "Chain",
    type: "Drivetrain",
    mileage: 200_000,
  });
  await post(page, baseURL!, `/api/components/${chain.id}/services`, {
    date: "2024-05-31",
    description: "New chain",
    cost: 5,
  });
  const answer = await (await page.request.get(`/api/components/${chain.id}`)).json();
  expect(answer.component.costPerKm).toBe(0.000025);

  await page.goto(`/bicycles/${bicycle.id}`);
  await expect(page.getByRole("list", { name: "Components" })).toContainText(
    "1 service · under $0.001 per km",
    { timeout: 20_000 },
  );
});

test("the Spending card says so when there are no costs", async ({ page, baseURL, rider }) => {
  expect(rider.email).toBeTruthy();
  await createBicycleThroughApi(page, baseURL!, { name: "New bike" });
  await page.goto("/dashboard");
  const card = page.getByRole("region", { name: "Spending", exact: true });
  await expect(card).toBeVisible({ timeout: 20_000 });
  await expect(card).toContainText("No service costs in the last 12 months.");
  await expect(card.getByRole("button", { name: "Show as table" })).toHaveCount(0);
});

test("on a phone the Spending table wraps a long bicycle name and keeps the figures in view", async ({
  page,
  baseURL,
  rider,
}) => {
  expect(rider.email).toBeTruthy();
  const name = "Велосипед Łódź super-long-name-of-a-gravel-bicycle-without-any-spaces-at-all";
  const bicycle = await createBicycleThroughApi(page, baseURL!, { name });
  const { component } = await post(page, baseURL!, "/api/components", {
    bicycleId: bicycle.id,
    name: "Chain",
    type: "Drivetrain",
  });
  await post(page, baseURL!, `/api/components/${component.id}/services`, {
    date: months().today,
    description: "New chain",
    cost: 42.5,
  });
  // Tall enough that the whole table is on the screen: what is out of view is out of it sideways.
  await page.setViewportSize({ width: 375, height: 3000 });
  await page.goto("/dashboard");
  const card = page.getByRole("region", { name: "Spending", exact: true });
  await card.getByRole("button", { name: "Show as table" }).click({ timeout: 20_000 });
  const table = card.getByRole("table");
  await expect(table.getByRole("columnheader", { name })).toBeVisible();
  // Every column fits the phone's width: the figures are there to read without scrolling sideways.
  await expect(table.getByRole("columnheader", { name: "Total", exact: true })).toBeInViewport({ ratio: 1 });
  const row = table.getByRole("row", { name: months().thisLabel });
  await expect(row.getByRole("cell").last()).toHaveText("$42.50");
  await expect(row.getByRole("cell").last()).toBeInViewport({ ratio: 1 });
});

/** The Spending card's WCAG 2.1 A/AA violations (contrast included), by rule. */
async function violations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .include("section[aria-labelledby='spending-title']")
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .analyze();
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(" | ")}`);
}

for (const theme of ["light", "dark"] as const) {
  test(`the Spending card is accessible, with screenshots, ${theme}`, async ({ page, baseURL, rider }) => {
    expect(rider.email).toBeTruthy();
    await page.addInitScript((t) => localStorage.setItem("velolog-theme", t), theme);
    await garage(page, baseURL!);
    // A second bicycle makes the table five columns wide: wider than a phone.
    await becomePremiumThroughApi(page, baseURL!);
    const gravel = await createBicycleThroughApi(page, baseURL!, { name: "Gravel commuter" });
    const { component: tyre } = await post(page, baseURL!, "/api/components", {
      bicycleId: gravel.id,
      name: "Rear tyre",
      type: "Tires",
    });
    await post(page, baseURL!, `/api/components/${tyre.id}/services`, {
      date: months().today,
      description: "New tyre",
      cost: 55,
    });
    for (const width of [1280, 375]) {
      // Tall enough that the card is above the phone layout's tab bar.
      await page.setViewportSize({ width, height: 1600 });
      await page.goto("/dashboard");
      const card = page.getByRole("region", { name: "Spending", exact: true });
      // A shared machine can take a while to draw the first chart.
      await expect(card.locator(".recharts-surface")).toBeVisible({ timeout: 20_000 });
      // However few months fit, the first one labelled says its year, and so does each January labelled.
      const ticks = card.locator(".recharts-xAxis-tick-labels .recharts-cartesian-axis-tick-value");
      await expect(ticks.first()).toHaveText(/^[A-Z][a-z]{2} \d{4}$/);
      for (const january of await ticks.filter({ hasText: /^Jan/ }).all())
        await expect(january).toHaveText(/^Jan \d{4}$/);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await card.screenshot({ path: `screenshots/costs/spending-${width}-${theme}.png` });
      expect(await violations(page), `chart, ${width} px`).toEqual([]);
      await card.getByRole("button", { name: "Show as table" }).click();
      // The table scrolls inside its card; the page itself never scrolls sideways.
      await expect(card.getByRole("table")).toBeVisible();
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
      ).toBeLessThanOrEqual(0);
      await card.screenshot({ path: `screenshots/costs/spending-table-${width}-${theme}.png` });
      expect(await violations(page), `table, ${width} px`).toEqual([]);
    }
  });
}
