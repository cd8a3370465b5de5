import sharp from "sharp";
import {
  createBicycleThroughApi,
  createComponentThroughApi,
  createIntervalThroughApi,
  expect,
  signUpThroughApi,
  test,
} from "./fixtures.ts";

test("add, edit, hit the limit, and delete a bicycle", async ({ page, rider }) => {
  expect(rider.email).toContain("@");
  await page.goto("/bicycles");
  await expect(page.getByRole("heading", { name: "My Bicycles" })).toBeVisible();
  await expect(page.getByText("No bicycles yet. Add your first one!")).toBeVisible();

  await page.getByRole("button", { name: "Add Bicycle" }).click();
  await page.getByRole("button", { name: "Add Bicycle" }).last().click();
  await expect(page.getByText("Please enter a bicycle name")).toBeVisible();

  await page.getByLabel("Name", { exact: true }).fill("Trail Hardtail");
  await page.getByLabel("Description").fill("29er with a 120 mm fork");
  await page.getByLabel("Purchase date").fill("2062-03-14");
  await page.getByRole("button", { name: "Add Bicycle" }).last().click();
  await expect(page.getByText("Purchase date must not be in the future")).toBeVisible();
  await page.getByLabel("Purchase date").fill("2024-03-14");
  await page.getByLabel("Price ($)").fill("1899.99");
  await page.getByLabel("Used").check();
  await page.getByLabel("Store name").fill("Corner Bike Shop");
  await page.getByLabel("Serial number").fill("WTU123456");
  await page.getByLabel("Store website").fill("not a url");
  await page.getByRole("button", { name: "Add Bicycle" }).last().click();
  await expect(page.getByText("Store website must be a valid URL")).toBeVisible();
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue("Trail Hardtail");

  await page.getByLabel("Store website").fill("https://example.com/trail");
  await page.getByRole("button", { name: "Add Bicycle" }).last().click();
  await expect(page.getByText("Bicycle added successfully.")).toBeVisible();
  // Adding leads to the new bicycle's page, with its set-up steps.
  await expect(page.getByRole("heading", { name: "Trail Hardtail", level: 1 })).toBeVisible();
  await expect(page.getByRole("list", { name: "Set-up steps" })).toBeVisible();
  await page.getByRole("link", { name: "Back to Bicycles" }).click();

  const card = page.getByRole("list", { name: "Bicycles" }).getByRole("listitem");
  await expect(card).toHaveCount(1);
  await expect(card).toContainText("Trail Hardtail");
  await expect(card).toContainText("Used");
  await expect(card).toContainText("Mar 2024");
  await expect(card).toContainText("$1,899.99");
  await expect(card).toContainText("0 components");

  // The free plan allows one bicycle: the add form is blocked and the limit is explained.
  await expect(page.getByRole("button", { name: "Add Bicycle" })).toBeDisabled();
  await expect(page.getByText("Bicycle Limit Reached")).toBeVisible();
  await expect(
    page.getByText(
      "You can only have 1 bicycle(s) on your current plan. Upgrade to Premium to track up to 10 bicycles.",
    ),
  ).toBeVisible();
  await expect(page.getByRole("link", { name: "Upgrade to Premium" })).toHaveAttribute("href", "/pricing");

  await card.getByRole("link").click();
  await expect(page.getByRole("heading", { name: "Trail Hardtail", level: 1 })).toBeVisible();
  await expect(page.getByText("No image available")).toBeVisible();
  await expect(page.getByText("Mar 14, 2024")).toBeVisible();
  await expect(page.getByText("Corner Bike Shop")).toBeVisible();

  await page.getByRole("button", { name: "Edit" }).click();
  const dialog = page.getByRole("dialog", { name: "Edit Bicycle" });
  await dialog.getByLabel("Name", { exact: true }).fill("   ");
  await expect(dialog.getByRole("button", { name: "Save" })).toBeDisabled();
  await dialog.getByLabel("Name", { exact: true }).fill("Trail Hardtail XL");
  // An emptied field is cleared (the form sends what changed, an emptied field as null: decision 0057).
  await dialog.getByLabel("Store name").fill("");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Bicycle updated successfully.")).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("heading", { name: "Trail Hardtail XL", level: 1 })).toBeVisible();
  await expect(page.getByText("Corner Bike Shop")).toHaveCount(0);
  await expect(page.getByText("Mar 14, 2024")).toBeVisible();

  // Delete is secondary: it lives in the page's overflow menu.
  await expect(page.getByRole("button", { name: "Delete", exact: true })).toHaveCount(0);
  await page.getByRole("button", { name: "More actions" }).click();
  await page.getByRole("menuitem", { name: "Delete" }).click();
  const confirm = page.getByRole("alertdialog");
  await expect(confirm).toContainText("all of its components and service records");
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByRole("heading", { name: "Trail Hardtail XL", level: 1 })).toBeVisible();

  await page.getByRole("button", { name: "More actions" }).click();
  await page.getByRole("menuitem", { name: "Delete" }).click();
  // It says what goes, and what stays: share links are copies.
  await expect(page.getByRole("alertdialog")).toContainText(
    "Links you shared of it are copies: they stay public until you delete them on Shared Links.",
  );
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete Bicycle" }).click();
  await expect(page.getByText("Bicycle deleted.")).toBeVisible();
  await expect(page).toHaveURL(/\/bicycles$/);
  // The keyboard goes on from the list's page, not from the deleted bicycle's gone menu.
  await expect(page.getByRole("main")).toBeFocused();
  await expect(page.getByText("No bicycles yet. Add your first one!")).toBeVisible();
  await expect(page.getByRole("button", { name: "Add Bicycle" })).toBeEnabled();
});

test.describe("another user's bicycle", () => {
  test.use({ allowedConsoleErrors: [/status of 404/] });
  test("redirects to /bicycles as if it did not exist", async ({ browser, baseURL }) => {
    const ownerPage = await (await browser.newContext()).newPage();
    await signUpThroughApi(ownerPage, baseURL!);
    const bicycle = await createBicycleThroughApi(ownerPage, baseURL!, { name: "Private" });

    const intruderPage = await (await browser.newContext()).newPage();
    await signUpThroughApi(intruderPage, baseURL!);
    await intruderPage.goto(`/bicycles/${bicycle.id}`);
    await expect(intruderPage).toHaveURL(/\/bicycles$/);
    await expect(intruderPage.getByText("Resource Not Found")).toBeVisible();
    await expect(intruderPage.getByText("Private")).toHaveCount(0);
  });
});

test("from the keyboard: the add form and the checklist's photo step keep the focus where the rider is", async ({
  page,
  baseURL,
  rider,
}) => {
  expect(rider.email).toContain("@");

  // Add Bicycle: the keyboard goes on in the form's name; Cancel, or the form's close button, gives it back
  // (also when "Add your first bicycle" opened it, which the form replaces).
  await page.goto("/bicycles");
  const add = page.getByRole("button", { name: "Add Bicycle" });
  // Disabled until the bicycles are read, and a disabled button takes no focus.
  await expect(add).toBeEnabled();
  await add.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByLabel("Name", { exact: true })).toBeFocused();
  await page.getByRole("button", { name: "Cancel" }).press("Enter");
  await expect(add).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByLabel("Name", { exact: true })).toBeFocused();
  await page.getByRole("button", { name: "Close the add form" }).press("Enter");
  await expect(add).toBeFocused();
  await page.getByRole("button", { name: "Add your first bicycle" }).press("Enter");
  await expect(page.getByLabel("Name", { exact: true })).toBeFocused();
  await page.getByRole("button", { name: "Cancel" }).press("Enter");
  await expect(add).toBeFocused();
  const bicycle = await createBicycleThroughApi(page, baseURL!, { name: "Road" });

  // The checklist's "Add a photo": the dialog starts at the photo picker; Escape gives the keyboard back.
  await page.goto(`/bicycles/${bicycle.id}`);
  const checklist = page.getByRole("list", { name: "Set-up steps" });
  const addPhoto = checklist.getByRole("button", { name: "Add a photo" });
  await addPhoto.focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Edit Bicycle" });
  await expect(dialog.getByRole("button", { name: "Choose file" })).toBeFocused();
  // The picker's file input is no invisible Tab stop of its own beside the button.
  await page.keyboard.press("Shift+Tab");
  await expect(page.locator(":focus")).not.toHaveAttribute("type", "file");
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await expect(addPhoto).toBeFocused();

  // Edit itself starts at the name and gives the keyboard back to Edit.
  const edit = page.getByRole("button", { name: "Edit", exact: true });
  await edit.focus();
  await page.keyboard.press("Enter");
  await expect(dialog.getByLabel("Name", { exact: true })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(edit).toBeFocused();

  // A photo added from the checklist ends its step: the keyboard goes on from Edit.
  await addPhoto.focus();
  await page.keyboard.press("Enter");
  const png = await sharp({ create: { width: 400, height: 300, channels: 3, background: "#3366cc" } })
    .png()
    .toBuffer();
  await dialog.getByLabel("Photo", { exact: true }).setInputFiles({
    name: "bike.png",
    mimeType: "image/png",
    buffer: png,
  });
  await expect(dialog.getByText("Uploaded")).toBeVisible();
  await dialog.getByRole("button", { name: "Save" }).press("Enter");
  await expect(page.getByText("Bicycle updated successfully.")).toBeVisible();
  await expect(checklist.getByRole("listitem").filter({ hasText: "Add a photo" })).toContainText("(done)");
  await expect(edit).toBeFocused();
});

test("an edit saves only what the rider changed: another tab's change to other fields stays, an unset condition stays unset", async ({
  page,
  baseURL,
  rider,
}) => {
  expect(rider.email).toBeTruthy();
  const headers = { Origin: baseURL! };
  const bicycle = await createBicycleThroughApi(page, baseURL!, { name: "Gravel", storeName: "Shop A" });
  const component = await createComponentThroughApi(page, baseURL!, {
    name: "Chain",
    type: "Drivetrain",
    brand: "KMC",
    bicycleId: bicycle.id,
  });
  await page.goto(`/bicycles/${bicycle.id}`);
  await page.getByRole("button", { name: "Edit", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Edit Bicycle" });
  await dialog.getByLabel("Description").fill("Mostly gravel");
  // Meanwhile, another tab changes the shop.
  const elsewhere = await page.request.put(`/api/bicycles/${bicycle.id}`, {
    data: { name: "Gravel", storeName: "Shop B" },
    headers,
  });
  expect(elsewhere.ok()).toBe(true);
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog).toBeHidden();
  const saved = (await (await page.request.get(`/api/bicycles/${bicycle.id}`)).json()).bicycle;
  expect(saved).toMatchObject({ description: "Mostly gravel", storeName: "Shop B", purchaseCondition: null });

  await page.getByRole("button", { name: `Actions for ${component.name}` }).click();
  await page.getByRole("menuitem", { name: "Edit" }).click();
  await page.getByLabel("Component name").fill("Chain 12s");
  const brandElsewhere = await page.request.put(`/api/components/${component.id}`, {
    data: { name: "Chain", type: "Drivetrain", brand: "Shimano" },
    headers,
  });
  expect(brandElsewhere.ok()).toBe(true);
  await page.getByRole("button", { name: "Save Component" }).click();
  await expect(page.getByRole("button", { name: "Save Component" })).toBeHidden();
  const part = (await (await page.request.get(`/api/components/${component.id}`)).json()).component;
  expect(part).toMatchObject({ name: "Chain 12s", brand: "Shimano" });

  // A service entry's receipt linked from elsewhere stays when the entry's description is edited here.
  const created = await page.request.post(`/api/components/${component.id}/services`, {
    data: { date: "2026-01-02", description: "New chain", cost: 30 },
    headers,
  });
  const entry = (await created.json()).service;
  await page.goto(`/bicycles/${bicycle.id}/components/${component.id}`);
  await page.getByRole("button", { name: "Edit service entry New chain" }).first().click();
  await page.getByLabel("Description").fill("New chain, waxed");
  const receipt = "https://shop.example/receipts/123.pdf";
  const linked = await page.request.put(`/api/services/${entry.id}`, {
    data: { date: "2026-01-02", description: "New chain", cost: 30, receiptUrl: receipt },
    headers,
  });
  expect(linked.ok()).toBe(true);
  await page.getByRole("button", { name: "Update Service Entry" }).click();
  await expect(page.getByRole("button", { name: "Update Service Entry" })).toBeHidden();
  const log = await (await page.request.get(`/api/components/${component.id}/services`)).json();
  expect(JSON.stringify(log)).toContain(receipt);
  expect(JSON.stringify(log)).toContain("New chain, waxed");

  // An interval renamed here keeps the months another tab added.
  const interval = await createIntervalThroughApi(page, baseURL!, component.id, {
    label: "Wax",
    everyKm: 300,
  });
  await page.reload();
  await page.getByRole("button", { name: "Edit Wax" }).click();
  await page.getByLabel("Label").fill("Wax chain");
  const months = await page.request.put(`/api/intervals/${interval.id}`, {
    data: { label: "Wax", everyMonths: 3 },
    headers,
  });
  expect(months.ok()).toBe(true);
  await page.getByRole("button", { name: "Update Interval" }).click();
  await expect(page.getByRole("button", { name: "Update Interval" })).toBeHidden();
  const intervals = await (await page.request.get(`/api/components/${component.id}/intervals`)).json();
  expect(JSON.stringify(intervals)).toContain('"label":"Wax chain"');
  expect(JSON.stringify(intervals)).toContain('"everyMonths":3');
  expect(JSON.stringify(intervals)).toContain('"everyKm":300');
});

test.describe("another tab", () => {
  test.use({ allowedConsoleErrors: [/status of 404/] });
  test("a bicycle deleted elsewhere: the next save on its open page says so and goes back to the list", async ({
    page,
    baseURL,
    rider,
  }) => {
    expect(rider.email).toBeTruthy();
    const bicycle = await createBicycleThroughApi(page, baseURL!, { name: "Old faithful" });
    await page.goto(`/bicycles/${bicycle.id}`);
    await expect(page.getByRole("heading", { name: "Old faithful", level: 1 })).toBeVisible();
    await page.getByRole("button", { name: "Add Component" }).first().click();
    const addForm = page.getByRole("form", { name: "Add Component" });
    await addForm.getByLabel("Component name").fill("Chain");
    await addForm.getByLabel("Type").selectOption("Drivetrain");

    // Deleted on another device meanwhile.
    const deleted = await page.request.delete(`/api/bicycles/${bicycle.id}`, {
      headers: { Origin: baseURL! },
    });
    expect(deleted.ok()).toBe(true);
    await addForm.getByRole("button", { name: "Add Component" }).click();
    await expect(page).toHaveURL(/\/bicycles$/);
    await expect(page.getByRole("heading", { name: "Old faithful" })).toHaveCount(0);
  });
});
