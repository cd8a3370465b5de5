import { readFile } from "node:fs/promises";
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { parseCsv } from "../src/shared/domain/csv.ts";
import { createBicycleThroughApi, createComponentThroughApi, expect, test } from "./fixtures.ts";
import { shootAsIs } from "./screenshots.ts";

/** WCAG 2.1 A/AA violations inside the open dialog, as a11y.spec.ts counts them. */
async function dialogViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .include('[role="dialog"]')
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .analyze();
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(" | ")}`);
}

async function uploadReceiptThroughApi(page: Page, baseURL: string): Promise<string> {
  const response = await page.request.post("/api/files", {
    multipart: {
      purpose: "receipt",
      file: { name: "receipt.pdf", mimeType: "application/pdf", buffer: Buffer.from("%PDF-1.4\n%%EOF\n") },
    },
    headers: { Origin: baseURL },
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { file: { url: string } }).file.url;
}

/**
 * A spreadsheet's history: its own column names, day-first dates that could be either, a comma and an
 * accent in a note.
 */
const sheet = [
  "Serviced,Part,Notes,Price",
  '03/04/2024,chain,"Cleaned, lubed (Rohloff Öl)",12.50',
  "05/06/2024,Cassette,New cassette,$89.99",
  "",
].join("\r\n");

test.describe("spreadsheets", () => {
  test("download a CSV, import service records through the mapping step, find them in the service log", async ({
    page,
    baseURL,
    rider,
  }) => {
    expect(rider.email).toBeTruthy();
    const bicycle = await createBicycleThroughApi(page, baseURL!, { name: "Road, the fast one" });
    const part = { bicycleId: bicycle.id, type: "Drivetrain", mileage: 0 };
    const chain = (await createComponentThroughApi(page, baseURL!, { ...part, name: "Chain" })).id;
    await createComponentThroughApi(page, baseURL!, { ...part, name: "Cassette" });
    await page.request.post(`/api/components/${chain}/services`, {
      data: { date: "2024-01-10", description: "=Checked wear", cost: 0 },
      headers: { Origin: baseURL! },
    });

    await page.goto("/account");
    const downloads = page.getByRole("list", { name: "CSV downloads", exact: true });
    const download = page.waitForEvent("download");
    await downloads.getByRole("button", { name: "Service entries (CSV)" }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^velolog-services-\d{4}-\d{2}-\d{2}\.csv$/);
    const records = parseCsv(await readFile((await file.path())!, "utf8"));
    expect(records).toEqual([
      ["Date", "Bicycle", "Component", "Description", "Cost (USD)", "Receipt", "Created at"],
      ["2024-01-10", "Road, the fast one", "Chain", "'=Checked wear", "0", "", expect.any(String)],
    ]);

    await page.getByRole("button", { name: "Import service records" }).click();
    const dialog = page.getByRole("dialog", { name: "Import service records" });
    await dialog.getByLabel("CSV file").setInputFiles({
      name: "history.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(sheet),
    });

    // Columns guessed from their names; the dates could be day or month first, so the rider says which.
    await expect(dialog.getByLabel("Date column")).toHaveValue("0");
    await expect(dialog.getByLabel("Component column")).toHaveValue("1");
    await expect(dialog.getByLabel("Description column")).toHaveValue("2");
    await expect(dialog.getByLabel("Cost column")).toHaveValue("3");
    await expect(dialog.getByLabel("Dates are written")).toHaveValue("");
    await expect(dialog.getByRole("button", { name: "Preview" })).toBeDisabled();
    expect(await dialogViolations(page), "the mapping step").toEqual([]);
    await dialog.getByLabel("Dates are written").selectOption("dmy");
    await dialog.getByRole("button", { name: "Preview" }).click();

    await expect(dialog.getByRole("status")).toHaveText("2 new entries.");
    const rows = dialog.getByRole("table", { name: "The rows to import" }).getByRole("row");
    await expect(rows.nth(1)).toContainText("Apr 3, 2024");
    await expect(rows.nth(1)).toContainText("Chain");
    await expect(rows.nth(1)).toContainText("$12.50");
    await expect(rows.nth(2)).toContainText("Jun 5, 2024");
    expect(await dialogViolations(page), "the preview").toEqual([]);
    await dialog.getByRole("button", { name: "Import 2 entries" }).click();
    await expect(page.getByText("2 service entries imported")).toBeVisible();
    await expect(dialog).toBeHidden();

    // The same file again, saved as older Excel saves CSV (Windows-1252): nothing new, and the preview says so.
    await page.getByRole("button", { name: "Import service records" }).click();
    await dialog.getByLabel("CSV file").setInputFiles({
      name: "history.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(sheet, "latin1"),
    });
    await dialog.getByLabel("Dates are written").selectOption("dmy");
    await dialog.getByRole("button", { name: "Preview" }).click();
    await expect(dialog.getByRole("status")).toHaveText("0 new entries, 2 already in your logs (skipped).");
    await expect(dialog.getByRole("button", { name: "Nothing new to import" })).toBeDisabled();
    await page.keyboard.press("Escape");

    await page.goto(`/bicycles/${bicycle.id}/components/${chain}`);
    await expect(page.getByText("Cleaned, lubed (Rohloff Öl)")).toBeVisible();
    await expect(page.getByText("$12.50").first()).toBeVisible();
    await expect(page.getByText("=Checked wear")).toBeVisible();
  });

  test("a service download edited and imported back keeps its receipts, the stored one and the link", async ({
    page,
    baseURL,
    rider,
  }) => {
    expect(rider.email).toBeTruthy();
    const bicycle = await createBicycleThroughApi(page, baseURL!, { name: "Road" });
    const part = { bicycleId: bicycle.id, type: "Drivetrain", mileage: 0 };
    const chain = (await createComponentThroughApi(page, baseURL!, { ...part, name: "Chain" })).id;
    const receipt = await uploadReceiptThroughApi(page, baseURL!);
    const link = "https://shop.example/orders/42";
    for (const data of [
      { date: "2024-05-01", description: "Waxd", cost: 20, receiptUrl: receipt },
      { date: "2024-05-02", description: "Cleand", cost: 0, receiptUrl: link },
    ]) {
      const logged = await page.request.post(`/api/components/${chain}/services`, {
        data,
        headers: { Origin: baseURL! },
      });
      expect(logged.status()).toBe(201);
    }

    await page.goto("/account");
    const download = page.waitForEvent("download");
    await page
      .getByRole("list", { name: "CSV downloads", exact: true })
      .getByRole("button", { name: "Service entries (CSV)" })
      .click();
    const text = await readFile((await (await download).path())!, "utf8");
    expect(parseCsv(text).map((r) => r[5])).toEqual(["Receipt", link, `${baseURL}${receipt}`]);
    // The rider corrects the typos in the spreadsheet.
    const edited = text.replace("Waxd", "Waxed").replace("Cleand", "Cleaned");

    await page.getByRole("button", { name: "Import service records" }).click();
    const dialog = page.getByRole("dialog", { name: "Import service records" });
    await dialog.getByLabel("CSV file").setInputFiles({
      name: "services.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(edited),
    });
    await expect(dialog.getByLabel("Receipt column")).toHaveValue("5");
    await expect(dialog.getByText(`First row: “${link}”`)).toBeVisible();
    expect(await dialogViolations(page), "the mapping step").toEqual([]);
    await shootAsIs(page, "import-mapping", { element: dialog, inView: dialog.getByLabel("Receipt column") });
    await dialog.getByRole("button", { name: "Preview" }).click();
    await expect(dialog.getByRole("status")).toHaveText("2 new entries.");
    const table = dialog.getByRole("table", { name: "The rows to import" });
    await expect(table.getByText("With receipt").filter({ visible: true })).toHaveCount(2);
    await shootAsIs(page, "import-preview", { element: dialog });
    await dialog.getByRole("button", { name: "Import 2 entries" }).click();
    await expect(page.getByText("2 service entries imported")).toBeVisible();

    await page.goto(`/bicycles/${bicycle.id}/components/${chain}`);
    const rowOf = (description: string) => page.getByRole("row").filter({ hasText: description });
    await expect(rowOf("Waxed").getByRole("link", { name: "Receipt" })).toHaveAttribute("href", receipt);
    await expect(rowOf("Cleaned").getByRole("link", { name: "Receipt" })).toHaveAttribute("href", link);
    // The stored receipt opens as the same file.
    const opened = await page.request.get(receipt);
    expect(opened.status()).toBe(200);
    expect((await opened.body()).toString()).toBe("%PDF-1.4\n%%EOF\n");
  });

  test("files as riders have them: an empty one, a header only, and German Excel's sep=; with semicolons", async ({
    page,
    baseURL,
    rider,
  }) => {
    expect(rider.email).toBeTruthy();
    const bicycle = await createBicycleThroughApi(page, baseURL!, { name: "Stadtrad" });
    const chain = (
      await createComponentThroughApi(page, baseURL!, {
        bicycleId: bicycle.id,
        type: "Drivetrain",
        mileage: 0,
        name: "Kette",
      })
    ).id;
    await page.goto("/account");
    await page.getByRole("button", { name: "Import service records" }).click();
    const dialog = page.getByRole("dialog", { name: "Import service records" });
    const choose = (name: string, buffer: Buffer) =>
      dialog.getByLabel("CSV file").setInputFiles({ name, mimeType: "text/csv", buffer });

    await choose("empty.csv", Buffer.from(""));
    await expect(dialog.getByRole("alert")).toHaveText("The file is empty");
    await choose("header.csv", Buffer.from("Date,Component,Description,Cost\r\n"));
    await expect(dialog.getByRole("alert")).toHaveText("The file has a header but no rows to import");
    // A sheet with its title above the header: the header is found below it, and rows keep their numbers.
    await choose(
      "log.csv",
      Buffer.from("Service log,,\r\n,,\r\nDate,Component,Description\r\n2024-05-01,Kette,Geölt\r\n"),
    );
    await expect(dialog.getByText("1 row found.")).toBeVisible();
    await expect(dialog.getByLabel("Date column")).toHaveValue("0");
    await expect(dialog.getByLabel("Description column")).toHaveValue("2");
    await dialog.getByRole("button", { name: "Choose another file" }).click();

    // Excel's "CSV UTF-8" with the sep=; line some tools add for it, day-first dates and decimal commas.
    const excel = [
      "sep=;",
      "Date;Component;Description;Cost",
      '31.05.2024;Kette;"Gewachst; neu\r\nzweite Zeile";12,50',
      "01.06.2024;Kette;Gereinigt;0",
      "01.06.2024;Kette;Gereinigt;0",
      ";;Summe;12,50",
      "",
    ].join("\r\n");
    await choose("wartung.csv", Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(excel)]));
    await expect(dialog.getByText("4 rows found.")).toBeVisible();
    await expect(dialog.getByLabel("Date column")).toHaveValue("0");
    await expect(dialog.getByLabel("Component column")).toHaveValue("1");
    await expect(dialog.getByLabel("Dates are written")).toHaveValue("dmy");
    await dialog.getByRole("button", { name: "Preview" }).click();
    // A row copied twice in the sheet is skipped, and said to be repeated, not "already in your logs".
    // The sheet's total under the rows is no service: left out, and said so, rather than refused as a row.
    await expect(dialog.getByRole("status")).toHaveText(
      "2 new entries, 1 repeated in the file (skipped), 1 row without a date or component (a total, a note) left out.",
    );
    const table = dialog.getByRole("table", { name: "The rows to import" });
    await expect(table.getByRole("row").nth(3)).toContainText("Repeated");
    await dialog.getByRole("button", { name: "Import 2 entries" }).click();
    await expect(
      page.getByText("2 service entries imported; 1 row already logged or repeated in the file skipped"),
    ).toBeVisible();

    await page.goto(`/bicycles/${bicycle.id}/components/${chain}`);
    await expect(page.getByText("Gewachst; neu")).toBeVisible();
    await expect(page.getByText("$12.50").first()).toBeVisible();
    await expect(page.getByRole("cell", { name: "May 31, 2024" })).toBeVisible();
  });

  test("with the keyboard, each step of the import puts the focus on what comes next", async ({
    page,
    baseURL,
    rider,
  }) => {
    expect(rider.email).toBeTruthy();
    const bicycle = await createBicycleThroughApi(page, baseURL!, { name: "Road" });
    await createComponentThroughApi(page, baseURL!, {
      bicycleId: bicycle.id,
      type: "Drivetrain",
      mileage: 0,
      name: "Chain",
    });
    await page.goto("/account");
    await page.getByRole("button", { name: "Import service records" }).click();
    const dialog = page.getByRole("dialog", { name: "Import service records" });
    await dialog.getByLabel("CSV file").setInputFiles({
      name: "history.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(sheet),
    });
    // The file read: the first column to map.
    await expect(dialog.getByLabel("Date column")).toBeFocused();
    await dialog.getByLabel("Dates are written").selectOption("dmy");
    await dialog.getByRole("button", { name: "Preview" }).focus();
    await page.keyboard.press("Enter");
    // Checked: the summary of what would be imported.
    const summary = dialog.getByRole("status");
    await expect(summary).toBeFocused();
    await dialog.getByRole("button", { name: "Back to columns" }).focus();
    await page.keyboard.press("Enter");
    await expect(dialog.getByLabel("Date column")).toBeFocused();
    await dialog.getByRole("button", { name: "Choose another file" }).focus();
    await page.keyboard.press("Enter");
    await expect(dialog.getByRole("button", { name: "Choose CSV file" })).toBeFocused();
  });

  test("on a phone the preview shows each row's cost and status without scrolling sideways", async ({
    page,
    baseURL,
    rider,
  }) => {
    expect(rider.email).toBeTruthy();
    await page.setViewportSize({ width: 375, height: 667 });
    const bicycle = await createBicycleThroughApi(page, baseURL!, { name: "Commuter" });
    await createComponentThroughApi(page, baseURL!, {
      bicycleId: bicycle.id,
      type: "Drivetrain",
      name: "Chain",
    });
    await page.goto("/account");
    await page.getByRole("button", { name: "Import service records" }).click();
    const dialog = page.getByRole("dialog", { name: "Import service records" });
    await dialog.getByLabel("CSV file").setInputFiles({
      name: "log.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(
        "Date,Component,Description,Cost\r\n2024-04-03,Chain,Cleaned and waxed the chain after a wet ride,12.50\r\n",
      ),
    });
    await dialog.getByRole("button", { name: "Preview" }).click();
    const row = dialog.getByRole("table", { name: "The rows to import" }).getByRole("row").nth(1);
    await expect(row).toContainText("Cleaned and waxed");
    const preview = dialog.getByTestId("import-preview");
    expect(await preview.evaluate((box) => box.scrollWidth - box.clientWidth)).toBeLessThanOrEqual(0);
    await expect(row.getByRole("cell", { name: "$12.50" })).toBeInViewport({ ratio: 0.9 });
    await expect(row.getByRole("cell", { name: "New" })).toBeInViewport({ ratio: 0.9 });
  });

  test("the delete-account dialog offers the downloads before the confirmation", async ({ page, rider }) => {
    expect(rider.email).toBeTruthy();
    await page.goto("/account");
    await page.getByRole("button", { name: "Delete my account" }).click();
    const dialog = page.getByRole("dialog", { name: "Delete your account?" });
    const first = dialog.getByRole("region", { name: "Download your data first" });
    for (const [name, filename] of [
      ["Download all my data (.zip)", /^velolog-export-\d{4}-\d{2}-\d{2}\.zip$/],
      ["Rides (CSV)", /^velolog-rides-\d{4}-\d{2}-\d{2}\.csv$/],
    ] as const) {
      const download = page.waitForEvent("download");
      await first.getByRole("button", { name }).click();
      expect((await download).suggestedFilename()).toMatch(filename);
    }
    await expect(dialog).toBeVisible();
    expect(await dialogViolations(page)).toEqual([]);
  });
});

test.describe("a session that has ended", () => {
  // The check before each download is answered 401, which the browser logs.
  test.use({ allowedConsoleErrors: [/status of 401/] });

  test("the CSV downloads say to sign in again instead of starting a download that fails", async ({
    page,
    baseURL,
    rider,
  }) => {
    expect(rider.email).toBeTruthy();
    const downloads: string[] = [];
    page.on("download", (download) => downloads.push(download.suggestedFilename()));
    await page.goto("/account");
    const list = page.getByRole("list", { name: "CSV downloads", exact: true });
    await expect(list.getByRole("button", { name: "Bicycles (CSV)" })).toBeVisible();
    // Signed out in another tab of this browser (the session is gone on the server): this page does not know yet.
    const other = await page.context().newPage();
    const signedOut = await other.request.post("/api/auth/sign-out", {
      data: {},
      headers: { Origin: baseURL! },
    });
    expect(signedOut.status()).toBe(200);
    await other.close();
    for (const name of ["Bicycles (CSV)", "Rides (CSV)"]) {
      await list.getByRole("button", { name }).click();
      await expect(page.getByText("Please sign in to continue.").first()).toBeVisible();
    }
    expect(downloads).toEqual([]);
  });

  test("the delete-account dialog's downloads say so too", async ({ page, rider }) => {
    expect(rider.email).toBeTruthy();
    const downloads: string[] = [];
    page.on("download", (download) => downloads.push(download.suggestedFilename()));
    await page.goto("/account");
    await page.getByRole("button", { name: "Delete my account" }).click();
    const first = page
      .getByRole("dialog", { name: "Delete your account?" })
      .getByRole("region", { name: "Download your data first" });
    await expect(first.getByRole("button", { name: "Components (CSV)" })).toBeVisible();
    await page.context().clearCookies();
    await first.getByRole("button", { name: "Download all my data (.zip)" }).click();
    await expect(page.getByText("Please sign in to continue.").first()).toBeVisible();
    await first.getByRole("button", { name: "Components (CSV)" }).click();
    await expect(page.getByText("Please sign in to continue.").first()).toBeVisible();
    expect(downloads).toEqual([]);
  });
});
