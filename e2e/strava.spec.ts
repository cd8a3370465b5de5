import type { Locator, Page } from "@playwright/test";
import { lastLinkTo } from "../src/server/testing/outbox.ts";
import { killAll } from "../src/server/testing/spawn-server.ts";
import { startStravaStandIn } from "../src/server/testing/strava-stand-in.ts";
import { expect, test } from "./fixtures.ts";
import { startOwnServer } from "./own-server.ts";

const CLIENT = { clientId: "4242", clientSecret: "strava-e2e-secret" };

// Strava refusing the stored access is a 409 for /api/strava/bikes, and its rate limit a 429 for the
// import, which the card shows.
test.use({ allowedConsoleErrors: [/status of (409|429)/] });

/** A full-page screenshot clipped to the card (an element screenshot waits for a stillness it may not get). */
async function shootCard(page: Page, card: Locator, path: string) {
  const box = await card.evaluate((element) => {
    const rect = element.getBoundingClientRect();
    return { x: rect.x, y: rect.y + window.scrollY, width: rect.width, height: rect.height };
  });
  await page.screenshot({ path, fullPage: true, clip: box });
}
const SUBSCRIPTION = 55;

/**
 * The web app with Strava configured: a server of its own whose Strava is a local stand-in. The browser
 * goes through the stand-in's authorization page (which approves at once) and back; the test sends the
 * webhook event Strava would.
 */
test("with Strava: connect, map a bike, import past rides, a webhook event adds a ride, disconnect", async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const strava = await startStravaStandIn(CLIENT);
  const { url, dataDir, server } = await startOwnServer("strava", {
    STRAVA_CLIENT_ID: CLIENT.clientId,
    STRAVA_CLIENT_SECRET: CLIENT.clientSecret,
    STRAVA_API_BASE_URL: strava.url,
    STRAVA_WEBHOOK_VERIFY_TOKEN: "strava-e2e-verify-token",
    STRAVA_WEBHOOK_SUBSCRIPTION_ID: String(SUBSCRIPTION),
  });
  try {
    expect(server.url, server.output()).toBe(url);
    const email = `strava-rider-${Date.now()}@example.com`;
    const signUp = await page.request.post(`${url}/api/auth/sign-up/email`, {
      data: { email, password: "correct-horse", name: "" },
      headers: { Origin: url },
    });
    expect(signUp.status()).toBe(200);
    await page.request.get(lastLinkTo(dataDir, email, "/api/auth/verify-email")!);
    const created = await page.request.post(`${url}/api/bicycles`, {
      data: { name: "Road" },
      headers: { Origin: url },
    });
    expect(created.status()).toBe(201);
    const road = ((await created.json()) as { bicycle: { id: string } }).bicycle;

    const athlete = strava.addAthlete(31_415, [
      { id: "b501", name: "Canyon Endurace CF" },
      { id: "b502", name: "Commuter" },
    ]);
    strava.addActivity(athlete.id, {
      start_date: "2025-05-03T07:10:00Z",
      distance: 61_400,
      name: "Coast loop",
    });
    strava.addActivity(athlete.id, {
      start_date: "2025-05-10T06:45:00Z",
      distance: 88_200,
      name: "Hill repeats",
    });
    strava.addActivity(athlete.id, { start_date: "2025-05-11T17:00:00Z", distance: 7_300, gear_id: "b502" });
    // A trainer session on the mapped bike: no distance, so no ride, and the result says so.
    strava.addActivity(athlete.id, {
      start_date: "2025-05-07T18:30:00Z",
      distance: 0,
      moving_time: 3_600,
      name: "Turbo intervals",
    });

    await page.goto(`${url}/account`);
    const card = page.locator("[data-slot=card]", { has: page.getByText("Strava", { exact: true }) });
    await card.getByRole("button", { name: "Connect Strava" }).click();
    await expect(page.getByText("Strava connected")).toBeVisible();
    await expect(page).toHaveURL(`${url}/account`);
    await expect(card.getByText("Connected as")).toBeVisible();
    // No bike mapped yet: the disabled import says why.
    await expect(card.getByRole("button", { name: "Import past rides" })).toHaveAttribute(
      "title",
      "Choose a bicycle for a Strava bike first",
    );
    // This server has the webhook: new rides come in by themselves.
    await expect(card.getByText("New rides on mapped bikes come in by themselves")).toBeVisible();

    await expect(card.getByLabel("Commuter")).toHaveValue("");
    await card.getByLabel("Canyon Endurace CF").selectOption({ label: "Road" });
    await expect(card.getByLabel("Canyon Endurace CF")).not.toHaveValue("");
    await card.getByRole("button", { name: "Import past rides" }).click();
    await expect(
      card.getByText("2 rides imported, 1 without distance (such as trainer sessions) left out."),
    ).toBeVisible();

    // A new ride on Strava: Strava tells us by webhook.
    const fresh = strava.addActivity(athlete.id, {
      start_date: "2025-05-17T08:00:00Z",
      distance: 45_000,
      name: "Saturday café ride",
    });
    const delivered = await fetch(`${url}/api/strava/webhook`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(strava.event(SUBSCRIPTION, athlete.id, fresh.id, "create")),
    });
    expect(delivered.status).toBe(200);

    await page.goto(`${url}/rides`);
    const rides = page.getByRole("list", { name: "Rides" });
    await expect(rides.getByRole("listitem")).toHaveCount(3);
    await expect(rides.getByRole("listitem").first()).toContainText("Saturday café ride");
    await expect(rides.getByRole("listitem").first()).toContainText("from Strava");

    // The card, as the rider sees it, at both widths in both themes.
    for (const theme of ["light", "dark"] as const) {
      await page.evaluate((t) => localStorage.setItem("velolog-theme", t), theme);
      for (const width of [1280, 375]) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(`${url}/account`);
        await expect(card.getByText("Connected as")).toBeVisible();
        await expect(card.getByLabel("Canyon Endurace CF")).not.toHaveValue("");
        const box = await card.evaluate((element) => {
          const rect = element.getBoundingClientRect();
          return { x: rect.x, y: rect.y + window.scrollY, width: rect.width, height: rect.height };
        });
        await page.screenshot({
          path: testInfo.outputPath(`strava-card-${width}-${theme}.png`),
          fullPage: true,
          clip: box,
        });
        const overflow = await card.evaluate((element) => element.scrollWidth > element.clientWidth);
        expect(overflow, `overflow at ${width}px`).toBe(false);
      }
    }

    // A Strava ride deleted here: the confirmation says so, and the next import leaves it out.
    await page.goto(`${url}/bicycles/${road.id}?tab=rides`);
    await page.getByRole("button", { name: "Delete Coast loop" }).click();
    const confirmDelete = page.getByRole("alertdialog");
    await expect(confirmDelete).toContainText("It came from Strava and will not be imported again.");
    await confirmDelete.getByRole("button", { name: "Delete" }).click();
    await expect(page.getByRole("button", { name: "Delete Coast loop" })).toHaveCount(0);
    await page.goto(`${url}/account`);
    await card.getByRole("button", { name: "Import past rides" }).click();
    await expect(
      card.getByText(
        "0 rides imported, 2 already there, 1 deleted in Velolog left out, 1 without distance (such as trainer sessions) left out.",
      ),
    ).toBeVisible();

    // Revoked on strava.com and no event came: the card asks to connect again, and connecting mends it.
    strava.revokeAccess(athlete.id);
    await page.reload();
    await expect(card.getByRole("alert")).toContainText("Please connect Strava again, or disconnect.");
    await expect(card.getByRole("button", { name: "Import past rides" })).toHaveAttribute(
      "title",
      "Connect Strava again first",
    );
    await expect(card.getByRole("button", { name: "Import past rides" })).toBeDisabled();
    for (const theme of ["light", "dark"] as const) {
      await page.evaluate((t) => localStorage.setItem("velolog-theme", t), theme);
      for (const width of [1280, 375]) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(`${url}/account`);
        await expect(card.getByRole("button", { name: "Connect again" })).toBeVisible();
        await shootCard(page, card, testInfo.outputPath(`strava-card-reconnect-${width}-${theme}.png`));
      }
    }
    await card.getByRole("button", { name: "Connect again" }).click();
    await expect(page.getByText("Strava connected")).toBeVisible();
    await expect(card.getByLabel("Canyon Endurace CF")).not.toHaveValue("");
    await expect(card.getByRole("button", { name: "Import past rides" })).toBeEnabled();

    // Back from Strava in a browser without a session: the sign-in page says what happened.
    const signedOut = await page.context().browser()!.newPage();
    await signedOut.goto(`${url}/api/strava/callback?state=abc&code=def`);
    await expect(signedOut).toHaveURL(`${url}/auth?error=strava`);
    await expect(
      signedOut.getByText("Sign in, then connect Strava again in Account Settings."),
    ).toBeVisible();
    for (const width of [1280, 375]) {
      await signedOut.setViewportSize({ width, height: 900 });
      await signedOut.screenshot({ path: testInfo.outputPath(`strava-signed-out-${width}.png`) });
    }
    await signedOut.close();

    await card.getByRole("button", { name: "Disconnect" }).click();
    const dialog = page.getByRole("alertdialog");
    await expect(dialog).toContainText("the rides already imported stay");
    await dialog.getByRole("button", { name: "Disconnect" }).click();
    await expect(card.getByRole("button", { name: "Connect Strava" })).toBeVisible();
    expect(strava.hasTokens(athlete.id)).toBe(false);
    await page.goto(`${url}/rides`);
    await expect(page.getByRole("list", { name: "Rides" }).getByRole("listitem")).toHaveCount(2);
  } finally {
    killAll();
    await strava.close();
  }
});

test("with Strava but no webhook subscription: the card says new rides come in through the import", async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const strava = await startStravaStandIn(CLIENT);
  const { url, dataDir, server } = await startOwnServer("strava-no-webhook", {
    STRAVA_CLIENT_ID: CLIENT.clientId,
    STRAVA_CLIENT_SECRET: CLIENT.clientSecret,
    STRAVA_API_BASE_URL: strava.url,
  });
  try {
    expect(server.url, server.output()).toBe(url);
    const email = `strava-manual-${Date.now()}@example.com`;
    const signUp = await page.request.post(`${url}/api/auth/sign-up/email`, {
      data: { email, password: "correct-horse", name: "" },
      headers: { Origin: url },
    });
    expect(signUp.status()).toBe(200);
    await page.request.get(lastLinkTo(dataDir, email, "/api/auth/verify-email")!);
    await page.goto(`${url}/account`);
    const card = page.locator("[data-slot=card]", { has: page.getByText("Strava", { exact: true }) });
    // The account page's first load waits for several reads; on a busy machine that takes a while.
    await expect(card.getByText("bring your rides in with “Import past rides”")).toBeVisible({
      timeout: 30_000,
    });
    await expect(card.getByText("come in by themselves")).toHaveCount(0);

    strava.addAthlete(27_182, [{ id: "b601", name: "Gravel" }]);
    await card.getByRole("button", { name: "Connect Strava" }).click();
    await expect(card.getByText("Connected as")).toBeVisible();
    await expect(card.getByText("New rides do not come in by themselves on this server")).toBeVisible();
    for (const theme of ["light", "dark"] as const) {
      await page.evaluate((t) => localStorage.setItem("velolog-theme", t), theme);
      for (const width of [1280, 375]) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(`${url}/account`);
        await expect(card.getByText("New rides do not come in by themselves on this server")).toBeVisible();
        await shootCard(page, card, testInfo.outputPath(`strava-card-manual-${width}-${theme}.png`));
      }
    }

    // Strava's rate limit stops the import after a page: the card says how far it got and when to go on.
    const created = await page.request.post(`${url}/api/bicycles`, {
      data: { name: "Gravel bike" },
      headers: { Origin: url },
    });
    expect(created.status()).toBe(201);
    for (let n = 0; n < 201; n++) {
      const start = new Date(Date.UTC(2024, 0, 1) + n * 86_400_000).toISOString();
      strava.addActivity(27_182, { start_date: start, distance: 30_000 });
    }
    await page.reload();
    await card.getByLabel("Gravel").selectOption({ label: "Gravel bike" });
    await expect(card.getByLabel("Gravel")).not.toHaveValue("");
    const importRides = card.getByRole("button", { name: "Import past rides" });
    strava.rateLimit.apiRequestsLeft = 1;
    await importRides.click();
    await expect(card.getByText("so the import stopped after 200 rides")).toBeVisible();
    await expect(card.getByText("again in 15 minutes: it goes on where it stopped.")).toBeVisible();
    for (const theme of ["light", "dark"] as const) {
      await page.evaluate((t) => localStorage.setItem("velolog-theme", t), theme);
      for (const width of [1280, 375]) {
        strava.rateLimit.apiRequestsLeft = Number.POSITIVE_INFINITY;
        await page.setViewportSize({ width, height: 900 });
        await page.goto(`${url}/account`);
        await expect(importRides).toBeEnabled();
        strava.rateLimit.apiRequestsLeft = 0;
        await importRides.click();
        await expect(card.getByText("so the import stopped before a ride came in")).toBeVisible();
        await shootCard(page, card, testInfo.outputPath(`strava-card-rate-limited-${width}-${theme}.png`));
      }
    }
    // Later: the import goes on where it stopped.
    strava.rateLimit.apiRequestsLeft = Number.POSITIVE_INFINITY;
    await importRides.click();
    await expect(card.getByText("1 ride imported, 1 already there.")).toBeVisible();
  } finally {
    killAll();
    await strava.close();
  }
});

test.describe("when Strava does not answer, and disconnecting", () => {
  // Strava down is a 503 for /api/strava/bikes, its limit a 429; a connection already ended, a 404; our
  // own server out of reach, a refused connection.
  test.use({ allowedConsoleErrors: [/status of (404|429|503)|ERR_CONNECTION_REFUSED/] });

  test("the card says why the bikes could not be read and tries again; disconnecting leaves the keyboard on Connect Strava, even if another tab disconnected first", async ({
    page,
  }, testInfo) => {
    test.setTimeout(120_000);
    const strava = await startStravaStandIn(CLIENT);
    const { url, dataDir, server } = await startOwnServer("strava-unanswered", {
      STRAVA_CLIENT_ID: CLIENT.clientId,
      STRAVA_CLIENT_SECRET: CLIENT.clientSecret,
      STRAVA_API_BASE_URL: strava.url,
    });
    try {
      expect(server.url, server.output()).toBe(url);
      const email = `strava-unanswered-${Date.now()}@example.com`;
      const signUp = await page.request.post(`${url}/api/auth/sign-up/email`, {
        data: { email, password: "correct-horse", name: "" },
        headers: { Origin: url },
      });
      expect(signUp.status()).toBe(200);
      await page.request.get(lastLinkTo(dataDir, email, "/api/auth/verify-email")!);
      strava.addAthlete(16_180, [{ id: "b701", name: "Touring bike" }]);
      await page.goto(`${url}/account`);
      const card = page.locator("[data-slot=card]", { has: page.getByText("Strava", { exact: true }) });
      await card.getByRole("button", { name: "Connect Strava" }).click({ timeout: 30_000 });
      await expect(card.getByLabel("Touring bike")).toBeVisible();

      // Whether Strava is connected cannot be read (the network): the card says so, not "Connect Strava".
      const away = (route: import("@playwright/test").Route) => route.abort("connectionrefused");
      await page.route("**/api/strava", away);
      await page.reload();
      const unknown = card.getByRole("alert").filter({ hasText: "Could not check your Strava connection." });
      await expect(unknown).toBeVisible({ timeout: 20_000 });
      await expect(card.getByRole("button", { name: "Connect Strava" })).toHaveCount(0);
      for (const theme of ["light", "dark"] as const) {
        await page.evaluate((t) => localStorage.setItem("velolog-theme", t), theme);
        for (const width of [1280, 375]) {
          await page.setViewportSize({ width, height: 900 });
          await page.reload();
          await expect(unknown).toBeVisible({ timeout: 20_000 });
          await shootCard(page, card, testInfo.outputPath(`strava-card-status-failed-${width}-${theme}.png`));
        }
      }
      await page.unroute("**/api/strava", away);
      await unknown.getByRole("button", { name: "Try again" }).click();
      await expect(card.getByLabel("Touring bike")).toBeVisible();

      // No bike mapped: why "Import past rides" is disabled is in words, not only in a hover tooltip.
      const why = "Choose a bicycle for at least one Strava bike first.";
      const importRides = card.getByRole("button", { name: "Import past rides" });
      await expect(importRides).toBeDisabled();
      await expect(card.getByText(why)).toBeVisible();
      await expect(importRides).toHaveAccessibleDescription(why);
      for (const theme of ["light", "dark"] as const) {
        await page.evaluate((t) => localStorage.setItem("velolog-theme", t), theme);
        for (const width of [1280, 375]) {
          await page.setViewportSize({ width, height: 900 });
          await page.goto(`${url}/account`);
          await expect(card.getByText(why)).toBeVisible();
          await shootCard(page, card, testInfo.outputPath(`strava-card-unmapped-${width}-${theme}.png`));
        }
      }
      const created = await page.request.post(`${url}/api/bicycles`, {
        data: { name: "Tourer" },
        headers: { Origin: url },
      });
      expect(created.status()).toBe(201);
      await page.reload();
      await card.getByLabel("Touring bike").selectOption({ label: "Tourer" });
      await expect(importRides).toBeEnabled();
      await expect(card.getByText(why)).toHaveCount(0);

      // Strava down: the card says so, and "Try again" reads the bikes once Strava is back.
      strava.state.down = true;
      await page.reload();
      await expect(card.getByRole("alert")).toHaveText(
        "Your Strava bikes could not be read. Please try again in a few minutes.",
      );
      strava.state.down = false;
      await card.getByRole("button", { name: "Try again" }).click();
      await expect(card.getByLabel("Touring bike")).toBeVisible();
      await expect(card.getByRole("alert")).toHaveCount(0);

      // Strava's daily limit used up: not "in a few minutes" but tomorrow, as Strava's headers say.
      strava.rateLimit.apiRequestsLeft = 0;
      strava.rateLimit.dailyUsedUp = true;
      for (const theme of ["light", "dark"] as const) {
        await page.evaluate((t) => localStorage.setItem("velolog-theme", t), theme);
        for (const width of [1280, 375]) {
          await page.setViewportSize({ width, height: 900 });
          await page.goto(`${url}/account`);
          await expect(card.getByRole("alert")).toHaveText(
            "Strava takes no more requests from Velolog today. Please try again tomorrow.",
          );
          await shootCard(page, card, testInfo.outputPath(`strava-card-limit-${width}-${theme}.png`));
        }
      }
      strava.rateLimit.apiRequestsLeft = Number.POSITIVE_INFINITY;
      strava.rateLimit.dailyUsedUp = false;
      await card.getByRole("button", { name: "Try again" }).click();
      await expect(card.getByLabel("Touring bike")).toBeVisible();

      // Disconnecting by keyboard: the dialog and its button go, the keyboard goes on from Connect Strava.
      await card.getByRole("button", { name: "Disconnect" }).focus();
      await page.keyboard.press("Enter");
      const dialog = page.getByRole("alertdialog", { name: "Disconnect Strava?" });
      await dialog.getByRole("button", { name: "Disconnect" }).focus();
      await page.keyboard.press("Enter");
      await expect(dialog).toHaveCount(0);
      await expect(card.getByRole("button", { name: "Connect Strava" })).toBeFocused();

      // Connected again, then disconnected in another tab: this tab's Disconnect is done, not stuck.
      await card.getByRole("button", { name: "Connect Strava" }).click();
      await expect(card.getByLabel("Touring bike")).toBeVisible();
      const elsewhere = await page.request.delete(`${url}/api/strava`, { headers: { Origin: url } });
      expect(elsewhere.status()).toBe(204);
      await card.getByRole("button", { name: "Disconnect" }).click();
      await dialog.getByRole("button", { name: "Disconnect" }).click();
      await expect(dialog).toHaveCount(0);
      await expect(page.getByText("Strava disconnected")).toBeVisible();
      await expect(card.getByRole("button", { name: "Connect Strava" })).toBeFocused();
    } finally {
      killAll();
      await strava.close();
    }
  });
});
