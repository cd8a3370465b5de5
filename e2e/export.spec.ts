import { randomBytes } from "node:crypto";
import { truncate, writeFile } from "node:fs/promises";
import {
  createBicycleThroughApi,
  createComponentThroughApi,
  expect,
  signUpThroughApi,
  test,
} from "./fixtures.ts";

test("a rider exports everything from Account Settings and imports it into a second account", async ({
  page,
  baseURL,
  rider,
}, testInfo) => {
  expect(rider.email).toBeTruthy();
  const bicycle = await createBicycleThroughApi(page, baseURL!, {
    name: "Export bike",
    serialNumber: "EX-1",
  });
  await createComponentThroughApi(page, baseURL!, {
    bicycleId: bicycle.id,
    name: "Chain",
    type: "Drivetrain",
    mileage: 250,
  });
  // The exported account shows miles; the account it goes into, kilometres (the default).
  const unit = await page.request.put("/api/settings", {
    data: { distanceUnit: "mi" },
    headers: { Origin: baseURL! },
  });
  expect(unit.status()).toBe(200);

  await page.goto("/account");
  const card = page
    .getByRole("heading", { name: "Your data" })
    .locator("xpath=ancestor::*[@data-slot='card'][1]");
  await expect(card).toBeVisible();
  const downloading = page.waitForEvent("download");
  await card.getByRole("button", { name: "Export everything" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^velolog-export-\d{4}-\d{2}-\d{2}\.zip$/);
  // The browser downloads it from the server itself (and shows its progress), not from a copy in the page.
  expect(download.url()).toBe(`${baseURL}/api/export`);
  const saved = testInfo.outputPath(download.suggestedFilename());
  await download.saveAs(saved);
  await expect(card.getByRole("status")).toHaveText(
    "Your export is downloading: your browser shows its progress and saves the .zip.",
  );

  // A second account, signed in in the same browser.
  await page.context().clearCookies();
  await signUpThroughApi(page, baseURL!);
  await page.goto("/account");
  const importCard = page
    .getByRole("heading", { name: "Your data" })
    .locator("xpath=ancestor::*[@data-slot='card'][1]");
  await importCard.getByLabel("Export file (.zip)").setInputFiles(saved);
  await importCard.getByRole("button", { name: "Import" }).click();
  const summary = importCard.getByRole("region", { name: "Import result" });
  await expect(summary).toContainText("1 bicycle");
  await expect(summary).toContainText("1 component");
  // The export's preferences replace the account's, and the summary says which changed.
  await expect(importCard).toContainText(
    "Your preferences (distance unit, due soon %, time zone, service emails) become the export's.",
  );
  await expect(summary.getByRole("listitem").filter({ hasText: "Distance unit" })).toHaveText(
    "Distance unit: mi (was km)",
  );

  // Importing it again adds nothing.
  await importCard.getByLabel("Export file (.zip)").setInputFiles(saved);
  await importCard.getByRole("button", { name: "Import" }).click();
  await expect(summary).toContainText("Everything in this export is already in your account.");
  await expect(summary).not.toContainText("Preferences taken from the export");
  // What is already here stays as it is, and the card says so before and after.
  await expect(summary).toContainText("Already in your account (kept as they are)");
  await expect(importCard).toContainText("Anything already in your account is kept as it is, not updated");

  await page.goto("/bicycles");
  await expect(page.getByText("Export bike")).toBeVisible();
});

test("on a phone the import's file picker is the app's Choose file button, reached with the keyboard, and the file it chooses imports", async ({
  page,
  baseURL,
  rider,
}) => {
  expect(rider.email).toBeTruthy();
  await page.setViewportSize({ width: 375, height: 800 });
  await createBicycleThroughApi(page, baseURL!, { name: "Phone bike" });
  const exported = await page.request.get("/api/export");
  expect(exported.ok()).toBe(true);
  const zip = { name: "velolog-export.zip", mimeType: "application/zip", buffer: await exported.body() };

  await page.context().clearCookies();
  await signUpThroughApi(page, baseURL!);
  await page.goto("/account");
  const card = page
    .getByRole("heading", { name: "Your data" })
    .locator("xpath=ancestor::*[@data-slot='card'][1]");
  // The browser's own file input (its "Choose File · No file chosen") is not what shows.
  const input = card.getByLabel("Export file (.zip)");
  expect((await input.boundingBox())?.width ?? 0).toBeLessThanOrEqual(1);
  const choose = card.getByRole("button", { name: "Choose file" });
  await expect(choose).toBeVisible();
  await expect(choose).toHaveAccessibleDescription("Export file (.zip) No file chosen");

  // From the button before it, Tab reaches Choose file (the hidden input is no Tab stop), with a focus ring.
  await card.getByRole("button", { name: "Export everything" }).focus();
  await page.keyboard.press("Tab");
  await expect(choose).toBeFocused();
  expect(await choose.evaluate((element) => getComputedStyle(element).boxShadow)).not.toBe("none");

  const chooser = page.waitForEvent("filechooser");
  await page.keyboard.press("Enter");
  await (await chooser).setFiles(zip);
  await expect(card).toContainText(/velolog-export\.zip \(\d/);
  await expect(choose).toHaveAccessibleDescription(/^Export file \(\.zip\) velolog-export\.zip/);
  await page.keyboard.press("Tab");
  await expect(card.getByRole("button", { name: "Import", exact: true })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(card.getByRole("region", { name: "Import result" })).toContainText("1 bicycle");
  await expect(choose).toHaveAccessibleDescription("Export file (.zip) No file chosen");
});

test.describe("the keyboard and files that are no export", () => {
  // The broken .zip is answered 400, which the browser logs.
  test.use({ allowedConsoleErrors: [/status of 400/] });

  test("with the keyboard, the focus stays on Export everything and Import after they ran, and a file that is no .zip or too big is told so before it is sent", async ({
    page,
    baseURL,
    rider,
  }, testInfo) => {
    expect(rider.email).toBeTruthy();
    await createBicycleThroughApi(page, baseURL!, { name: "Keyboard bike" });
    const sent: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("/api/import/archive")) sent.push(request.method());
    });
    await page.goto("/account");
    const card = page
      .getByRole("heading", { name: "Your data" })
      .locator("xpath=ancestor::*[@data-slot='card'][1]");
    const exportButton = card.getByRole("button", { name: "Export everything" });
    await exportButton.focus();
    const downloading = page.waitForEvent("download");
    await page.keyboard.press("Enter");
    await downloading;
    await expect(card.getByRole("status")).toHaveText(
      "Your export is downloading: your browser shows its progress and saves the .zip.",
    );
    await expect(exportButton).toBeFocused();

    // A ride file chosen by mistake: the card says it is no .zip, and nothing goes to the server.
    await card.getByLabel("Export file (.zip)").setInputFiles({
      name: "morning-ride.gpx",
      mimeType: "application/gpx+xml",
      buffer: Buffer.from('<?xml version="1.0"?><gpx version="1.1"><trk></trk></gpx>'),
    });
    const importButton = card.getByRole("button", { name: "Import", exact: true });
    await importButton.focus();
    await page.keyboard.press("Enter");
    await expect(card.getByRole("alert")).toHaveText(
      "This is not a .zip file. Choose the .zip that “Export everything” made.",
    );
    await expect(importButton).toBeFocused();
    expect(sent).toEqual([]);

    // Past the 300 MB the server takes: told at once, nothing sent (a sparse file: no disk is used).
    const huge = testInfo.outputPath("huge-export.zip");
    await writeFile(huge, "");
    await truncate(huge, 300 * 1024 * 1024 + 1);
    await card.getByLabel("Export file (.zip)").setInputFiles(huge);
    await importButton.focus();
    await page.keyboard.press("Enter");
    await expect(card.getByRole("alert")).toHaveText(
      "The file is too large: an export to import may be at most 300 MB.",
    );
    await expect(importButton).toBeFocused();
    expect(sent).toEqual([]);

    // A .zip that is not an export goes to the server, which says why; the focus is still on Import.
    await card.getByLabel("Export file (.zip)").setInputFiles({
      name: "photos.zip",
      mimeType: "application/zip",
      buffer: Buffer.from("PK\u0003\u0004 cut short"),
    });
    await page.keyboard.press("Enter");
    await expect(card.getByRole("alert")).toHaveText("The .zip could not be read. Nothing was imported.");
    await expect(importButton).toBeFocused();
    expect(sent).toEqual(["POST"]);
  });
});

test.describe("a session that has ended", () => {
  // The check before the download is answered 401, which the browser logs.
  test.use({ allowedConsoleErrors: [/status of 401/] });

  test("Export everything says to sign in again instead of starting a download that fails", async ({
    page,
    rider,
  }) => {
    expect(rider.email).toBeTruthy();
    const downloads: string[] = [];
    page.on("download", (download) => downloads.push(download.suggestedFilename()));
    await page.goto("/account");
    const card = page
      .getByRole("heading", { name: "Your data" })
      .locator("xpath=ancestor::*[@data-slot='card'][1]");
    await expect(card.getByRole("button", { name: "Export everything" })).toBeVisible();
    // Signed out elsewhere: this page does not know yet.
    await page.context().clearCookies();
    await card.getByRole("button", { name: "Export everything" }).click();
    await expect(page.getByText("Please sign in to continue.")).toBeVisible();
    await expect(card.getByRole("status")).toHaveText("");
    expect(downloads).toEqual([]);
  });
});

test("a big import shows how far its upload is, and what it imported when it is done", async ({
  page,
  baseURL,
  rider,
}) => {
  expect(rider.email).toBeTruthy();
  const headers = { Origin: baseURL! };
  const bicycle = await createBicycleThroughApi(page, baseURL!, { name: "Receipt bike" });
  const chain = await createComponentThroughApi(page, baseURL!, {
    bicycleId: bicycle.id,
    name: "Chain",
    type: "Drivetrain",
  });
  // A 2 MB receipt (a scan does not compress): the export is as big.
  const scan = Buffer.concat([
    Buffer.from("%PDF-1.4\n"),
    randomBytes(2 * 1024 * 1024),
    Buffer.from("\n%%EOF\n"),
  ]);
  const uploaded = await page.request.post("/api/files", {
    multipart: { purpose: "receipt", file: { name: "scan.pdf", mimeType: "application/pdf", buffer: scan } },
    headers,
  });
  expect(uploaded.status()).toBe(201);
  const receiptUrl = ((await uploaded.json()) as { file: { url: string } }).file.url;
  const service = await page.request.post(`/api/components/${chain.id}/services`, {
    data: { date: "2025-03-01", description: "New chain", cost: 30, receiptUrl },
    headers,
  });
  expect(service.status()).toBe(201);
  const exported = await page.request.get("/api/export");
  const zip = { name: "velolog-export.zip", mimeType: "application/zip", buffer: await exported.body() };
  expect(zip.buffer.byteLength).toBeGreaterThan(2 * 1024 * 1024);

  await page.context().clearCookies();
  await signUpThroughApi(page, baseURL!);
  await page.goto("/account");
  const card = page
    .getByRole("heading", { name: "Your data" })
    .locator("xpath=ancestor::*[@data-slot='card'][1]");
  await card.getByLabel("Export file (.zip)").setInputFiles(zip);
  // A slow line: 512 KB a second up, so the 2 MB take about 4 s.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: 512 * 1024,
  });
  await card.getByRole("button", { name: "Import", exact: true }).click();
  const bar = card.getByRole("progressbar", { name: "Export upload" });
  await expect(card.getByRole("status").filter({ hasText: "Sending the export…" })).toContainText(
    /Sending the export… .+ of 2\.\d MB$/,
  );
  await expect
    .poll(async () => Number(await bar.getAttribute("aria-valuenow")), { timeout: 10_000 })
    .toBeGreaterThan(10);
  expect(Number(await bar.getAttribute("aria-valuenow"))).toBeLessThan(100);
  await expect(card.getByRole("region", { name: "Import result" })).toContainText("1 photo or receipt", {
    timeout: 20_000,
  });
  await expect(bar).toHaveCount(0);
});

test.describe("an import past the plan's limit", () => {
  // The refusal is answered 409, which the browser logs.
  test.use({ allowedConsoleErrors: [/status of 409/] });

  test("names the bicycles that do not fit, imports nothing, and offers the upgrade", async ({
    page,
    baseURL,
    rider,
  }) => {
    expect(rider.email).toBeTruthy();
    await createBicycleThroughApi(page, baseURL!, { name: "Exported gravel bike" });
    const exported = await page.request.get("/api/export");
    const zip = { name: "velolog-export.zip", mimeType: "application/zip", buffer: await exported.body() };

    // A free account that has its one bicycle already.
    await page.context().clearCookies();
    await signUpThroughApi(page, baseURL!);
    await createBicycleThroughApi(page, baseURL!, { name: "My only bike" });
    await page.goto("/account");
    const card = page
      .getByRole("heading", { name: "Your data" })
      .locator("xpath=ancestor::*[@data-slot='card'][1]");
    await card.getByLabel("Export file (.zip)").setInputFiles(zip);
    await card.getByRole("button", { name: "Import", exact: true }).click();
    const alert = card.getByRole("alert");
    await expect(alert).toContainText(
      "Your plan allows 1 bicycle, so this bicycle does not fit: “Exported gravel bike”. Nothing was imported.",
    );
    await alert.getByRole("link", { name: "Upgrade to Premium" }).click();
    await expect(page).toHaveURL(/\/pricing$/);
    await expect(page.getByText("You are on the Free plan, with 1 of 1 bicycles.")).toBeVisible();
    await page.goto("/bicycles");
    await expect(page.getByText("My only bike")).toBeVisible();
    await expect(page.getByText("Exported gravel bike")).toHaveCount(0);
  });
});
