import { expect, test } from "./fixtures.ts";

test("create an API token, see its secret once, use it from a script, then revoke it", async ({
  page,
  rider: _rider,
  context,
  playwright,
  baseURL,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.goto("/account");
  const card = page.locator("[data-slot=card]", { has: page.getByText("API tokens", { exact: true }) });
  // The account page loads several cards at once; on a busy CI machine the list can take a while.
  await expect(card.getByText("No API tokens yet.")).toBeVisible({ timeout: 20_000 });
  // What ends the tokens, as the account's other cards do it: a password change there always signs the
  // other sessions out (and so ends the tokens); the Sessions card's "Sign out other sessions" does not.
  await expect(card).toContainText(
    "Changing or resetting your password revokes all your tokens. Signing out other sessions does not",
  );

  // An empty name is refused beside the field.
  await card.getByRole("button", { name: "Create token" }).click();
  await expect(card.getByText("Please enter a name for the token")).toBeVisible();

  await card.getByLabel("Token name").fill("Backup script");
  await expect(card.getByRole("radio", { name: "Read only" })).toBeChecked();
  await card.getByLabel("Expires").selectOption({ label: "In 30 days" });
  await card.getByRole("button", { name: "Create token" }).click();

  const secretField = card.getByLabel("New API token");
  await expect(secretField).toHaveValue(/^vlg_[A-Za-z0-9_-]{43}$/);
  // Focus goes to the secret, shown this once, not left behind the token list on the form's button.
  await expect(secretField).toBeFocused();
  const secret = await secretField.inputValue();
  await card.getByRole("button", { name: "Copy token" }).click();
  await expect(page.getByText("Token copied")).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);

  const list = card.getByRole("list", { name: "API tokens" });
  await expect(list.getByRole("listitem")).toHaveCount(1);
  await expect(list).toContainText("Backup script");
  await expect(list).toContainText("Read only");
  await expect(list).toContainText("Never used");
  await expect(list).toContainText(secret.slice(0, 8));

  // A script with the token: no cookies, no Origin.
  const script = await playwright.request.newContext({
    baseURL: baseURL!,
    extraHTTPHeaders: { Authorization: `Bearer ${secret}` },
  });
  expect((await script.get("/api/bicycles")).status()).toBe(200);
  expect((await script.post("/api/bicycles", { data: { name: "Nope" } })).status()).toBe(403);

  // Done: the secret is gone for good; the list shows the use.
  await card.getByRole("button", { name: "Done" }).focus();
  await page.keyboard.press("Enter");
  await expect(secretField).toHaveCount(0);
  // The focused button went with the box: the keyboard goes on from the form, not the page's top.
  await expect(card.getByLabel("Token name")).toBeFocused();
  await page.reload();
  await expect(list).toContainText("Last used");
  expect(await page.content()).not.toContain(secret);

  // A second token, to see where the keyboard goes once one is revoked.
  const second = await page.request.post("/api/api-tokens", {
    data: { name: "Nightly export", scope: "read", expiresInDays: 30 },
    headers: { Origin: baseURL! },
  });
  expect(second.status()).toBe(201);
  await page.reload();

  // Revoking asks first; cancelling keeps the token.
  await list.getByRole("button", { name: "Revoke Backup script" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Revoke this API token?" });
  await expect(dialog).toContainText("Scripts using “Backup script” will be refused");
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(list.getByRole("listitem")).toHaveCount(2);
  await list.getByRole("button", { name: "Revoke Backup script" }).click();
  await dialog.getByRole("button", { name: "Revoke token" }).click();
  await expect(page.getByText("API token revoked")).toBeVisible();
  await expect(list.getByRole("listitem")).toHaveCount(1);
  // The revoked row's button is gone: the keyboard goes on from the next token's, then from the form.
  const revokeSecond = list.getByRole("button", { name: "Revoke Nightly export" });
  await expect(revokeSecond).toBeFocused();
  await page.keyboard.press("Enter");
  await dialog.getByRole("button", { name: "Revoke token" }).press("Enter");
  await expect(card.getByText("No API tokens yet.")).toBeVisible();
  await expect(card.getByLabel("Token name")).toBeFocused();
  expect((await script.get("/api/bicycles")).status()).toBe(401);
  await script.dispose();
});

for (const theme of ["dark", "light"] as const) {
  test(`the API tokens card at 1280 and 375 px (${theme})`, async ({ page, rider: _rider }, testInfo) => {
    await page.addInitScript((t) => localStorage.setItem("velolog-theme", t), theme);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto("/account");
    const card = page.locator("[data-slot=card]", { has: page.getByText("API tokens", { exact: true }) });
    for (const [name, scope] of [
      ["Nightly backup to my NAS", "Read only"],
      ["Strava mileage sync", "Read and write"],
    ] as const) {
      await card.getByLabel("Token name").fill(name);
      await card.getByRole("radio", { name: scope }).check();
      await card.getByRole("button", { name: "Create token" }).click();
      await expect(card.getByLabel("New API token")).toHaveValue(/^vlg_/);
      // The second token's secret takes the focus too, not only the first's.
      await expect(card.getByLabel("New API token")).toBeFocused();
    }
    await expect(card.getByRole("list", { name: "API tokens" }).getByRole("listitem")).toHaveCount(2);
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      // The whole page's picture from the top, cut to the card: the sticky header stays off the card.
      await page.evaluate(() => window.scrollTo(0, 0));
      const box = await card.evaluate((element) => {
        const rect = element.getBoundingClientRect();
        return { x: rect.x, y: rect.y + window.scrollY, width: rect.width, height: rect.height };
      });
      await page.screenshot({
        path: testInfo.outputPath(`api-tokens-${width}-${theme}.png`),
        fullPage: true,
        clip: box,
      });
      // Nothing sticks out of the card at either width.
      const overflow = await card.evaluate((element) => element.scrollWidth > element.clientWidth);
      expect(overflow, `overflow at ${width}px`).toBe(false);
    }
  });
}

test.describe("a token revoked elsewhere", () => {
  // The second revocation's 404, which the browser logs.
  test.use({ allowedConsoleErrors: [/status of 404/] });

  test("revoking a token another tab already revoked takes it off the list, without an error", async ({
    page,
    rider: _rider,
    baseURL,
  }) => {
    const made = await page.request.post("/api/api-tokens", {
      data: { name: "Old laptop", scope: "write" },
      headers: { Origin: baseURL! },
    });
    expect(made.status()).toBe(201);
    const { token } = (await made.json()) as { token: { id: string } };
    await page.goto("/account");
    const card = page.locator("[data-slot=card]", { has: page.getByText("API tokens", { exact: true }) });
    const list = card.getByRole("list", { name: "API tokens" });
    await expect(list.getByRole("listitem")).toHaveCount(1, { timeout: 20_000 });

    // Revoked meanwhile in another tab: this tab still lists it.
    const elsewhere = await page.request.delete(`/api/api-tokens/${token.id}`, {
      headers: { Origin: baseURL! },
    });
    expect(elsewhere.status()).toBe(204);
    await list.getByRole("button", { name: "Revoke Old laptop" }).click();
    const dialog = page.getByRole("alertdialog", { name: "Revoke this API token?" });
    await dialog.getByRole("button", { name: "Revoke token" }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByText("API token revoked")).toBeVisible();
    await expect(page.getByText("API token not found")).toHaveCount(0);
    await expect(card.getByText("No API tokens yet.")).toBeVisible();
    await expect(card.getByLabel("Token name")).toBeFocused();
  });
});

test.describe("the token list unreachable", () => {
  // The refused requests, which the browser logs.
  test.use({ allowedConsoleErrors: [/ERR_CONNECTION_REFUSED/] });

  test("says the tokens could not be loaded and loads them with Try again", async ({
    page,
    rider: _rider,
    baseURL,
  }, testInfo) => {
    const made = await page.request.post("/api/api-tokens", {
      data: { name: "Home server", scope: "read" },
      headers: { Origin: baseURL! },
    });
    expect(made.status()).toBe(201);
    const card = page.locator("[data-slot=card]", { has: page.getByText("API tokens", { exact: true }) });
    const away = (route: import("@playwright/test").Route) => route.abort("connectionrefused");
    await page.route("**/api/api-tokens", away);
    await page.goto("/account");
    const alert = card.getByRole("alert").filter({ hasText: "Could not load your API tokens." });
    await expect(alert).toBeVisible({ timeout: 20_000 });
    // Not "No API tokens yet": the rider has one.
    await expect(card.getByText("No API tokens yet.")).toHaveCount(0);
    for (const theme of ["light", "dark"] as const) {
      await page.evaluate((t) => localStorage.setItem("velolog-theme", t), theme);
      for (const width of [1280, 375]) {
        await page.setViewportSize({ width, height: 900 });
        await page.reload();
        await expect(alert).toBeVisible({ timeout: 20_000 });
        await page.evaluate(() => window.scrollTo(0, 0));
        const box = await card.evaluate((element) => {
          const rect = element.getBoundingClientRect();
          return { x: rect.x, y: rect.y + window.scrollY, width: rect.width, height: rect.height };
        });
        await page.screenshot({
          path: testInfo.outputPath(`api-tokens-failed-${width}-${theme}.png`),
          fullPage: true,
          clip: box,
        });
      }
    }
    await page.unroute("**/api/api-tokens", away);
    await alert.getByRole("button", { name: "Try again" }).click();
    await expect(card.getByRole("list", { name: "API tokens" })).toContainText("Home server");
    await expect(alert).toHaveCount(0);
  });
});
