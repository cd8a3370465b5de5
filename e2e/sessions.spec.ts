import type { Browser } from "@playwright/test";
import { expect, type Rider, test } from "./fixtures.ts";

/** Another device: a browser context of its own, signed in as the rider through the API. */
async function signInElsewhere(browser: Browser, baseURL: string, rider: Rider) {
  const context = await browser.newContext({ baseURL });
  const signedIn = await context.request.post("/api/auth/sign-in/email", {
    data: { email: rider.email, password: rider.password },
    headers: { Origin: baseURL },
  });
  expect(signedIn.status()).toBe(200);
  return context;
}

// The ended session's calls are answered 401, which the browser logs.
test.describe("a session ended elsewhere", () => {
  test.use({ allowedConsoleErrors: [/status of 401/] });

  test("the next navigation lands on the sign-in page, with Authentication Error once", async ({
    page,
    browser,
    baseURL,
    rider,
  }) => {
    await page.goto("/bicycles");
    await expect(page.getByRole("heading", { name: "My Bicycles" })).toBeVisible();

    // The other device signs out every other session.
    const elsewhere = await signInElsewhere(browser, baseURL!, rider);
    const revoked = await elsewhere.request.post("/api/auth/revoke-other-sessions", {
      data: {},
      headers: { Origin: baseURL! },
    });
    expect(revoked.status()).toBe(200);

    // This browser still shows the signed-in frame; its next page asks the API, which refuses.
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Dashboard" }).click();
    await expect(page).toHaveURL(/\/auth\?next=%2Fdashboard$/);
    await expect(page.getByText("Authentication Error")).toHaveCount(1);
    await expect(page.getByText("Please sign in to continue.")).toBeVisible();
    await expect(page.getByRole("form", { name: "Sign in" })).toBeVisible();

    // Dropped for good: the next page is the signed-out one, with no second toast.
    await page.goto("/bicycles");
    await expect(page.getByRole("heading", { name: "Demo Bicycles" })).toBeVisible();
    await expect(page.getByText("Authentication Error")).toHaveCount(0);
    await elsewhere.close();
  });

  test("a password changed on the other device does the same", async ({ page, browser, baseURL, rider }) => {
    await page.goto("/bicycles");
    await expect(page.getByRole("heading", { name: "My Bicycles" })).toBeVisible();

    const elsewhere = await signInElsewhere(browser, baseURL!, rider);
    const changed = await elsewhere.request.post("/api/auth/change-password", {
      data: { currentPassword: rider.password, newPassword: "a-new-horse-1", revokeOtherSessions: true },
      headers: { Origin: baseURL! },
    });
    expect(changed.status()).toBe(200);

    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Parts Bin" }).click();
    await expect(page).toHaveURL(/\/auth\?next=%2Fparts-bin$/);
    await expect(page.getByText("Authentication Error")).toHaveCount(1);
    await elsewhere.close();
  });

  test("the Account page's own forms, which call the auth library directly, do the same", async ({
    page,
    browser,
    baseURL,
    rider,
  }) => {
    await page.goto("/account");
    const form = page.getByRole("form", { name: "Update password" });
    await expect(form).toBeVisible();

    const elsewhere = await signInElsewhere(browser, baseURL!, rider);
    const revoked = await elsewhere.request.post("/api/auth/revoke-other-sessions", {
      data: {},
      headers: { Origin: baseURL! },
    });
    expect(revoked.status()).toBe(200);

    await form.getByLabel("Current password").fill(rider.password);
    await form.getByLabel("New password", { exact: true }).fill("a-new-horse-2");
    await form.getByLabel("Confirm new password").fill("a-new-horse-2");
    await form.getByRole("button", { name: "Update password" }).click();
    await expect(page).toHaveURL(/\/auth\?next=%2Faccount$/);
    await expect(page.getByText("Authentication Error")).toHaveCount(1);
    await elsewhere.close();
  });
});

test("changing the password signs out the other sessions, and the Sessions card says so at once", async ({
  page,
  browser,
  baseURL,
  rider,
}) => {
  const elsewhere = await signInElsewhere(browser, baseURL!, rider);
  await page.goto("/account");
  const sessions = page.getByRole("list", { name: "Sessions" }).getByRole("listitem");
  await expect(sessions).toHaveCount(2);

  const form = page.getByRole("form", { name: "Update password" });
  await form.getByLabel("Current password").fill(rider.password);
  await form.getByLabel("New password", { exact: true }).fill("another-horse");
  await form.getByLabel("Confirm new password").fill("another-horse");
  await form.getByRole("button", { name: "Update password" }).click();
  await expect(page.getByText("Password updated")).toBeVisible();
  await expect(sessions).toHaveCount(1);
  await expect(sessions.first().getByText("This browser")).toBeVisible();
  await elsewhere.close();
});

test("one other session can be signed out from the Sessions card (a lost phone), and that device is signed out", async ({
  page,
  browser,
  baseURL,
  rider,
}) => {
  const elsewhere = await signInElsewhere(browser, baseURL!, rider);
  await page.goto("/account");
  const sessions = page.getByRole("list", { name: "Sessions" }).getByRole("listitem");
  await expect(sessions).toHaveCount(2);
  // This browser's own row has no such button: it signs out from the user menu.
  await expect(sessions.filter({ hasText: "This browser" }).getByRole("button")).toHaveCount(0);

  await sessions
    .filter({ hasNotText: "This browser" })
    .getByRole("button", { name: /^Sign out / })
    .click();
  await expect(page.getByText("Signed out of that session")).toBeVisible();
  await expect(sessions).toHaveCount(1);
  await expect(sessions.first().getByText("This browser")).toBeVisible();
  expect((await elsewhere.request.get("/api/bicycles")).status()).toBe(401);
  expect((await page.request.get("/api/bicycles")).status()).toBe(200);
  await elsewhere.close();
});

test("a session a script signed in with is named by the program, not as a browser", async ({
  page,
  playwright,
  baseURL,
  rider,
}) => {
  const script = await playwright.request.newContext({ baseURL, userAgent: "curl/8.5.0" });
  const signedIn = await script.post("/api/auth/sign-in/email", {
    data: { email: rider.email, password: rider.password },
    headers: { Origin: baseURL! },
  });
  expect(signedIn.status()).toBe(200);
  await page.goto("/account");
  const sessions = page.getByRole("list", { name: "Sessions" }).getByRole("listitem");
  await expect(sessions).toHaveCount(2);
  await expect(sessions.filter({ hasNotText: "This browser" })).toContainText(/^curl\s*since /);
  await expect(sessions.filter({ hasText: "This browser" })).toContainText(/^Chrome on /);
  await script.dispose();
});

test("from the keyboard, a session signed out hands the focus to the next session's button, the last to Sign out other sessions", async ({
  page,
  browser,
  baseURL,
  rider,
}) => {
  const devices = [
    await signInElsewhere(browser, baseURL!, rider),
    await signInElsewhere(browser, baseURL!, rider),
  ];
  await page.goto("/account");
  const sessions = page.getByRole("list", { name: "Sessions" });
  const signOuts = sessions.getByRole("button", { name: /^Sign out / });
  await expect(signOuts).toHaveCount(2);

  await signOuts.first().focus();
  await page.keyboard.press("Enter");
  await expect(sessions.getByRole("listitem")).toHaveCount(2);
  await expect(signOuts.first()).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(sessions.getByRole("listitem")).toHaveCount(1);
  const others = page.getByRole("button", { name: "Sign out other sessions" });
  await expect(others).toBeFocused();
  // Nothing left to sign out: the button says so, and keeps the keyboard.
  await expect(others).toHaveAttribute("aria-disabled", "true");
  await page.keyboard.press("Enter");
  await expect(others).toBeFocused();
  for (const device of devices) await device.close();
});
