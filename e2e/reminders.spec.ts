import { readFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { digestMail } from "../src/server/features/reminders/digest.ts";
import { unsubscribeToken } from "../src/server/features/reminders/tokens.ts";
import type { ServiceInterval } from "../src/shared/schemas/service-interval.ts";
import { expect, test } from "./fixtures.ts";

/** The unsubscribe link a digest to this user carries (signed under the test server's own secret). */
async function unsubscribeLinkOf(page: Page) {
  const session = (await (await page.request.get("/api/auth/get-session")).json()) as {
    user: { id: string };
  };
  const secret = readFileSync(path.join(process.env.E2E_DATA_DIR!, "auth-secret"), "utf8");
  return `/unsubscribe?token=${unsubscribeToken(secret, session.user.id)}`;
}

const remindersCard = (page: Page) =>
  page.locator("[data-slot=card]", { has: page.getByText("Reminders", { exact: true }) });

test("turn the digest off and on, make a calendar link, and replace it", async ({
  page,
  rider: _rider,
  playwright,
  baseURL,
}) => {
  await page.goto("/account");
  const card = remindersCard(page);
  const digest = card.getByRole("switch", { name: "Email me when service is due" });
  // The first load of the settings waits for the busy test machine (the expect default is 7 s).
  await expect(digest).toBeChecked({ timeout: 20_000 });
  await digest.uncheck();
  await expect(page.getByText("Reminder settings saved")).toBeVisible();
  await page.reload();
  await expect(digest).not.toBeChecked();
  await digest.check();
  await expect(digest).toBeChecked();

  await card.getByRole("button", { name: "Make calendar link" }).click();
  const address = card.getByLabel("Calendar feed address");
  await expect(address).toHaveValue(/\/api\/calendar\/[\w-]{43}\/velolog\.ics$/);
  // The button it replaces had the keyboard: the address takes it, to copy.
  await expect(address).toBeFocused();
  const first = await address.inputValue();
  expect((await card.getByRole("button", { name: "Copy" }).boundingBox())!.height).toBe(
    (await address.boundingBox())!.height,
  );
  // A calendar app has no session: the address alone is enough.
  const calendarApp = await playwright.request.newContext({ baseURL: baseURL! });
  const feed = await calendarApp.get(first);
  expect(feed.status()).toBe(200);
  expect(await feed.text()).toContain("BEGIN:VCALENDAR");

  // A new link asks first, then the old address stops working.
  await card.getByRole("button", { name: "New link" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Make a new calendar link?" });
  await dialog.getByRole("button", { name: "Make new link" }).click();
  await expect(page.getByText("New calendar link made. The old link no longer works.")).toBeVisible();
  await expect(address).not.toHaveValue(first);
  expect((await calendarApp.get(first)).status()).toBe(404);
  const current = await address.inputValue();
  expect((await calendarApp.get(current)).status()).toBe(200);

  // Subscribing is a link away: webcal:// for the device's calendar app, Google Calendar's own page.
  const webcal = current.replace(/^https?:/, "webcal:");
  await expect(card.getByRole("link", { name: "Subscribe in your calendar app" })).toHaveAttribute(
    "href",
    webcal,
  );
  await expect(card.getByRole("link", { name: "Add to Google Calendar" })).toHaveAttribute(
    "href",
    `https://calendar.google.com/calendar/render?cid=${encodeURIComponent(webcal)}`,
  );

  // Turned off, after asking: the address goes from Settings and stops working.
  await card.getByRole("button", { name: "Turn off" }).click();
  const stopDialog = page.getByRole("alertdialog", { name: "Turn off the calendar feed?" });
  await stopDialog.getByRole("button", { name: "Turn off" }).click();
  await expect(page.getByText("Calendar feed turned off. Its link no longer works.")).toBeVisible();
  await expect(address).toHaveCount(0);
  // Turn off and its dialog are gone: the keyboard goes on from Make calendar link.
  await expect(card.getByRole("button", { name: "Make calendar link" })).toBeFocused();
  expect((await calendarApp.get(current)).status()).toBe(404);
  await calendarApp.dispose();
});

test("the mail's unsubscribe link works without signing in", async ({ page, rider: _rider, browser }) => {
  const link = await unsubscribeLinkOf(page);
  const visitor = await browser.newPage();
  await visitor.goto(link);
  await expect(visitor.getByRole("heading", { name: "Unsubscribe from reminders" })).toBeVisible();
  await visitor.getByRole("button", { name: "Unsubscribe" }).click();
  await expect(visitor.getByRole("status")).toHaveText(
    "You will no longer receive reminder emails. You can turn them on again in Account Settings.",
  );
  await visitor.close();
  await page.goto("/account");
  await expect(
    remindersCard(page).getByRole("switch", { name: "Email me when service is due" }),
  ).not.toBeChecked();
});

test.describe("an altered link", () => {
  // The refused unsubscribe call is a 404, which the browser logs.
  test.use({ allowedConsoleErrors: [/status of 404/] });
  test("an altered unsubscribe link says so and changes nothing", async ({ page, rider: _rider }) => {
    const link = await unsubscribeLinkOf(page);
    await page.goto(`${link.slice(0, -3)}abc`);
    await page.getByRole("button", { name: "Unsubscribe" }).click();
    await expect(
      page.getByText("This unsubscribe link is not valid. Turn reminders off in Account Settings instead."),
    ).toBeVisible();
    await page.goto("/account");
    await expect(
      remindersCard(page).getByRole("switch", { name: "Email me when service is due" }),
    ).toBeChecked({ timeout: 20_000 });
  });
});

/** Two intervals as the digest lists them, to picture the mail. */
function sampleIntervals(): (ServiceInterval & { status: { state: "due-soon" | "overdue" } })[] {
  const base = {
    componentType: "Drivetrain",
    bicycleId: "b1",
    bicycleName: "Trail Hardtail",
    everyHours: null,
    lastServiceDate: null,
    since: "2026-01-10",
  };
  return [
    {
      ...base,
      id: "i1",
      componentId: "c1",
      componentName: "Shimano CN-M8100 chain",
      label: "Replace chain",
      everyKm: 3000,
      everyMonths: null,
      status: {
        state: "overdue",
        usedFraction: 1.04,
        distance: { used: 3120, every: 3000, remaining: -120 },
        hours: null,
        time: null,
        expectedDueDate: "2026-11-25",
      },
    },
    {
      ...base,
      id: "i2",
      componentId: "c2",
      componentType: "Brakes",
      componentName: "Shimano XT brakes",
      label: "Brake fluid",
      everyKm: null,
      everyMonths: 12,
      status: {
        state: "due-soon",
        usedFraction: 0.93,
        distance: null,
        hours: null,
        time: { used: 340, every: 365, remaining: 25, dueDate: "2026-12-20" },
        expectedDueDate: "2026-12-20",
      },
    },
  ];
}

for (const theme of ["dark", "light"] as const) {
  test(`the reminders card, the unsubscribe page and the digest mail at 1280 and 375 px (${theme})`, async ({
    page,
    rider,
    baseURL,
  }, testInfo) => {
    await page.addInitScript((t) => localStorage.setItem("velolog-theme", t), theme);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto("/account");
    const card = remindersCard(page);
    await card.getByRole("button", { name: "Make calendar link" }).click({ timeout: 20_000 });
    await expect(card.getByLabel("Calendar feed address")).toHaveValue(/velolog\.ics$/);
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await page.evaluate(() => window.scrollTo(0, 0));
      const box = await card.evaluate((element) => {
        const rect = element.getBoundingClientRect();
        return { x: rect.x, y: rect.y + window.scrollY, width: rect.width, height: rect.height };
      });
      await page.screenshot({
        path: testInfo.outputPath(`reminders-${width}-${theme}.png`),
        fullPage: true,
        clip: box,
      });
      expect(
        await card.evaluate((element) => element.scrollWidth > element.clientWidth),
        `overflow at ${width}px`,
      ).toBe(false);
    }

    const link = await unsubscribeLinkOf(page);
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 700 });
      await page.goto(link);
      await expect(page.getByRole("button", { name: "Unsubscribe" })).toBeVisible();
      await page.screenshot({ path: testInfo.outputPath(`unsubscribe-${width}-${theme}.png`) });
    }
    // Turned back on, for the other pictures' sake.
    await page.request.put("/api/reminders", { data: { emailDigest: true }, headers: { Origin: baseURL! } });

    // The digest as a mail client shows a plain-text mail (on a page of its own: no app, no favicon).
    const mailPage = await page.context().newPage();
    const mail = digestMail(sampleIntervals(), {
      publicUrl: baseURL!,
      unit: "km",
      unsubscribeUrl: `${baseURL}${link}`,
    });
    for (const width of [1280, 375]) {
      await mailPage.setViewportSize({ width, height: 800 });
      await mailPage.setContent(
        `<html style="color-scheme:${theme}"><body style="font:14px system-ui;margin:16px;background:${theme === "dark" ? "#111" : "#fff"};color:${theme === "dark" ? "#eee" : "#111"}"><p><b>To:</b> ${rider.email}<br><b>Subject:</b> ${mail.subject}</p><pre style="white-space:pre-wrap;font:14px ui-monospace,monospace">${mail.text.replaceAll("&", "&amp;").replaceAll("<", "&lt;")}</pre></body></html>`,
      );
      await mailPage.screenshot({
        path: testInfo.outputPath(`digest-mail-${width}-${theme}.png`),
        fullPage: true,
      });
    }
    await mailPage.close();
  });
}
