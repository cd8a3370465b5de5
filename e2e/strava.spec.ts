import { lastLinkTo } from "../src/server/testing/outbox.ts";
import { killAll } from "../src/server/testing/spawn-server.ts";
import { startStravaStandIn } from "../src/server/testing/strava-stand-in.ts";
import { expect, test } from "./fixtures.ts";
import { startOwnServer } from "./own-server.ts";

const CLIENT = { clientId: "4242", clientSecret: "strava-e2e-secret" };
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

    await page.goto(`${url}/account`);
    const card = page.locator("[data-slot=card]", { has: page.getByText("Strava", { exact: true }) });
    await card.getByRole("button", { name: "Connect Strava" }).click();
    await expect(page.getByText("Strava connected")).toBeVisible();
    await expect(page).toHaveURL(`${url}/account`);
    await expect(card.getByText("Connected as")).toBeVisible();

    await expect(card.getByLabel("Commuter")).toHaveValue("");
    await card.getByLabel("Canyon Endurace CF").selectOption({ label: "Road" });
    await expect(card.getByLabel("Canyon Endurace CF")).not.toHaveValue("");
    await card.getByRole("button", { name: "Import past rides" }).click();
    await expect(card.getByText("2 rides imported.")).toBeVisible();

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

    await card.getByRole("button", { name: "Disconnect" }).click();
    const dialog = page.getByRole("alertdialog");
    await expect(dialog).toContainText("the rides already imported stay");
    await dialog.getByRole("button", { name: "Disconnect" }).click();
    await expect(card.getByRole("button", { name: "Connect Strava" })).toBeVisible();
    expect(strava.hasTokens(athlete.id)).toBe(false);
    await page.goto(`${url}/rides`);
    await expect(page.getByRole("list", { name: "Rides" }).getByRole("listitem")).toHaveCount(3);
  } finally {
    killAll();
    await strava.close();
  }
});
