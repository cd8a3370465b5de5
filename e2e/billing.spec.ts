import { createBicycleThroughApi, expect, test } from "./fixtures.ts";

test("hit the limit, upgrade in test mode, add a second bicycle, cancel at period end", async ({
  page,
  context,
  baseURL,
  rider,
}) => {
  expect(rider.email).toBeTruthy();
  await createBicycleThroughApi(page, baseURL!, { name: "First bike" });
  await page.goto("/bicycles");
  await expect(page.getByText("Bicycle Limit Reached")).toBeVisible();
  await page.getByRole("link", { name: "Upgrade to Premium" }).click();
  await expect(page).toHaveURL(/\/pricing$/);
  await expect(page.getByText("You are on the Free plan, with 1 of 1 bicycles.")).toBeVisible();

  const [checkout] = await Promise.all([
    context.waitForEvent("page"),
    page.getByRole("button", { name: "Upgrade to Premium" }).click(),
  ]);
  await expect(checkout).toHaveURL(/\/billing\/checkout$/);
  await expect(checkout.getByText("Test mode: no payment is taken.")).toBeVisible();
  await checkout.getByRole("button", { name: "Confirm test payment" }).click();
  await expect(checkout).toHaveURL(/\/pricing$/);
  await expect(checkout.getByText("Payment Successful")).toBeVisible();
  await expect(checkout.getByText("You are on the Premium plan, with 1 of 10 bicycles.")).toBeVisible();

  await checkout.goto("/dashboard");
  await expect(checkout.getByRole("region", { name: "Statistics" })).toContainText("Premium");
  await expect(checkout.getByRole("region", { name: "Statistics" })).toContainText("1 / 10");

  await checkout.goto("/bicycles");
  await checkout.getByRole("button", { name: "Add Bicycle" }).click();
  await checkout.getByLabel("Name", { exact: true }).fill("Second bike");
  await checkout.getByRole("button", { name: "Add Bicycle" }).last().click();
  await expect(checkout.getByText("Bicycle added successfully.")).toBeVisible();
  await expect(checkout.getByRole("list", { name: "Bicycles" }).getByRole("listitem")).toHaveCount(2);

  await checkout.goto("/account");
  const [portal] = await Promise.all([
    context.waitForEvent("page"),
    checkout.getByRole("button", { name: "Manage subscription" }).click(),
  ]);
  await expect(portal).toHaveURL(/\/billing\/portal$/);
  await expect(portal.getByText(/Premium renews on/)).toBeVisible();
  await portal.getByRole("button", { name: "Cancel subscription" }).click();
  await portal.getByRole("alertdialog").getByRole("button", { name: "Cancel subscription" }).click();
  await expect(portal.getByText("Your Premium plan will end at the end of the period.")).toBeVisible();
  await expect(portal.getByText(/Premium ends on/)).toBeVisible();
  await portal.goto("/account");
  await expect(portal.getByText(/you will be on the Free plan after that/)).toBeVisible();
});

test("a cancelled checkout says Payment Canceled", async ({ page, rider }) => {
  expect(rider.email).toBeTruthy();
  await page.goto("/billing/checkout");
  await page.getByRole("button", { name: "Cancel" }).click();
  await expect(page).toHaveURL(/\/pricing$/);
  await expect(page.getByText("Payment Canceled")).toBeVisible();
  await expect(page.getByText("You are on the Free plan, with 0 of 1 bicycles.")).toBeVisible();
});
