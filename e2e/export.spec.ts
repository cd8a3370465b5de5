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

  await page.goto("/account");
  const card = page
    .getByRole("heading", { name: "Your data" })
    .locator("xpath=ancestor::*[@data-slot='card'][1]");
  await expect(card).toBeVisible();
  const downloading = page.waitForEvent("download");
  await card.getByRole("button", { name: "Export everything" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^velolog-export-\d{4}-\d{2}-\d{2}\.zip$/);
  const saved = testInfo.outputPath(download.suggestedFilename());
  await download.saveAs(saved);
  await expect(card.getByRole("status")).toContainText("Your export was downloaded");

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

  // Importing it again adds nothing.
  await importCard.getByLabel("Export file (.zip)").setInputFiles(saved);
  await importCard.getByRole("button", { name: "Import" }).click();
  await expect(summary).toContainText("Everything in this export is already in your account.");
  // What is already here stays as it is, and the card says so before and after.
  await expect(summary).toContainText("Already in your account (kept as they are)");
  await expect(importCard).toContainText("Anything already in your account is kept as it is, not updated");

  await page.goto("/bicycles");
  await expect(page.getByText("Export bike")).toBeVisible();
});
