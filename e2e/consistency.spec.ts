import type { Locator, Page } from "@playwright/test";
import { becomePremiumThroughApi, createBicycleThroughApi, expect, test } from "./fixtures.ts";

/** The computed colour of `property` on the element, as the browser paints it. */
const colourOf = (locator: Locator, property: "color" | "backgroundColor" | "borderTopColor") =>
  locator.evaluate((element, p) => getComputedStyle(element)[p], property);

/** The theme's destructive colour, read from an element the page styles with it. */
async function destructiveColour(page: Page) {
  return page.evaluate(() => {
    const probe = document.createElement("span");
    probe.className = "text-destructive";
    document.body.append(probe);
    const colour = getComputedStyle(probe).color;
    probe.remove();
    return colour;
  });
}

test("the free plan's limit is an informative note with the upgrade, not an error", async ({
  page,
  baseURL,
  rider,
}) => {
  expect(rider.email).toBeTruthy();
  await createBicycleThroughApi(page, baseURL!, { name: "Only bike" });
  await page.goto("/bicycles");
  const notice = page.getByRole("status").filter({ hasText: "Bicycle Limit Reached" });
  await expect(notice).toBeVisible();
  await expect(notice.getByRole("link", { name: "Upgrade to Premium" })).toBeVisible();
  const red = await destructiveColour(page);
  expect(await colourOf(notice, "color")).not.toBe(red);

  await page.goto("/dashboard");
  const statistics = page.getByRole("region", { name: "Statistics" });
  const reached = statistics.getByText("Limit reached");
  await expect(reached).toBeVisible();
  expect(await colourOf(reached, "color")).not.toBe(red);
  await expect(statistics.getByRole("link", { name: "Upgrade" })).toHaveAttribute("href", "/pricing");
});

test("at Premium's limit the note offers no upgrade: there is no plan above", async ({
  page,
  baseURL,
  rider,
}) => {
  expect(rider.email).toBeTruthy();
  await becomePremiumThroughApi(page, baseURL!);
  for (let n = 1; n <= 10; n++) await createBicycleThroughApi(page, baseURL!, { name: `Bike ${n}` });
  await page.goto("/bicycles");
  const notice = page.getByRole("status").filter({ hasText: "Bicycle Limit Reached" });
  await expect(notice).toContainText("You can only have 10 bicycle(s) on your current plan.");
  await expect(notice.getByRole("link", { name: "Upgrade to Premium" })).toHaveCount(0);
});

test.describe("a plan filled from elsewhere", () => {
  test.use({ allowedConsoleErrors: [/status of 409/] });

  test("a bicycle added in another tab fills the plan: the open form gives way to the limit note", async ({
    page,
    baseURL,
    rider,
  }) => {
    expect(rider.email).toBeTruthy();
    await page.goto("/bicycles?add");
    await page.getByLabel("Name", { exact: true }).fill("Second bike");
    await createBicycleThroughApi(page, baseURL!, { name: "Added elsewhere" });
    await page.getByRole("button", { name: "Add Bicycle" }).click();
    await expect(
      page.locator("[data-sonner-toast]").filter({ hasText: "Bicycle Limit Reached" }),
    ).toBeVisible();
    await expect(page.getByRole("status").filter({ hasText: "Bicycle Limit Reached" })).toBeVisible();
    await expect(page.getByLabel("Name", { exact: true })).toHaveCount(0);
    await expect(page.getByRole("list", { name: "Bicycles" })).toContainText("Added elsewhere");
  });
});

test("the pricing page's success toast welcomes to Premium only when the plan is Premium", async ({
  page,
  baseURL,
  rider,
}) => {
  expect(rider.email).toBeTruthy();
  await page.goto("/pricing?success=true");
  const toast = page.locator("[data-sonner-toast]").filter({ hasText: "Payment Successful" });
  await expect(toast).toBeVisible();
  await expect(toast).not.toContainText("Welcome to Premium");
  await becomePremiumThroughApi(page, baseURL!);
  await page.goto("/pricing?success=true");
  await expect(toast).toContainText("Welcome to Premium: you can now track up to 10 bicycles.");
});

test("every toast has the same look, the Payment Canceled one too", async ({ page, rider }) => {
  expect(rider.email).toBeTruthy();
  await page.goto("/pricing?success=true");
  const success = page.locator("[data-sonner-toast]").filter({ hasText: "Payment Successful" });
  await expect(success).toBeVisible();
  const successLook = {
    background: await colourOf(success, "backgroundColor"),
    text: await colourOf(success, "color"),
  };
  await page.goto("/pricing?canceled=true");
  const canceled = page.locator("[data-sonner-toast]").filter({ hasText: "Payment Canceled" });
  await expect(canceled).toBeVisible();
  await expect(canceled.locator("[data-icon] svg")).toBeVisible();
  expect({
    background: await colourOf(canceled, "backgroundColor"),
    text: await colourOf(canceled, "color"),
  }).toEqual(successLook);
});

test("the pricing cards line up: same height, buttons on one line, the title over them", async ({ page }) => {
  await page.goto("/pricing");
  const cards = page.locator("[data-slot=card]").filter({ has: page.getByRole("heading", { level: 2 }) });
  await expect(cards).toHaveCount(2);
  const [free, premium] = [await cards.nth(0).boundingBox(), await cards.nth(1).boundingBox()];
  expect(free!.height).toBe(premium!.height);
  const buttons = [
    await cards.nth(0).getByRole("link").boundingBox(),
    await cards.nth(1).getByRole("link").boundingBox(),
  ];
  expect(Math.round(buttons[0]!.y)).toBe(Math.round(buttons[1]!.y));
  // The title is centred over the centred cards.
  const title = await page.getByRole("heading", { name: "Pricing", level: 1 }).boundingBox();
  const titleCentre = title!.x + title!.width / 2;
  const cardsCentre = (free!.x + premium!.x + premium!.width) / 2;
  expect(Math.abs(titleCentre - cardsCentre)).toBeLessThan(2);
});

test("the tagline greets on sign-in, not again under the reset title", async ({ page }) => {
  await page.goto("/auth");
  const tagline = "Track your bicycle components and maintenance history with ease.";
  await expect(page.getByText(tagline)).toHaveCount(1);
  await page.getByRole("button", { name: "Forgot password?" }).click();
  await expect(page.getByRole("heading", { name: "Reset your password" })).toBeVisible();
  await expect(page.getByText(tagline)).toHaveCount(0);
});

test("the test checkout says 'Test mode' once", async ({ page, context, rider }) => {
  expect(rider.email).toBeTruthy();
  await page.goto("/pricing");
  const [checkout] = await Promise.all([
    context.waitForEvent("page"),
    page.getByRole("button", { name: "Upgrade to Premium" }).click(),
  ]);
  await expect(checkout.getByRole("heading", { name: "Upgrade to Premium" })).toBeVisible();
  await expect(checkout.getByText(/test mode/i)).toHaveCount(1);
});
