import type { Locator, Page } from "@playwright/test";
import { createBicycleThroughApi, createComponentThroughApi, expect, test } from "./fixtures.ts";

/** Hovers a blocked control (after closing any open tooltip) and returns its tooltip. */
async function hintOf(page: Page, control: Locator) {
  await page.mouse.move(0, 0);
  await page.keyboard.press("Escape");
  await expect(page.getByRole("tooltip")).toHaveCount(0);
  await control.hover();
  return page.getByRole("tooltip");
}

test("a visitor walks the read-only demo from the landing page, and nothing is written", async ({ page }) => {
  const writes: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("/api/") && request.method() !== "GET")
      writes.push(`${request.method()} ${request.url()}`);
  });

  await page.goto("/");
  await page.getByRole("link", { name: "View Demo" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText("You are viewing the demo")).toBeVisible();
  const stats = page.getByRole("region", { name: "Statistics" });
  await expect(stats).toContainText("3 / 10");
  await expect(stats).toContainText("Premium");
  await expect(stats).toContainText("9 on bicycles · 0 in parts bin");
  await expect(stats).toContainText("$530.38");

  await page.getByRole("tab", { name: "Recent Maintenance" }).click();
  const recent = page.getByRole("list", { name: "Recent maintenance" }).getByRole("listitem");
  await expect(recent).toHaveCount(5);
  await expect(recent.first()).toContainText("Minion DHF 29x2.5 WT tires - Mountain Explorer");
  await expect(recent.first()).toContainText("May 2, 2024");
  await expect(recent.first()).toContainText("$12.50");

  await page.getByRole("tab", { name: "My Bicycles" }).click();
  await page.getByRole("link", { name: /Mountain Explorer/ }).click();
  await expect(page).toHaveURL(/\/bicycles\/demo-1$/);
  await expect(page.getByRole("heading", { name: "Mountain Explorer" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Edit", exact: true })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Delete", exact: true })).toHaveCount(0);

  const addComponent = page.getByRole("button", { name: "Add Component" });
  await expect(addComponent).toHaveAttribute("aria-disabled", "true");
  await expect(await hintOf(page, addComponent)).toHaveText("Sign up to add your own components");
  await addComponent.click({ force: true });
  await expect(page.getByRole("form", { name: "Add Component" })).toHaveCount(0);

  const components = page.getByRole("list", { name: "Components" }).getByRole("listitem");
  await expect(components).toHaveCount(3);
  await expect(
    await hintOf(page, page.getByRole("button", { name: "Edit Hightower Carbon C frame" })),
  ).toHaveText("Sign up to edit your own components");
  await page.mouse.move(0, 0);
  await page.keyboard.press("Escape");
  await page.getByRole("button", { name: "Delete Hightower Carbon C frame" }).focus();
  await expect(page.getByRole("tooltip")).toHaveText("Sign up to delete your own components");

  await page.getByRole("link", { name: "Minion DHF 29x2.5 WT tires" }).click();
  await expect(page).toHaveURL(/\/bicycles\/demo-1\/components\/comp-103$/);
  await expect(page.locator("tbody tr")).toHaveCount(3);
  await expect(page.getByTestId("service-total")).toHaveText("$160.48");
  await expect(await hintOf(page, page.getByRole("button", { name: "Add Service" }))).toHaveText(
    "Sign up to add service entries",
  );
  await expect(
    await hintOf(page, page.getByRole("button", { name: "Edit service entry Sealant top-up, both tires" })),
  ).toHaveText("Sign up to edit service entries");
  await page.getByRole("button", { name: "Edit Component" }).click({ force: true });
  await expect(page.getByRole("form", { name: "Save Component" })).toHaveCount(0);

  await page.goto("/bicycles");
  await expect(page.getByRole("heading", { name: "Demo Bicycles" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Sign up free" })).toHaveAttribute("href", "/auth?tab=signup");
  await expect(await hintOf(page, page.getByRole("button", { name: "Add Bicycle" }))).toHaveText(
    "Please sign up to create bicycles",
  );

  expect(writes).toEqual([]);
});

test("a visitor sees what is due on the demo: the Due card, each part's wear and its intervals, read-only", async ({
  page,
}) => {
  const apiCalls: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("/api/intervals")) apiCalls.push(request.url());
  });
  await page.goto("/dashboard");
  const due = page.getByRole("list", { name: "Due intervals" }).getByRole("listitem");
  // Overdue first (the brake fluid by months, the chain by distance), then due soon.
  await expect(due).toHaveCount(4);
  await expect(due.nth(0)).toContainText("MT200 hydraulic disc brakes: Brake fluid");
  await expect(due.nth(0)).toContainText("Overdue");
  await expect(due.nth(0)).toContainText("City Commuter · Was due Feb 20, 2024");
  await expect(due.nth(1)).toContainText("Ultegra R8100 Di2 groupset: Replace chain");
  await expect(due.nth(1)).toContainText("Road Warrior · 5,006.2 km of 3,000 km · 2,006.2 km over");
  await expect(due.nth(2)).toContainText("Hightower Carbon C frame: Pivot bearing service");
  await expect(due.nth(2)).toContainText("Due soon");
  await expect(due.nth(2)).toContainText("76.2 h of 80 h · 3.8 h left");
  await expect(due.nth(3)).toContainText("MT200 hydraulic disc brakes: Check brake pads");
  // The tyres and the cassette are fine: not on the card.
  await expect(page.getByRole("list", { name: "Due intervals" })).not.toContainText("Replace tyres");

  await due.nth(1).getByRole("link").click();
  await expect(page).toHaveURL(/\/bicycles\/demo-2\/components\/comp-202$/);
  const intervals = page
    .getByRole("list", { name: "Service intervals" })
    .getByRole("listitem")
    .filter({
      has: page.getByRole("heading"),
    });
  await expect(intervals).toHaveCount(2);
  await expect(intervals.nth(0)).toContainText("Replace chain");
  await expect(intervals.nth(0)).toContainText("Overdue");
  await expect(intervals.nth(1)).toContainText("Replace cassette");
  await expect(intervals.nth(1)).toContainText("OK");
  await expect(intervals.nth(1)).toContainText("Every 9,000 km");
  await expect(page.getByRole("progressbar", { name: "Replace cassette used" })).toHaveAttribute(
    "aria-valuetext",
    "56% used",
  );
  const addInterval = page.getByRole("button", { name: "Add Interval" });
  await expect(addInterval).toHaveAttribute("aria-disabled", "true");
  await expect(await hintOf(page, addInterval)).toHaveText("Sign up to set your own service intervals");
  await addInterval.click({ force: true });
  await expect(page.getByLabel("Label")).toHaveCount(0);
  await expect(await hintOf(page, page.getByRole("button", { name: "Remove Replace chain" }))).toHaveText(
    "Sign up to set your own service intervals",
  );

  // The bicycle's component rows carry each part's most urgent interval.
  await page.goto("/bicycles/demo-3");
  const brakes = page
    .getByRole("list", { name: "Components" })
    .getByRole("listitem")
    .filter({ hasText: "MT200 hydraulic disc brakes" });
  await expect(brakes.getByText("Overdue")).toBeVisible();
  await expect(brakes.getByRole("progressbar", { name: "Brake fluid used" })).toBeVisible();
  const grips = page
    .getByRole("list", { name: "Components" })
    .getByRole("listitem")
    .filter({ hasText: "Flat bar with GP1 ergonomic grips" });
  await expect(grips.getByRole("progressbar")).toHaveCount(0);
  // All of it from the bundled demo: nothing asks the API about intervals.
  expect(apiCalls).toEqual([]);
});

test("signed in, the dashboard adds up what the user has", async ({ page, baseURL, rider }) => {
  expect(rider.email).toBeTruthy();
  const bicycle = await createBicycleThroughApi(page, baseURL!, {
    name: "Gravel Grinder",
    purchaseCondition: "used",
  });
  const headers = { Origin: baseURL! };
  const component = await createComponentThroughApi(page, baseURL!, {
    bicycleId: bicycle.id,
    name: "Chain",
    type: "Drivetrain",
  });
  await createComponentThroughApi(page, baseURL!, { name: "Spare tube", type: "Tires" });
  for (const [date, cost] of [
    ["2024-01-05", 10.1],
    ["2024-02-05", 20.2],
  ] as const) {
    await page.request.post(`/api/components/${component.id}/services`, {
      data: { date, description: `Service ${date}`, cost },
      headers,
    });
  }

  await page.goto("/dashboard");
  const stats = page.getByRole("region", { name: "Statistics" });
  await expect(stats).toContainText("1 / 1");
  await expect(stats).toContainText("Free plan");
  await expect(stats).toContainText("Limit reached");
  await expect(stats).toContainText("1 on bicycles · 1 in parts bin");
  await expect(stats).toContainText("$30.30");
  await expect(page.getByRole("list", { name: "Bicycles" })).toContainText("Gravel Grinder");
  await page.getByRole("tab", { name: "Recent Maintenance" }).click();
  const recent = page.getByRole("list", { name: "Recent maintenance" }).getByRole("listitem");
  await expect(recent).toHaveCount(2);
  await expect(recent.first()).toContainText("Chain - Gravel Grinder");
  await expect(recent.first()).toContainText("Feb 5, 2024");
  await recent.first().getByRole("link", { name: "View Details of Chain" }).click();
  await expect(page).toHaveURL(new RegExp(`/bicycles/${bicycle.id}/components/${component.id}$`));
});

test("a new user's dashboard is empty", async ({ page, rider }) => {
  expect(rider.email).toBeTruthy();
  await page.goto("/dashboard");
  await expect(page.getByText("No bicycles yet. Add your first one!")).toBeVisible();
  await page.getByRole("tab", { name: "Recent Maintenance" }).click();
  await expect(page.getByText("No recent service entries found.")).toBeVisible();
});

test("the demo's bicycles have photos, and the landing page shows the product", async ({ page }) => {
  const fetched: string[] = [];
  page.on("response", (response) => fetched.push(new URL(response.url()).pathname));
  await page.goto("/bicycles");
  const cards = page.getByRole("list", { name: "Bicycles" }).getByRole("listitem");
  await expect(cards).toHaveCount(3);
  for (const name of ["Mountain Explorer", "Road Warrior", "City Commuter"]) {
    const photo = cards.getByRole("img", { name });
    await expect(photo).toHaveAttribute("src", /^\/demo\/[a-z-]+\.webp$/);
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(960);
    const file = await page.request.get((await photo.getAttribute("src"))!);
    expect(file.headers()["content-type"]).toBe("image/webp");
    expect((await file.body()).length).toBeLessThan(40 * 1024);
  }

  // The landing page (dark by default): the dashboard's picture in the page's theme, sized and lazy.
  await page.goto("/");
  const picture = page.getByRole("img", { name: /The Velolog dashboard/ });
  await expect(picture).toHaveCount(1);
  await picture.scrollIntoViewIfNeeded();
  await expect(picture).toBeVisible();
  await expect(picture).toHaveAttribute("loading", "lazy");
  await expect(picture).toHaveAttribute("width", "1200");
  await expect(picture).toHaveAttribute("height", "792");
  await expect
    .poll(() => picture.evaluate((img: HTMLImageElement) => img.currentSrc))
    .toMatch(/dashboard-dark-/);
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  expect(fetched.filter((p) => p.includes("dashboard-light-"))).toEqual([]);

  // On a phone, the phone layout's picture.
  await page.setViewportSize({ width: 375, height: 800 });
  await page.reload();
  await picture.scrollIntoViewIfNeeded();
  await expect
    .poll(() => picture.evaluate((img: HTMLImageElement) => img.currentSrc))
    .toMatch(/dashboard-dark-phone/);
});

test("the dashboard's tab is in the address: Back from an entry's details finds Recent Maintenance", async ({
  page,
}) => {
  await page.goto("/dashboard");
  await page.getByRole("tab", { name: "Recent Maintenance" }).click();
  await expect(page).toHaveURL(/\/dashboard\?tab=maintenance$/);
  const recent = page.getByRole("list", { name: "Recent maintenance" }).getByRole("listitem");
  await recent
    .first()
    .getByRole("link", { name: /^View Details of / })
    .click();
  await expect(page).toHaveURL(/\/bicycles\/demo-\d+\/components\//);
  await page.goBack();
  await expect(page.getByRole("tab", { name: "Recent Maintenance" })).toHaveAttribute(
    "aria-selected",
    "true",
  );
  await expect(recent).toHaveCount(5);

  // Back to My Bicycles: the address says so; an unknown tab opens My Bicycles.
  await page.getByRole("tab", { name: "My Bicycles" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto("/dashboard?tab=spending");
  await expect(page.getByRole("tab", { name: "My Bicycles" })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("list", { name: "Bicycles" })).toBeVisible();
});
