import { lastLinkTo } from "../src/server/testing/outbox.ts";
import { killAll } from "../src/server/testing/spawn-server.ts";
import { createBicycleThroughApi, expect, signUpThroughApi, test } from "./fixtures.ts";
import { startOwnServer } from "./own-server.ts";

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
  // Each Upgrade starts a checkout of its own, which can be confirmed once.
  await expect(checkout).toHaveURL(/\/billing\/checkout\?id=[0-9a-f-]{36}$/);
  await expect(checkout.getByText("Test mode: no payment is taken.")).toBeVisible();
  await checkout.getByRole("button", { name: "Confirm test payment" }).click();
  await expect(checkout).toHaveURL(/\/pricing$/);
  await expect(checkout.getByText("Payment Successful")).toBeVisible();
  await expect(checkout.getByText("You are on the Premium plan, with 1 of 10 bicycles.")).toBeVisible();
  // The tab Upgrade was pressed in follows, without a reload: Premium, and room for another bicycle.
  await expect(page.getByText("You are on the Premium plan, with 1 of 10 bicycles.")).toBeVisible();
  await page.getByRole("banner").getByRole("link", { name: "Bicycles" }).click();
  await expect(page.getByRole("heading", { name: "My Bicycles" })).toBeVisible();
  await expect(page.getByText("Bicycle Limit Reached")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Add Bicycle" })).toBeEnabled();

  await checkout.goto("/dashboard");
  await expect(checkout.getByRole("region", { name: "Statistics" })).toContainText("Premium");
  await expect(checkout.getByRole("region", { name: "Statistics" })).toContainText("1 / 10");

  await checkout.goto("/bicycles");
  await checkout.getByRole("button", { name: "Add Bicycle" }).click();
  await checkout.getByLabel("Name", { exact: true }).fill("Second bike");
  await checkout.getByRole("button", { name: "Add Bicycle" }).last().click();
  await expect(checkout.getByText("Bicycle added successfully.")).toBeVisible();
  await expect(checkout.getByRole("heading", { name: "Second bike", level: 1 })).toBeVisible();
  await checkout.goto("/bicycles");
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
  // Deleting the account ends Premium at once: the dialog says so before anything is deleted.
  await portal.getByRole("button", { name: "Delete my account" }).click();
  await expect(portal.getByRole("dialog")).toContainText(
    "Your Premium plan ends with it, at once, and is not charged again.",
  );
});

test("a cancelled checkout says Payment Canceled; a checkout page without its checkout offers no confirm", async ({
  page,
  rider,
}) => {
  expect(rider.email).toBeTruthy();
  await page.goto("/billing/checkout");
  await expect(page.getByRole("alert").filter({ hasText: "This checkout was not found." })).toContainText(
    "Start a new one from the pricing page.",
  );
  await expect(page.getByRole("button", { name: "Confirm test payment" })).toBeDisabled();
  await page.getByRole("button", { name: "Cancel" }).click();
  await expect(page).toHaveURL(/\/pricing$/);
  await expect(page.getByText("Payment Canceled")).toBeVisible();
  await expect(page.getByText("You are on the Free plan, with 0 of 1 bicycles.")).toBeVisible();
  await page.goto("/account");
  await expect(page.getByText("Free plan", { exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Delete my account" }).click();
  await expect(page.getByRole("dialog")).toContainText("Everything you have recorded will be deleted");
  await expect(page.getByRole("dialog")).not.toContainText("Premium");
});

test("a checkout link opened signed out goes to sign-in, then back to that checkout", async ({
  page,
  baseURL,
}) => {
  const rider = await signUpThroughApi(page, baseURL!);
  const started = await page.request.post("/api/billing/checkout", { headers: { Origin: baseURL! } });
  const checkoutPath: string = (await started.json()).url;
  expect(checkoutPath).toMatch(/^\/billing\/checkout\?id=[0-9a-f-]{36}$/);
  await page.context().clearCookies();

  // From a mail or another device: not the home page, but sign-in, which comes back with the checkout's id.
  await page.goto(checkoutPath);
  await expect(page).toHaveURL(/\/auth\?next=%2Fbilling%2Fcheckout%3Fid%3D[0-9a-f-]{36}$/);
  const signIn = page.getByRole("form", { name: "Sign in" });
  await signIn.getByLabel("Email").fill(rider.email);
  await signIn.getByLabel("Password").fill(rider.password);
  await signIn.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(new RegExp(`${checkoutPath.replace("?", "\\?")}$`));
  await expect(page.getByText("This checkout was not found.")).toHaveCount(0);
  await page.getByRole("button", { name: "Confirm test payment" }).click();
  await expect(page).toHaveURL(/\/pricing$/);
  await expect(page.getByText("You are on the Premium plan, with 0 of 10 bicycles.")).toBeVisible();

  // The test portal too: sign-in first, then the portal.
  await page.context().clearCookies();
  await page.goto("/billing/portal");
  await expect(page).toHaveURL(/\/auth\?next=%2Fbilling%2Fportal$/);
  await signIn.getByLabel("Email").fill(rider.email);
  await signIn.getByLabel("Password").fill(rider.password);
  await signIn.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/billing\/portal$/);
  await expect(page.getByText(/Premium renews on/)).toBeVisible();
});

test("with BILLING_MODE=off the instance is unlimited: no plans, no limit, no upgrade buttons", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const { url, dataDir, server } = await startOwnServer("billing-off", { BILLING_MODE: "off" });
  try {
    expect(server.url, server.output()).toBe(url);
    await page.goto(`${url}/pricing`);
    await expect(page.getByText("This Velolog charges no one").first()).toBeVisible();
    await expect(page.getByText("per month")).toHaveCount(0);
    await page.goto(`${url}/`);
    await expect(page.getByRole("heading", { name: "Unlimited" })).toBeVisible();
    await expect(page.getByRole("link", { name: "See Premium" })).toHaveCount(0);

    const email = `unlimited-${Date.now()}@example.com`;
    const signUp = await page.request.post(`${url}/api/auth/sign-up/email`, {
      data: { email, password: "correct-horse", name: "" },
      headers: { Origin: url },
    });
    expect(signUp.status()).toBe(200);
    await page.request.get(lastLinkTo(dataDir, email, "/api/auth/verify-email")!);

    await page.goto(`${url}/bicycles`);
    for (const name of ["First bike", "Second bike"]) {
      await page.getByRole("button", { name: "Add Bicycle" }).click();
      await page.getByLabel("Name", { exact: true }).fill(name);
      await page.getByRole("button", { name: "Add Bicycle" }).last().click();
      await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
      await page.goto(`${url}/bicycles`);
      await expect(page.getByRole("list", { name: "Bicycles" }).getByText(name)).toBeVisible();
    }
    await expect(page.getByText("Bicycle Limit Reached")).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Add Bicycle" })).toBeEnabled();

    await page.goto(`${url}/dashboard`);
    const statistics = page.getByRole("region", { name: "Statistics" });
    await expect(statistics).toContainText("Unlimited");
    await expect(statistics).not.toContainText("/ 1");

    await page.goto(`${url}/account`);
    await expect(page.getByText("Unlimited · 2 bicycles")).toBeVisible();
    await expect(page.getByRole("button", { name: "Upgrade to Premium" })).toHaveCount(0);
    await page.goto(`${url}/pricing`);
    await expect(page.getByText("This Velolog charges no one").first()).toBeVisible();
    await expect(page.getByRole("button", { name: "Upgrade to Premium" })).toHaveCount(0);
    await page.goto(`${url}/billing/checkout`);
    await expect(page).toHaveURL(/\/pricing$/);
  } finally {
    killAll();
  }
});

test("when a popup blocker refuses the checkout's new tab, the checkout opens in this one", async ({
  page,
  rider,
}) => {
  expect(rider.email).toBeTruthy();
  // What Safari and strict blockers do with a tab opened after the click's request has answered.
  await page.addInitScript(() => {
    window.open = () => null;
  });
  await page.goto("/pricing");
  await page.getByRole("button", { name: "Upgrade to Premium" }).click();
  await expect(page).toHaveURL(/\/billing\/checkout\?id=[0-9a-f-]{36}$/);
  await expect(page.getByText("Test mode: no payment is taken.")).toBeVisible();
});

test("until the plan is known, the pricing page offers neither Upgrade nor Manage plan", async ({
  page,
  rider,
}) => {
  expect(rider.email).toBeTruthy();
  let answerPlan = () => {};
  const planHeld = new Promise<void>((resolve) => {
    answerPlan = resolve;
  });
  await page.route("**/api/subscription", async (route) => {
    await planHeld;
    await route.continue();
  });
  await page.goto("/pricing");
  await expect(page.getByRole("button", { name: "Checking your plan..." })).toHaveCount(2);
  await expect(page.getByRole("button", { name: "Checking your plan..." }).first()).toBeDisabled();
  await expect(page.getByRole("button", { name: "Upgrade to Premium" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Manage plan" })).toHaveCount(0);
  answerPlan();
  await expect(page.getByText("You are on the Free plan, with 0 of 1 bicycles.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Upgrade to Premium" })).toBeEnabled();
  await expect(page.getByRole("button", { name: "Current plan" })).toBeDisabled();
  await expect(page.getByRole("button", { name: "Checking your plan..." })).toHaveCount(0);
});
