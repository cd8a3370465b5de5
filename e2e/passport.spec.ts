import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import sharp from "sharp";
import { extractText, getDocumentProxy } from "unpdf";
import { createBicycleThroughApi, createComponentThroughApi, expect, test } from "./fixtures.ts";

async function uploadThroughApi(page: Page, baseURL: string, purpose: "bicycle-image" | "receipt") {
  const buffer =
    purpose === "receipt"
      ? Buffer.from("%PDF-1.4\n%%EOF\n")
      : await sharp({ create: { width: 64, height: 48, channels: 3, background: "#2a7" } })
          .png()
          .toBuffer();
  const response = await page.request.post("/api/files", {
    multipart: { purpose, file: { name: "upload", mimeType: "application/octet-stream", buffer } },
    headers: { Origin: baseURL },
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { file: { url: string } }).file.url;
}

/** A bicycle with a photo, two components and two services (one with a receipt). */
async function bicycleWithHistory(page: Page, baseURL: string) {
  const headers = { Origin: baseURL };
  const bicycle = await createBicycleThroughApi(page, baseURL, {
    name: "Gravel Grinder",
    serialNumber: "WTU-2291",
    purchaseDate: "2023-03-14",
    imageUrl: await uploadThroughApi(page, baseURL, "bicycle-image"),
  });
  const addPart = async (name: string, mileage: number) =>
    (
      await createComponentThroughApi(page, baseURL!, {
        bicycleId: bicycle.id,
        name,
        type: "Drivetrain",
        brand: "Shimano",
        mileage,
      })
    ).id;
  const chain = await addPart("Chain", 1200);
  const cassette = await addPart("Cassette", 800);
  await page.request.post(`/api/components/${chain}/services`, {
    data: { date: "2024-05-01", description: "Waxed the chain", cost: 12.5 },
    headers,
  });
  await page.request.post(`/api/components/${cassette}/services`, {
    data: {
      date: "2024-06-10",
      description: "Replaced cassette",
      cost: 89.99,
      receiptUrl: await uploadThroughApi(page, baseURL, "receipt"),
    },
    headers,
  });
  return bicycle;
}

test.describe("service passport", () => {
  test("open from the menu, read the history, leave costs out, download the PDF, add the QR code", async ({
    page,
    baseURL,
    rider,
  }) => {
    expect(rider.email).toBeTruthy();
    const bicycle = await bicycleWithHistory(page, baseURL!);
    await page.goto(`/bicycles/${bicycle.id}`);
    await page.getByRole("button", { name: "More actions" }).click();
    await page.getByRole("menuitem", { name: "Service passport" }).click();
    await expect(page).toHaveURL(`/bicycles/${bicycle.id}/passport`);

    const passport = page.getByRole("article", { name: "Service passport" });
    await expect(passport.getByRole("heading", { level: 1, name: "Gravel Grinder" })).toBeVisible();
    await expect(passport).toContainText("WTU-2291");
    const history = passport.getByRole("region", { name: "Service history" });
    await expect(history.getByRole("row")).toHaveCount(3);
    await expect(history.getByRole("row").nth(1)).toContainText("Replaced cassette");
    await expect(history.getByRole("row").nth(1)).toContainText("$89.99");
    await expect(history.getByRole("row").nth(1)).toContainText("On file");
    await expect(history.getByRole("row").nth(2)).toContainText("Waxed the chain");
    await expect(history).toContainText("2 entries, $102.49 in all");
    await expect(passport.getByRole("region", { name: "Components" })).toContainText("1,200 km");

    const costs = page.getByLabel("Include costs");
    await expect(costs).toBeChecked();
    await costs.uncheck();
    await expect(history.getByRole("columnheader", { name: "Cost" })).toHaveCount(0);
    await expect(passport).not.toContainText("$");
    await expect(history).toContainText("2 entries");

    const download = page.waitForEvent("download");
    await page.getByRole("link", { name: "Download PDF" }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe("Gravel Grinder service passport.pdf");
    const bytes = new Uint8Array(await readFile((await file.path())!));
    const { text } = await extractText(await getDocumentProxy(bytes), { mergePages: true });
    expect(text).toContain("Waxed the chain");
    expect(text).toContain("Replaced cassette");
    expect(text).not.toContain("$");

    // No share link yet: the QR code is offered, and a link is made only once the rider agrees.
    await expect(passport.getByRole("img", { name: "QR code of the bicycle's share link" })).toHaveCount(0);
    await page.getByRole("button", { name: "Add a QR code" }).click();
    const question = page.getByRole("alertdialog", { name: "Create a share link for the QR code?" });
    await question.getByRole("button", { name: "Cancel" }).click();
    await expect(question).toBeHidden();
    const before = await page.request.get("/api/shared-links");
    expect(((await before.json()) as { links: unknown[] }).links).toHaveLength(0);

    await page.getByRole("button", { name: "Add a QR code" }).click();
    await question.getByRole("button", { name: "Create share link" }).click();
    await expect(passport.getByRole("img", { name: "QR code of the bicycle's share link" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Add a QR code" })).toHaveCount(0);
    const after = await page.request.get("/api/shared-links");
    expect(((await after.json()) as { links: { bicycleName: string }[] }).links).toEqual([
      expect.objectContaining({ bicycleName: "Gravel Grinder" }),
    ]);
  });

  test("without costs, the QR code is never one of a link that shows costs", async ({
    page,
    baseURL,
    rider,
  }) => {
    expect(rider.email).toBeTruthy();
    const bicycle = await bicycleWithHistory(page, baseURL!);
    const shared = await page.request.post(`/api/bicycles/${bicycle.id}/share`, {
      data: { includeCosts: true },
      headers: { Origin: baseURL! },
    });
    expect(shared.status()).toBe(201);
    await page.goto(`/bicycles/${bicycle.id}/passport`);
    const passport = page.getByRole("article", { name: "Service passport" });
    const qr = passport.getByRole("img", { name: "QR code of the bicycle's share link" });
    await expect(qr).toBeVisible();

    await page.getByLabel("Include costs").uncheck();
    await expect(qr).toHaveCount(0);
    await expect(passport).toContainText("Its share links all show costs");
    await page.getByRole("button", { name: "Add a QR code" }).click();
    const question = page.getByRole("alertdialog", { name: "Create a share link for the QR code?" });
    await expect(question).toContainText("without costs");
    await question.getByRole("button", { name: "Create share link" }).click();
    await expect(qr).toBeVisible();
    const links = await page.request.get("/api/shared-links");
    expect(((await links.json()) as { links: unknown[] }).links).toHaveLength(2);
  });

  test("wraps a long component name and brand without spaces instead of widening the page", async ({
    page,
    baseURL,
    rider,
  }) => {
    expect(rider.email).toBeTruthy();
    const bicycle = await createBicycleThroughApi(page, baseURL!, { name: "Road" });
    const name = "ShimanoDuraAceR9200TwelveSpeedHollowTechIICranksetOneSeventyTwoPointFive";
    const { id } = await createComponentThroughApi(page, baseURL!, {
      bicycleId: bicycle.id,
      name,
      type: "Drivetrain",
      brand: "ShimanoDuraAcePremiumComponentGroupSetWithoutSpaces",
    });
    await page.request.post(`/api/components/${id}/services`, {
      data: { date: "2024-05-01", description: "Bearings", cost: 80 },
      headers: { Origin: baseURL! },
    });
    // Wide enough for the component column, as on a tablet or a phone held sideways.
    await page.setViewportSize({ width: 640, height: 1200 });
    await page.goto(`/bicycles/${bicycle.id}/passport`);
    const history = page.getByRole("region", { name: "Service history" });
    await expect(history.getByRole("cell", { name, exact: true })).toBeVisible();
    // The cost stays on the screen, and the page never scrolls sideways.
    await expect(history.getByRole("cell", { name: "$80.00" })).toBeInViewport({ ratio: 1 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
  });

  test("prints the passport alone, without the app's header, footer or buttons", async ({
    page,
    baseURL,
    rider,
  }) => {
    expect(rider.email).toBeTruthy();
    const bicycle = await bicycleWithHistory(page, baseURL!);
    await page.goto(`/bicycles/${bicycle.id}/passport`);
    await expect(page.getByRole("article", { name: "Service passport" })).toBeVisible();
    await page.emulateMedia({ media: "print" });
    const chrome = await page.locator(":is(header, footer, nav):not(article *)").all();
    expect(chrome.length).toBeGreaterThan(0);
    for (const part of chrome) await expect(part).toBeHidden();
    await expect(page.getByRole("button", { name: "Print" })).toBeHidden();
    await expect(page.getByRole("link", { name: "Download PDF" })).toBeHidden();
    await expect(page.getByRole("article", { name: "Service passport" })).toBeVisible();
  });
});
