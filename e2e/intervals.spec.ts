import { formatDate } from "../src/shared/format.ts";
import {
  createBicycleThroughApi,
  createComponentThroughApi,
  createIntervalThroughApi,
  createRideThroughApi,
  expect,
  holdBack,
  test,
} from "./fixtures.ts";
import { shoot, shootAsIs } from "./screenshots.ts";

test("an interval: add it, ride past it, see it due on the dashboard, record a service that resets it", async ({
  page,
  baseURL,
  rider,
}) => {
  expect(rider.email).toBeTruthy();
  const bicycle = await createBicycleThroughApi(page, baseURL!, { name: "Road" });
  const installedAt = new Date(Date.now() - 20 * 86_400_000).toISOString().slice(0, 10);
  const chain = await createComponentThroughApi(page, baseURL!, {
    bicycleId: bicycle.id,
    name: "KMC chain",
    type: "Drivetrain",
    installedAt,
  });

  // Nothing set yet: the dashboard offers the suggested intervals.
  await page.goto("/dashboard");
  const due = page.getByRole("region", { name: "Due" }).or(page.locator("[aria-labelledby=due-title]"));
  await expect(due.getByRole("button", { name: "Apply suggested intervals to Road" })).toBeEnabled();

  // Add an interval on the component page; bad input is named and nothing is stored.
  await page.goto(`/bicycles/${bicycle.id}/components/${chain.id}`);
  await page.getByRole("button", { name: "Add Interval" }).click();
  const form = page.getByRole("form", { name: "Add Interval" });
  await form.getByRole("button", { name: "Add Interval" }).click();
  await expect(form.getByText("Label is required")).toBeVisible();
  await form.getByLabel("Label").fill("Replace chain");
  await form.getByRole("button", { name: "Add Interval" }).click();
  await expect(form.getByText("Set a distance, hours or months")).toBeVisible();
  await form.getByLabel("Every (km)").fill("1000");
  await form.getByRole("button", { name: "Add Interval" }).click();
  await expect(page.getByText("Interval added")).toBeVisible();
  const intervals = page.getByRole("list", { name: "Service intervals" });
  await expect(intervals).toContainText("0 km of 1,000 km · 1,000 km left");
  await expect(intervals).toContainText("OK");

  // Ride past it.
  for (const distanceKm of [600, 450]) {
    await createRideThroughApi(page, baseURL!, bicycle.id, {
      name: "Long day",
      startedAt: new Date(Date.now() - 5 * 86_400_000).toISOString(),
      distanceKm,
      movingSeconds: 4 * 3600,
    });
  }

  await page.goto("/dashboard");
  const dueList = page.getByRole("list", { name: "Due intervals" });
  await expect(dueList.getByRole("listitem")).toHaveCount(1);
  await expect(dueList).toContainText("Overdue");
  await expect(dueList).toContainText("1,050 km of 1,000 km · 50 km over");
  await shoot(page, "due-card");
  await dueList.getByRole("link", { name: "KMC chain: Replace chain" }).click();
  await expect(page).toHaveURL(new RegExp(`/components/${chain.id}$`));
  await expect(intervals).toContainText("Overdue");
  await shoot(page, "component");

  // Record the service: its only interval is ticked by default.
  await page.getByRole("button", { name: "Add Service" }).click();
  const service = page.getByRole("form", { name: "Add Service Entry" });
  await expect(service.getByRole("checkbox", { name: "Replace chain" })).toBeChecked();
  await service.getByLabel("Description").fill("New chain");
  await service.getByLabel("Cost ($)").fill("35");
  await service.getByRole("button", { name: "Add Service Entry" }).click();
  await expect(intervals).toContainText("0 km of 1,000 km · 1,000 km left");
  await expect(intervals).toContainText("OK");
  await expect(intervals).toContainText(`Every 1,000 km · last serviced ${formatDate(new Date())}`);
  // When it comes due again, at the bicycle's 1,050 km of the last 90 days: in ceil(1,000 / 11.67) = 86 days.
  const expected = formatDate(new Date(Date.now() + 86 * 86_400_000));
  await expect(intervals).toContainText(`Expected due ${expected} at your last 90 days' pace`);
  // Deleting the entry would undo the reset: the question says so, and Cancel keeps it.
  await page.getByRole("button", { name: "Delete service entry New chain" }).click();
  const question = page.getByRole("alertdialog", { name: "Delete this service entry?" });
  await expect(question).toContainText(
    "It reset Replace chain: that interval counts again from the service before it, or from the part's installation.",
  );
  await shootAsIs(page, "delete-entry-that-reset", { element: question });
  await question.getByRole("button", { name: "Cancel" }).click();
  await expect(intervals).toContainText("OK");

  await page.goto("/dashboard");
  await expect(page.getByText("Nothing is due. The one interval is fine.")).toBeVisible();
});

test("a service form opened while the intervals still load ticks the only interval once they arrive", async ({
  page,
  baseURL,
  rider,
}) => {
  expect(rider.email).toBeTruthy();
  const bicycle = await createBicycleThroughApi(page, baseURL!, { name: "Road" });
  const chain = await createComponentThroughApi(page, baseURL!, {
    bicycleId: bicycle.id,
    name: "KMC chain",
    type: "Drivetrain",
  });
  await createIntervalThroughApi(page, baseURL!, chain.id, { label: "Replace chain", everyKm: 3000 });

  const release = await holdBack(page, `**/api/components/${chain.id}/intervals`);
  await page.goto(`/bicycles/${bicycle.id}/components/${chain.id}`);
  const formCode = page.waitForResponse(/\/assets\/service-form-[^/]+\.js$/);
  await page.getByRole("button", { name: "Add Service" }).click();
  await formCode;
  // The form's code is in and has had two frames to draw: the form still waits for the intervals.
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  await expect(page.getByRole("status").filter({ hasText: "Loading form..." })).toBeAttached();
  release();
  const service = page.getByRole("form", { name: "Add Service Entry" });
  await expect(service.getByRole("checkbox", { name: "Replace chain" })).toBeChecked();
});

test("a miles rider: the Due card, the interval form and its messages speak miles", async ({
  page,
  baseURL,
  rider,
}) => {
  expect(rider.email).toBeTruthy();
  const headers = { Origin: baseURL! };
  const unit = await page.request.put("/api/settings", { data: { distanceUnit: "mi" }, headers });
  expect(unit.status()).toBe(200);
  const bicycle = await createBicycleThroughApi(page, baseURL!, { name: "Road" });
  const installedAt = new Date(Date.now() - 20 * 86_400_000).toISOString().slice(0, 10);
  const chain = await createComponentThroughApi(page, baseURL!, {
    bicycleId: bicycle.id,
    name: "KMC chain",
    type: "Drivetrain",
    installedAt,
  });

  // Nothing set yet: the suggestion is named in miles (3,000 km).
  await page.goto("/dashboard");
  const due = page.locator("[aria-labelledby=due-title]");
  await expect(due).toContainText("chain every 1,864.1 mi");
  await expect(due).not.toContainText("km");
  await shoot(page, "due-card-empty-miles");

  // The form checks miles against limits in miles: no km figure, and nothing sent that the server refuses.
  await page.goto(`/bicycles/${bicycle.id}/components/${chain.id}`);
  await page.getByRole("button", { name: "Add Interval" }).click();
  const form = page.getByRole("form", { name: "Add Interval" });
  await form.getByLabel("Label").fill("Replace chain");
  const distance = form.getByLabel("Every (mi)");
  await distance.fill("700000");
  await form.getByRole("button", { name: "Add Interval" }).click();
  await expect(form.getByText("Distance must be at most 621,371.2 mi")).toBeVisible();
  await shootAsIs(page, "interval-form-miles", { element: form });
  await distance.fill("0.02");
  await form.getByRole("button", { name: "Add Interval" }).click();
  await expect(form.getByText("Distance must be at least 0.1 mi")).toBeVisible();
  await distance.fill("1000");
  await form.getByLabel("Every (months)").fill("12");
  await form.getByRole("button", { name: "Add Interval" }).click();
  await expect(page.getByText("Interval added")).toBeVisible();
  const intervals = page.getByRole("list", { name: "Service intervals" });
  await expect(intervals).toContainText("Every 1,000 mi or 12 months");
  await expect(intervals).toContainText("0 mi of 1,000 mi · 1,000 mi left");

  // Ridden past the distance: overdue, with no "Due <date>" a year away beside it.
  await createRideThroughApi(page, baseURL!, bicycle.id, {
    name: "Tour",
    startedAt: new Date(Date.now() - 5 * 86_400_000).toISOString(),
    distanceKm: 1700,
    movingSeconds: 40 * 3600,
  });
  await page.reload();
  await expect(intervals).toContainText("Overdue");
  await expect(intervals).toContainText("1,056.3 mi of 1,000 mi · 56.3 mi over");
  await expect(intervals).not.toContainText(/\bDue [A-Z][a-z]{2} \d/);
  await shoot(page, "component-miles");
});

test("a new part is offered its suggested intervals, and so are imported parts", async ({
  page,
  baseURL,
  rider,
}) => {
  expect(rider.email).toBeTruthy();
  const bicycle = await createBicycleThroughApi(page, baseURL!, { name: "Enduro" });
  await page.goto(`/bicycles/${bicycle.id}`);

  // By hand: the fork's two suggestions appear as its name and type are typed; untick one.
  await page.getByRole("button", { name: "Add Component" }).click();
  const addForm = page.getByRole("form", { name: "Add Component" });
  await expect(addForm.getByRole("group", { name: "Service intervals" })).toHaveCount(0);
  await addForm.getByLabel("Component name").fill("Fox 36 Factory");
  await addForm.getByLabel("Type").selectOption("Fork");
  const suggestions = addForm.getByRole("group", { name: "Service intervals" });
  await expect(suggestions.getByRole("checkbox", { name: "Lower service · Every 50 h" })).toBeChecked();
  await suggestions.getByRole("checkbox", { name: "Full service · Every 200 h" }).click();
  await addForm.getByRole("button", { name: "Add Component" }).click();
  await expect(page.getByText("Component added")).toBeVisible();
  await page.getByRole("link", { name: /Fox 36 Factory/ }).click();
  const intervals = page.getByRole("list", { name: "Service intervals" });
  await expect(intervals.getByRole("heading", { level: 3 })).toHaveText(["Lower service"]);

  // From a spec sheet: the review lists each part's suggestions, added unless unticked.
  await page.goto(`/bicycles/${bicycle.id}`);
  await page.getByRole("button", { name: /Import from Text/ }).click();
  await page.getByLabel("Specification text").fill("Chain: KMC X12\nSaddle: WTB Volt");
  await page.getByRole("button", { name: "Find Components" }).click();
  await expect(page.getByTestId("import-row")).toHaveCount(2);
  await expect(page.getByTestId("import-row").first()).toContainText(
    "Intervals: Replace chain (every 3,000 km)",
  );
  await expect(page.getByRole("checkbox", { name: "Add suggested service intervals" })).toBeChecked();
  await expect(page.getByText("1 of 2 parts have a suggestion")).toBeVisible();
  await page.getByRole("button", { name: "Import Components (2)" }).click();
  await expect(page.getByText("2 components were added to Enduro.")).toBeVisible();
  await page.getByRole("link", { name: /KMC X12/ }).click();
  await expect(intervals).toContainText("Replace chain");
  await expect(intervals).toContainText("Every 3,000 km");
});

test.describe("at 375 px wide", () => {
  test.use({ viewport: { width: 375, height: 800 } });

  test("what is due follows the rider's changes without a reload: the threshold, a deleted bicycle", async ({
    page,
    baseURL,
    rider,
  }) => {
    expect(rider.email).toBeTruthy();
    const bicycle = await createBicycleThroughApi(page, baseURL!, { name: "Road" });
    const installedAt = new Date(Date.now() - 20 * 86_400_000).toISOString().slice(0, 10);
    const chain = await createComponentThroughApi(page, baseURL!, {
      bicycleId: bicycle.id,
      name: "KMC chain",
      type: "Drivetrain",
      installedAt,
    });
    await createIntervalThroughApi(page, baseURL!, chain.id, { label: "Replace chain", everyKm: 1000 });
    await createRideThroughApi(page, baseURL!, bicycle.id, {
      name: "Long day",
      startedAt: new Date().toISOString(),
      distanceKm: 920,
      movingSeconds: 3600,
    });

    // 92% used: due soon at the default 90%.
    await page.goto("/dashboard");
    const tabs = page.getByRole("navigation", { name: "Tabs" });
    const dueList = page.getByRole("list", { name: "Due intervals" });
    await expect(dueList).toContainText("Due soon");
    await expect(tabs.getByRole("link", { name: "Bicycles" })).toContainText("1 due");

    // At 95% it is not due yet: the tab bar and the dashboard say so at once.
    const threshold = page.locator("form").filter({ has: page.getByLabel("Due soon at (% of an interval)") });
    await tabs.getByRole("link", { name: "Account" }).click();
    await page.getByLabel("Due soon at (% of an interval)").fill("95");
    await threshold.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Settings saved")).toBeVisible();
    await expect(tabs.getByRole("link", { name: "Bicycles" })).not.toContainText("due");
    await tabs.getByRole("link", { name: "Dashboard" }).click();
    await expect(page.getByText("Nothing is due. The one interval is fine.")).toBeVisible();

    // Back at 90%, then the bicycle goes, and its part's interval with it.
    await tabs.getByRole("link", { name: "Account" }).click();
    await page.getByLabel("Due soon at (% of an interval)").fill("90");
    await threshold.getByRole("button", { name: "Save" }).click();
    await expect(tabs.getByRole("link", { name: "Bicycles" })).toContainText("1 due");
    await page.goto(`/bicycles/${bicycle.id}`);
    await page.getByRole("button", { name: "More actions" }).click();
    await page.getByRole("menuitem", { name: "Delete" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete Bicycle" }).click();
    await expect(page.getByText("Bicycle deleted.")).toBeVisible();
    await expect(tabs.getByRole("link", { name: "Bicycles" })).not.toContainText("due");
    await tabs.getByRole("link", { name: "Dashboard" }).click();
    await expect(dueList).toHaveCount(0);
    await expect(page.getByText("Replace chain")).toHaveCount(0);
  });

  test("an interval's Edit and Remove stay on its label's line when a long label wraps", async ({
    page,
    baseURL,
    rider,
  }) => {
    expect(rider.email).toBeTruthy();
    const bicycle = await createBicycleThroughApi(page, baseURL!, { name: "Road" });
    const headset = await createComponentThroughApi(page, baseURL!, {
      bicycleId: bicycle.id,
      name: "Headset",
      type: "Other",
    });
    await createIntervalThroughApi(page, baseURL!, headset.id, {
      label: "Clean and grease headset bearings",
      everyMonths: 12,
    });
    await page.goto(`/bicycles/${bicycle.id}/components/${headset.id}`);
    const intervals = page.getByRole("list", { name: "Service intervals" });
    const label = await intervals
      .getByRole("heading", { name: "Clean and grease headset bearings" })
      .boundingBox();
    for (const name of ["Edit", "Remove"]) {
      const button = await intervals
        .getByRole("button", { name: `${name} Clean and grease headset bearings` })
        .boundingBox();
      // Beside the label's first line, not on a row of their own under the label and its badge.
      expect(button!.y, name).toBeLessThan(label!.y + 24);
      expect(button!.x, name).toBeGreaterThan(label!.x + label!.width - 1);
    }
    await shootAsIs(page, "interval-long-label", { element: intervals });
  });
});

test("the bicycle page applies the suggested intervals to its parts that have none, as often as parts are added", async ({
  page,
  baseURL,
  rider,
}) => {
  expect(rider.email).toBeTruthy();
  const bicycle = await createBicycleThroughApi(page, baseURL!, { name: "Trail" });
  const chain = await createComponentThroughApi(page, baseURL!, {
    bicycleId: bicycle.id,
    name: "KMC chain",
    type: "Drivetrain",
  });
  await createIntervalThroughApi(page, baseURL!, chain.id, { label: "Wax chain", everyKm: 500 });
  const fork = await createComponentThroughApi(page, baseURL!, {
    bicycleId: bicycle.id,
    name: "Fox 34",
    type: "Fork",
  });

  // The chain has its own interval already: only the fork gets the suggestions.
  await page.goto(`/bicycles/${bicycle.id}`);
  await page.getByRole("button", { name: "More actions" }).click();
  await page.getByRole("menuitem", { name: "Apply suggested intervals" }).click();
  await expect(page.getByText("2 intervals added")).toBeVisible();
  await page.goto(`/bicycles/${bicycle.id}/components/${fork.id}`);
  const intervals = page.getByRole("list", { name: "Service intervals" });
  await expect(intervals).toContainText("Lower service");
  await expect(intervals).toContainText("Full service");
  await page.goto(`/bicycles/${bicycle.id}/components/${chain.id}`);
  await expect(intervals.getByRole("heading")).toHaveText(["Wax chain"]);

  // A second time, nothing is left to add.
  await page.goto(`/bicycles/${bicycle.id}`);
  await page.getByRole("button", { name: "More actions" }).click();
  await page.getByRole("menuitem", { name: "Apply suggested intervals" }).click();
  await expect(
    page.getByText("Nothing added: each component has intervals already or none to suggest"),
  ).toBeVisible();
});

test("from the keyboard: the interval and service forms and their confirmations keep the focus where the rider is", async ({
  page,
  baseURL,
  rider,
}) => {
  expect(rider.email).toBeTruthy();
  const bicycle = await createBicycleThroughApi(page, baseURL!, { name: "Road" });
  const chain = await createComponentThroughApi(page, baseURL!, {
    bicycleId: bicycle.id,
    name: "KMC chain",
    type: "Drivetrain",
  });
  const headers = { Origin: baseURL! };
  for (const [label, everyKm] of [
    ["Clean chain", 300],
    ["Replace chain", 3000],
  ] as const) {
    await createIntervalThroughApi(page, baseURL!, chain.id, { label, everyKm });
  }
  const today = new Date().toISOString().slice(0, 10);
  for (const description of ["Waxed chain", "New chain"]) {
    const response = await page.request.post(`/api/components/${chain.id}/services`, {
      data: { date: today, description, cost: 10 },
      headers,
    });
    expect(response.status()).toBe(201);
  }
  await page.goto(`/bicycles/${bicycle.id}/components/${chain.id}`);
  const intervals = page.getByRole("list", { name: "Service intervals" });
  await expect(intervals.getByRole("listitem").filter({ has: page.getByRole("heading") })).toHaveCount(2);

  // Add Interval: the keyboard goes on in the form's first field; Cancel gives it back to Add Interval.
  const addInterval = page.getByRole("button", { name: "Add Interval" });
  await addInterval.focus();
  await page.keyboard.press("Enter");
  const newInterval = page.getByRole("form", { name: "Add Interval" });
  await expect(newInterval.getByLabel("Label")).toBeFocused();
  await newInterval.getByRole("button", { name: "Cancel" }).press("Enter");
  await expect(addInterval).toBeFocused();

  // Saved, the same: back on Add Interval. (Typed only once the form has the keyboard: it may still be loading.)
  await page.keyboard.press("Enter");
  await expect(newInterval.getByLabel("Label")).toBeFocused();
  await page.keyboard.type("Check wear");
  await newInterval.getByLabel("Every (months)").fill("2");
  await newInterval.getByLabel("Every (months)").press("Enter");
  await expect(page.getByText("Interval added")).toBeVisible();
  await expect(addInterval).toBeFocused();

  // Edit: the form takes the keyboard; Cancel gives it back to the Edit button.
  const editClean = page.getByRole("button", { name: "Edit Clean chain" });
  await editClean.focus();
  await page.keyboard.press("Enter");
  const update = page.getByRole("form", { name: "Update Interval" });
  await expect(update.getByLabel("Label")).toBeFocused();
  await expect(update.getByLabel("Label")).toHaveValue("Clean chain");
  await update.getByRole("button", { name: "Cancel" }).press("Enter");
  await expect(editClean).toBeFocused();
  // Saved, back on the (renamed) interval's Edit button.
  await page.keyboard.press("Enter");
  await update.getByLabel("Label").fill("Clean and lube chain");
  await update.getByLabel("Label").press("Enter");
  await expect(page.getByText("Interval updated")).toBeVisible();
  await expect(page.getByRole("button", { name: "Edit Clean and lube chain" })).toBeFocused();

  // Remove, then Escape: back on the Remove button, the interval still there.
  const removeReplace = page.getByRole("button", { name: "Remove Replace chain" });
  await removeReplace.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("alertdialog", { name: "Remove Replace chain?" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(removeReplace).toBeFocused();
  // Cancel, the same.
  await page.keyboard.press("Enter");
  await page.getByRole("alertdialog").getByRole("button", { name: "Cancel" }).press("Enter");
  await expect(removeReplace).toBeFocused();
  // Removed: the keyboard goes on from the neighbouring interval's Remove button.
  const remaining = intervals.locator(":scope > li");
  const removedIndex = await remaining.evaluateAll((items) =>
    items.findIndex((item) => item.textContent?.includes("Replace chain")),
  );
  await page.keyboard.press("Enter");
  await page.getByRole("alertdialog").getByRole("button", { name: "Remove Interval" }).press("Enter");
  await expect(page.getByText("Interval removed")).toBeVisible();
  await expect(page.getByRole("button", { name: "Remove Replace chain" })).toHaveCount(0);
  await expect(remaining).toHaveCount(2);
  const neighbour = remaining.nth(Math.min(removedIndex, 1)).getByRole("button", { name: /^Remove / });
  await expect(neighbour).toBeFocused();

  // Service history: Add Service, Cancel, back on Add Service.
  const addService = page.getByRole("button", { name: "Add Service" });
  await addService.focus();
  await page.keyboard.press("Enter");
  const newEntry = page.getByRole("form", { name: "Add Service Entry" });
  await expect(newEntry.getByLabel("Date")).toBeFocused();
  await newEntry.getByRole("button", { name: "Cancel" }).press("Enter");
  await expect(addService).toBeFocused();

  // Edit an entry: the form's date takes the keyboard; Cancel gives it back to the entry's Edit button.
  const editWaxed = page.getByRole("button", { name: "Edit service entry Waxed chain" });
  await editWaxed.focus();
  await page.keyboard.press("Enter");
  const updateEntry = page.getByRole("form", { name: "Update Service Entry" });
  await expect(updateEntry.getByLabel("Date")).toBeFocused();
  await updateEntry.getByRole("button", { name: "Cancel" }).press("Enter");
  await expect(editWaxed).toBeFocused();
  // Saved, the same.
  await page.keyboard.press("Enter");
  await updateEntry.getByLabel("Cost ($)").fill("12");
  await updateEntry.getByRole("button", { name: "Update Service Entry" }).press("Enter");
  await expect(updateEntry).toHaveCount(0);
  await expect(editWaxed).toBeFocused();

  // Delete: Escape and Cancel go back to the Delete button; deleted, to the other entry's.
  const deleteWaxed = page.getByRole("button", { name: "Delete service entry Waxed chain" });
  await deleteWaxed.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("alertdialog", { name: "Delete this service entry?" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(deleteWaxed).toBeFocused();
  await page.keyboard.press("Enter");
  await page.getByRole("alertdialog").getByRole("button", { name: "Cancel" }).press("Enter");
  await expect(deleteWaxed).toBeFocused();
  await page.keyboard.press("Enter");
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete Entry" }).press("Enter");
  await expect(deleteWaxed).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Delete service entry New chain" })).toBeFocused();
});

test("from the keyboard: a suggestion's button, gone once it is applied, leaves the keyboard in its card", async ({
  page,
  baseURL,
  rider,
}) => {
  expect(rider.email).toBeTruthy();
  const bicycle = await createBicycleThroughApi(page, baseURL!, { name: "Road" });
  await createComponentThroughApi(page, baseURL!, {
    bicycleId: bicycle.id,
    name: "KMC chain",
    type: "Drivetrain",
  });

  // The Due card's Apply: the list that replaces it follows the card's title, which has the keyboard.
  await page.goto("/dashboard");
  const apply = page.getByRole("button", { name: "Apply suggested intervals to Road" });
  await apply.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByText("1 interval added")).toBeVisible();
  await expect(apply).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Due", exact: true })).toBeFocused();

  // A part's suggestion chip: once added, the keyboard goes on from Add Interval.
  const spare = await createComponentThroughApi(page, baseURL!, { name: "Spare chain", type: "Drivetrain" });
  await page.goto(`/parts-bin/components/${spare.id}`);
  const chip = page.getByRole("button", { name: "Replace chain (every 3,000 km)" });
  await chip.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByText("Interval added")).toBeVisible();
  await expect(chip).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Add Interval" })).toBeFocused();
});
