import {
  createBicycleThroughApi,
  createComponentThroughApi,
  createRideThroughApi,
  expect,
  test,
} from "./fixtures.ts";

test("a component's life: fitted, serviced, moved to the parts bin, assigned back, deleted", async ({
  page,
  baseURL,
  rider,
}) => {
  expect(rider.email).toBeTruthy();
  const bicycle = await createBicycleThroughApi(page, baseURL!, { name: "Gravel Grinder" });
  await page.goto(`/bicycles/${bicycle.id}`);
  await expect(page.getByText("No components added yet.")).toBeVisible();

  // Add a component with the in-page form; the spec's messages guard it.
  await page.getByRole("button", { name: "Add Component" }).click();
  const addForm = page.getByRole("form", { name: "Add Component" });
  await addForm.getByRole("button", { name: "Add Component" }).click();
  await expect(addForm.getByText("Please enter a component name")).toBeVisible();
  await expect(addForm.getByText("Please select a component type")).toBeVisible();
  await addForm.getByLabel("Component name").fill("Shimano CN-M8100 chain");
  await addForm.getByLabel("Type").selectOption("Drivetrain");
  await addForm.getByLabel("Brand").fill("Shimano");
  await addForm.getByLabel("Distance before tracking (km)").fill("1250");
  await addForm.getByLabel("Notes").fill("Waxed every 300 km");
  await addForm.getByRole("button", { name: "Add Component" }).click();
  await expect(page.getByText("Component added")).toBeVisible();
  // Closed, so that the toast, sliding away, cannot pass over the service form's button mid-click.
  await page
    .locator("[data-sonner-toast]", { hasText: "Component added" })
    .getByRole("button", { name: "Close toast" })
    .click();
  await expect(page.getByText("Component added")).toBeHidden();

  const list = page.getByRole("list", { name: "Components" });
  await expect(list.getByRole("listitem")).toHaveCount(1);
  await expect(list).toContainText("Shimano · 1,250 km · 0 services");

  // The component page and its service log.
  await list.getByRole("link", { name: "Shimano CN-M8100 chain" }).click();
  await expect(page.getByRole("heading", { name: "Shimano CN-M8100 chain" })).toBeVisible();
  await expect(page.getByText("No image available")).toBeVisible();
  const details = page.locator("dl").first();
  await expect(details).toContainText("Drivetrain");
  await expect(details).toContainText("1,250 km");
  await expect(page.getByText("Waxed every 300 km")).toBeVisible();

  const entries: [string, string, string][] = [
    ["2024-03-10", "Cleaned and lubed", "0"],
    ["2024-06-02", "Replaced chain", "42.50"],
    ["2023-12-24", "Waxed", "8.25"],
  ];
  for (const [date, description, cost] of entries) {
    await page.getByRole("button", { name: "Add Service" }).click();
    const form = page.getByRole("form", { name: "Add Service Entry" });
    if (description === "Cleaned and lubed") {
      await form.getByLabel("Description").fill("   ");
      await form.getByLabel("Cost ($)").fill("");
      await form.getByRole("button", { name: "Add Service Entry" }).click();
      await expect(form.getByText("Please enter a description")).toBeVisible();
      await expect(form.getByText("Please enter a cost")).toBeVisible();
    }
    await form.getByLabel("Date").fill(date);
    await form.getByLabel("Description").fill(description);
    await form.getByLabel("Cost ($)").fill(cost);
    await form.getByRole("button", { name: "Add Service Entry" }).click();
    await expect(form).toBeHidden();
  }
  const rows = page.locator("tbody tr");
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(0)).toContainText("Jun 2, 2024");
  await expect(rows.nth(0)).toContainText("Replaced chain");
  await expect(rows.nth(0)).toContainText("$42.50");
  await expect(rows.nth(1)).toContainText("Mar 10, 2024");
  await expect(rows.nth(1)).toContainText("$0.00");
  await expect(rows.nth(2)).toContainText("Dec 24, 2023");
  await expect(page.getByTestId("service-total")).toHaveText("$50.75");
  await expect(details).toContainText("3");

  // Edit one entry: it moves to its new place and the total follows.
  await page.getByRole("button", { name: "Edit service entry Waxed" }).click();
  const editForm = page.getByRole("form", { name: "Update Service Entry" });
  await editForm.getByLabel("Date").fill("2024-07-01");
  await editForm.getByLabel("Cost ($)").fill("10");
  await editForm.getByRole("button", { name: "Update Service Entry" }).click();
  await expect(page.getByText("Service entry added or updated successfully.").first()).toBeVisible();
  await expect(rows.nth(0)).toContainText("Jul 1, 2024");
  await expect(rows.nth(0)).toContainText("Waxed");
  await expect(page.getByTestId("service-total")).toHaveText("$52.50");

  // Delete one entry after confirming.
  await page.getByRole("button", { name: "Delete service entry Cleaned and lubed" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete Entry" }).click();
  await expect(rows).toHaveCount(2);
  await expect(page.getByTestId("service-total")).toHaveText("$52.50");

  // Recent Services on the bicycle's page.
  await page.getByRole("link", { name: "Back to Gravel Grinder" }).click();
  await page.getByRole("tab", { name: "Recent Services" }).click();
  const recent = page.getByRole("list", { name: "Recent services" }).getByRole("listitem");
  await expect(recent).toHaveCount(2);
  await expect(recent.first()).toContainText("Waxed");

  // Move it to the parts bin.
  await page.getByRole("tab", { name: "Components" }).click();
  await page.getByRole("button", { name: "Actions for Shimano CN-M8100 chain" }).click();
  await page.getByRole("menuitem", { name: "Move to Parts Bin" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Move to Parts Bin" }).click();
  await expect(page.getByText("Component moved")).toBeVisible();
  await expect(page.getByText("No components added yet.")).toBeVisible();

  // The parts bin: filter by type, then assign it back.
  await page.goto("/parts-bin");
  await page.getByRole("button", { name: "Add Component" }).click();
  const binForm = page.getByRole("form", { name: "Add Component" });
  await binForm.getByLabel("Component name").fill("Spare saddle");
  await binForm.getByLabel("Type").selectOption("Saddle");
  await binForm.getByRole("button", { name: "Add Component" }).click();
  const cards = page.getByRole("list", { name: "Parts bin components" }).getByRole("listitem");
  await expect(cards).toHaveCount(2);
  await expect(cards.first()).toContainText("Spare saddle");

  await page.getByRole("button", { name: "Drivetrain", exact: true }).click();
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText("Shimano CN-M8100 chain");
  await page.getByRole("button", { name: "All Types" }).click();
  await expect(cards).toHaveCount(2);

  await page.getByRole("button", { name: "Actions for Shimano CN-M8100 chain" }).click();
  await page.getByRole("menuitem", { name: "Assign to bicycle" }).click();
  const assign = page.getByRole("dialog", { name: "Assign to bicycle" });
  await assign.getByRole("button", { name: "Assign" }).click();
  await expect(assign.getByText("Please select a bicycle")).toBeVisible();
  await assign.getByLabel("Bicycle").selectOption({ label: "Gravel Grinder" });
  await assign.getByRole("button", { name: "Assign" }).click();
  await expect(page.getByText("Component assigned")).toBeVisible();
  await expect(cards).toHaveCount(1);

  // Back on the bicycle, with its service history; delete it and its entries go too.
  await page.goto(`/bicycles/${bicycle.id}`);
  await expect(list).toContainText("2 services");
  await list.getByRole("link", { name: "Shimano CN-M8100 chain" }).click();
  await page.getByRole("button", { name: "More actions" }).click();
  await page.getByRole("menuitem", { name: "Delete" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete Component" }).click();
  await expect(page.getByText("Component deleted")).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/bicycles/${bicycle.id}$`));
  await expect(page.getByText("No components added yet.")).toBeVisible();
  await page.getByRole("tab", { name: "Recent Services" }).click();
  await expect(page.getByText("No service entries for this bicycle yet.")).toBeVisible();
});

test("the parts bin assigns several parts at once, and a part's page assigns it too", async ({
  page,
  rider,
  baseURL,
}) => {
  expect(rider.email).toBeTruthy();
  const post = async (path: string, data: unknown) => {
    const response = await page.request.post(`/api${path}`, { data, headers: { Origin: baseURL! } });
    expect(response.status()).toBe(201);
    return response.json();
  };
  const { bicycle } = (await post("/bicycles", { name: "Winter bike" })) as { bicycle: { id: string } };
  for (const [name, type] of [
    ["Spiked tyres", "Tires"],
    ["Mudguards", "Other"],
    ["Dynamo lights", "Other"],
  ]) {
    await post("/components", { name, type });
  }

  await page.goto("/parts-bin");
  const cards = page.getByRole("list", { name: "Parts bin components" }).getByRole("listitem");
  await expect(cards).toHaveCount(3);
  await expect(page.getByRole("button", { name: "Assign to…" })).toHaveCount(0);

  // A filter narrows the selection to the parts it shows: nothing hidden is assigned by mistake.
  await page.getByRole("checkbox", { name: "Select all" }).check();
  await expect(page.getByText("3 selected")).toBeVisible();
  await page.getByRole("button", { name: "Tires", exact: true }).click();
  await expect(page.getByText("1 selected")).toBeVisible();
  await page.getByRole("button", { name: "All Types", exact: true }).click();
  await page.getByRole("checkbox", { name: "Select Spiked tyres" }).uncheck();
  await expect(page.getByText("selected")).toHaveCount(0);
  await page.getByRole("checkbox", { name: "Select Spiked tyres" }).check();
  await page.getByRole("checkbox", { name: "Select Mudguards" }).check();
  await expect(page.getByText("2 selected")).toBeVisible();
  await page.getByRole("button", { name: "Assign to…" }).click();
  const dialog = page.getByRole("dialog", { name: "Assign 2 components" });
  await expect(dialog).toContainText("Spiked tyres");
  await expect(dialog).toContainText("Mudguards");
  await dialog.getByRole("button", { name: "Assign" }).click();
  await expect(dialog.getByText("Please select a bicycle")).toBeVisible();
  await dialog.getByLabel("Bicycle").selectOption({ label: "Winter bike" });
  await dialog.getByRole("button", { name: "Assign" }).click();
  await expect(page.getByText("2 components assigned to Winter bike.")).toBeVisible();
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText("Dynamo lights");
  await expect(page.getByText("2 selected")).toHaveCount(0);

  // Select all, then the last part from its own page.
  await page.getByRole("checkbox", { name: "Select all" }).check();
  await expect(page.getByRole("checkbox", { name: "Select Dynamo lights" })).toBeChecked();
  await cards.first().getByRole("link", { name: "Dynamo lights" }).click();
  await expect(page.getByText("From your Parts Bin")).toBeVisible();
  await page.getByRole("button", { name: "Assign to bicycle" }).click();
  const single = page.getByRole("dialog", { name: "Assign to bicycle" });
  await single.getByLabel("Bicycle").selectOption({ label: "Winter bike" });
  await single.getByRole("button", { name: "Assign" }).click();
  await expect(page.getByText("Component assigned")).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/bicycles/${bicycle.id}/components/[0-9a-f-]{36}$`));
  await expect(page.getByRole("link", { name: "Back to Winter bike" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Assign to bicycle" })).toHaveCount(0);

  await page.goto(`/bicycles/${bicycle.id}`);
  await expect(page.getByRole("list", { name: "Components" }).getByRole("listitem")).toHaveCount(3);
  await page.goto("/parts-bin");
  await expect(page.getByText("No components in your parts bin.")).toBeVisible();
});

test.describe("the install date of a part added onto a bicycle", () => {
  test("a past date wears the part from that day; a future date is refused", async ({
    page,
    baseURL,
    rider,
  }) => {
    expect(rider.email).toBeTruthy();
    const localDay = (daysFromToday: number) => {
      const d = new Date(Date.now() + daysFromToday * 86_400_000);
      return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
    };
    const bicycle = await createBicycleThroughApi(page, baseURL!, { name: "Commuter" });
    await createRideThroughApi(page, baseURL!, bicycle.id, {
      name: "To work",
      startedAt: new Date(Date.now() - 20 * 86_400_000).toISOString(),
      distanceKm: 42.5,
      movingSeconds: 2 * 3600,
    });

    await page.goto(`/bicycles/${bicycle.id}`);
    await page.getByRole("button", { name: "Add Component" }).click();
    const addForm = page.getByRole("form", { name: "Add Component" });
    const installedOn = addForm.getByLabel("Installed on");
    const hint = "When it was fitted: rides on this bicycle from that day count towards its wear.";
    await expect(installedOn).toHaveValue(localDay(0));
    await expect(installedOn).toHaveAttribute("max", localDay(0));
    await expect(installedOn).toHaveAccessibleDescription(hint);
    await addForm.getByLabel("Component name").fill("KMC X11 chain");
    await addForm.getByLabel("Type").selectOption("Drivetrain");
    await addForm.getByLabel("Brand").fill("KMC");

    // A date in the future: the API's message beside the field, and nothing stored.
    await installedOn.fill(localDay(10));
    await addForm.getByRole("button", { name: "Add Component" }).click();
    const refused = "Installed on must be a date that is not in the future";
    await expect(addForm.getByText(refused)).toBeVisible();
    await expect(installedOn).toHaveAttribute("aria-invalid", "true");
    await expect(installedOn).toHaveAccessibleDescription(refused);
    const stored = await page.request.get(`/api/bicycles/${bicycle.id}/components`);
    expect(((await stored.json()) as { components: unknown[] }).components).toHaveLength(0);

    // Fitted 30 days ago: the ride 20 days ago counts.
    await installedOn.fill(localDay(-30));
    await addForm.getByRole("button", { name: "Add Component" }).click();
    await expect(page.getByText("Component added")).toBeVisible();
    await expect(addForm).toBeHidden();
    const list = page.getByRole("list", { name: "Components" });
    await expect(list.getByRole("listitem")).toHaveCount(1);
    await expect(list).toContainText("KMC · 42.5 km · 2 h");

    // Editing a part, or adding one to the parts bin, does not ask.
    await list.getByRole("link", { name: "KMC X11 chain" }).click();
    await page.getByRole("button", { name: "Edit Component" }).click();
    await expect(page.getByRole("form", { name: "Save Component" })).toBeVisible();
    await expect(page.getByLabel("Installed on")).toHaveCount(0);
    // The keyboard goes into the form, and back to Edit Component when it closes.
    await expect(page.getByLabel("Component name")).toBeFocused();
    await page.getByRole("button", { name: "Cancel" }).click();
    await expect(page.getByRole("button", { name: "Edit Component" })).toBeFocused();
    await page.goto("/parts-bin");
    await page.getByRole("button", { name: "Add Component" }).click();
    await expect(page.getByRole("form", { name: "Add Component" })).toBeVisible();
    await expect(page.getByLabel("Installed on")).toHaveCount(0);
  });
});

test.describe("the install date left at today", () => {
  test("a ride logged just after adding the parts, by hand or from a spec sheet, wears them", async ({
    page,
    baseURL,
    rider,
  }) => {
    expect(rider.email).toBeTruthy();
    const bicycle = await createBicycleThroughApi(page, baseURL!, { name: "Commuter" });
    await page.goto(`/bicycles/${bicycle.id}`);
    await page.getByRole("button", { name: "Add Component" }).click();
    const addForm = page.getByRole("form", { name: "Add Component" });
    await addForm.getByLabel("Component name").fill("KMC X11 chain");
    await addForm.getByLabel("Type").selectOption("Drivetrain");
    await addForm.getByRole("button", { name: "Add Component" }).click();
    await expect(addForm).toBeHidden();
    await page.getByRole("button", { name: /Import from Text/ }).click();
    await page.getByLabel("Specification text").fill("Tires: Maxxis Rekon 29x2.4");
    await page.getByRole("button", { name: "Find Components" }).click();
    await page.getByRole("button", { name: "Import Components (1)" }).click();
    await expect(page.getByText("1 component was added to Commuter.")).toBeVisible();

    // The ride form starts at the current minute, which is before the parts were saved, seconds ago.
    await page.getByRole("tab", { name: "Rides" }).click();
    await page.getByRole("button", { name: "Add Ride" }).click();
    const ride = page.getByRole("form", { name: "Add Ride" });
    await ride.getByLabel("Name").fill("Home from the shop");
    await ride.getByLabel("Distance (km)").fill("40");
    await ride.getByLabel("Hours").fill("1");
    await ride.getByRole("button", { name: "Add Ride" }).click();
    await expect(page.getByText("Ride added")).toBeVisible();

    await page.getByRole("tab", { name: "Components" }).click();
    const list = page.getByRole("list", { name: "Components" }).getByRole("listitem");
    await expect(list.filter({ hasText: "KMC X11 chain" })).toContainText("40 km · 1 h");
    await expect(list.filter({ hasText: "Maxxis Rekon" })).toContainText("40 km · 1 h");
  });
});

test("from the keyboard: a part's menu, its confirmation and its form keep the focus where the rider is", async ({
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
  await page.goto(`/bicycles/${bicycle.id}`);
  const actions = page.getByRole("button", { name: "Actions for KMC chain" });

  // Delete, then Cancel with Escape: back on the part's Actions button, and the part is still there.
  await actions.focus();
  await page.keyboard.press("Enter");
  await page.getByRole("menuitem", { name: "Delete" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("alertdialog")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(actions).toBeFocused();

  // Edit: the form opens with the keyboard in its first field; Cancel leads back to Add Component.
  await page.keyboard.press("Enter");
  await page.getByRole("menuitem", { name: "Edit" }).focus();
  await page.keyboard.press("Enter");
  const name = page.getByRole("form", { name: "Save Component" }).getByLabel("Component name");
  await expect(name).toBeFocused();
  await page.getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByRole("button", { name: "Add Component" })).toBeFocused();
});

test("from the keyboard: a part deleted, moved or assigned away hands the focus to the next part's menu, the last to Add Component", async ({
  page,
  baseURL,
  rider,
}) => {
  expect(rider.email).toBeTruthy();
  const bicycle = await createBicycleThroughApi(page, baseURL!, { name: "Road" });
  for (const [name, type] of [
    ["KMC chain", "Drivetrain"],
    ["Front tire", "Tires"],
    ["Rear tire", "Tires"],
  ]) {
    await createComponentThroughApi(page, baseURL!, { bicycleId: bicycle.id, name, type });
  }
  await page.goto(`/bicycles/${bicycle.id}`);
  const menus = page.getByRole("list", { name: "Components" }).getByRole("button", { name: /^Actions for / });
  await expect(menus).toHaveCount(3);
  const order = await menus.evaluateAll((buttons) => buttons.map((b) => b.getAttribute("aria-label")!));
  const choose = async (menu: string, item: string, confirm: string) => {
    await page.getByRole("button", { name: menu }).focus();
    await page.keyboard.press("Enter");
    await page.getByRole("menuitem", { name: item }).focus();
    await page.keyboard.press("Enter");
    await page.getByRole("alertdialog").getByRole("button", { name: confirm }).press("Enter");
    await expect(page.getByRole("alertdialog")).toHaveCount(0);
  };

  // The first deleted: the next part's menu button has the keyboard, not the page's top.
  await choose(order[0]!, "Delete", "Delete Component");
  await expect(menus).toHaveCount(2);
  await expect(page.getByRole("button", { name: order[1] })).toBeFocused();
  // The last moved to the parts bin: the one before it.
  await choose(order[2]!, "Move to Parts Bin", "Move to Parts Bin");
  await expect(menus).toHaveCount(1);
  await expect(page.getByRole("button", { name: order[1] })).toBeFocused();
  // The only one left moved too: Add Component.
  await choose(order[1]!, "Move to Parts Bin", "Move to Parts Bin");
  await expect(page.getByText("No components added yet.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Add Component" })).toBeFocused();

  // In the parts bin (the two moved parts and a spare), assigning works the same way.
  await createComponentThroughApi(page, baseURL!, { bicycleId: null, name: "Spare saddle", type: "Saddle" });
  await page.goto("/parts-bin");
  const cards = page.getByRole("list", { name: "Parts bin components" });
  const binMenus = cards.getByRole("button", { name: /^Actions for / });
  await expect(binMenus).toHaveCount(3);
  const bin = await binMenus.evaluateAll((buttons) => buttons.map((b) => b.getAttribute("aria-label")!));
  await page.getByRole("button", { name: bin[0] }).focus();
  await page.keyboard.press("Enter");
  await page.getByRole("menuitem", { name: "Assign to bicycle" }).focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Assign to bicycle" });
  await dialog.getByLabel("Bicycle").selectOption({ label: "Road" });
  await dialog.getByRole("button", { name: "Assign" }).press("Enter");
  await expect(page.getByText("Component assigned")).toBeVisible();
  await expect(binMenus).toHaveCount(2);
  await expect(page.getByRole("button", { name: bin[1] })).toBeFocused();

  // Several assigned at once from the selection bar: its Select all box, the Assign button being gone.
  await cards.getByRole("checkbox").first().check();
  await page.getByRole("button", { name: "Assign to…" }).press("Enter");
  await dialog.getByLabel("Bicycle").selectOption({ label: "Road" });
  await dialog.getByRole("button", { name: "Assign" }).press("Enter");
  await expect(binMenus).toHaveCount(1);
  await expect(page.getByRole("checkbox", { name: "Select all" })).toBeFocused();

  // The last part deleted: Add Component.
  await choose(bin[2]!, "Delete", "Delete Component");
  await expect(page.getByText("No components in your parts bin.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Add Component" })).toBeFocused();
});

test("signed out, the parts bin asks to log in", async ({ page }) => {
  await page.goto("/parts-bin");
  await expect(page.getByText("Please log in to manage your parts bin.")).toBeVisible();
});

test.describe("a component that is not there", () => {
  test.use({ allowedConsoleErrors: [/status of 404/] });
  test("shows Component Not Found", async ({ page, rider }) => {
    expect(rider.email).toBeTruthy();
    await page.goto("/parts-bin/components/00000000-0000-4000-8000-000000000000");
    await expect(page.getByText("Component Not Found")).toBeVisible();
    await expect(
      page.getByText(
        "The component you're looking for doesn't exist or you don't have permission to view it.",
      ),
    ).toBeVisible();
  });
});

test("the parts bin's type filter is in the address: Back from a part finds the list as it was left", async ({
  page,
  rider,
  baseURL,
}) => {
  expect(rider.email).toBeTruthy();
  await createComponentThroughApi(page, baseURL!, { name: "Spiked tyres", type: "Tires" });
  await createComponentThroughApi(page, baseURL!, { name: "Mudguards", type: "Other" });
  const cards = page.getByRole("list", { name: "Parts bin components" }).getByRole("listitem");
  const filter = (type: string) => page.getByRole("button", { name: type, exact: true });

  await page.goto("/dashboard");
  await page.goto("/parts-bin");
  await expect(cards).toHaveCount(2);
  await filter("Other").click();
  await filter("Tires").click();
  await expect(page).toHaveURL(/\/parts-bin\?type=Tires$/);
  await expect(cards).toHaveCount(1);
  await cards.first().getByRole("link", { name: "Spiked tyres" }).click();
  await expect(page.getByText("From your Parts Bin")).toBeVisible();
  await page.goBack();
  await expect(filter("Tires")).toHaveAttribute("aria-pressed", "true");
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText("Spiked tyres");
  // Choosing a filter is no step of its own: Back leaves the parts bin.
  await page.goBack();
  await expect(page).toHaveURL(/\/dashboard$/);

  // A type the bin does not hold shows them all.
  await page.goto("/parts-bin?type=Saddles");
  await expect(filter("All Types")).toHaveAttribute("aria-pressed", "true");
  await expect(cards).toHaveCount(2);
});

test.describe("the parts bin on a phone", () => {
  test.use({ viewport: { width: 375, height: 667 }, hasTouch: true, isMobile: true });

  test("a tap a little beside a part's box selects it, and Assign to… stays at hand down the list", async ({
    page,
    rider,
    baseURL,
  }) => {
    expect(rider.email).toBeTruthy();
    for (let i = 1; i <= 8; i++) {
      await createComponentThroughApi(page, baseURL!, { name: `Spare part ${i}`, type: "Other" });
    }
    await page.goto("/parts-bin");
    const cards = page.getByRole("list", { name: "Parts bin components" }).getByRole("listitem");
    await expect(cards).toHaveCount(8);

    // Beside the box, toward the part's name, and below it: each tap selects or clears, none opens the part.
    const first = cards.first().getByRole("checkbox", { name: /^Select Spare part \d$/ });
    await first.evaluate((element) => element.scrollIntoView({ block: "center" }));
    const box = (await first.boundingBox())!;
    await page.touchscreen.tap(box.x + box.width / 2 + 15, box.y + box.height / 2);
    await expect(first).toBeChecked();
    await expect(page.getByText("1 selected")).toBeVisible();
    await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2 + 15);
    await expect(first).not.toBeChecked();
    await page.touchscreen.tap(box.x + box.width / 2 - 15, box.y + box.height / 2 - 15);
    await expect(first).toBeChecked();
    await expect(page).toHaveURL(/\/parts-bin$/);

    // At the foot of the list the selection bar is still on the screen, and covers none of the last part.
    const last = cards.last();
    await last.getByRole("checkbox").tap();
    await expect(page.getByText("2 selected")).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const assign = page.getByRole("button", { name: "Assign to…" });
    await expect(assign).toBeInViewport({ ratio: 1 });
    await expect(page.getByRole("button", { name: "Clear selection" })).toBeInViewport({ ratio: 1 });
    await last.scrollIntoViewIfNeeded();
    const bar = (await assign.locator("..").boundingBox())!;
    const lastBox = (await last.boundingBox())!;
    expect(lastBox.y).toBeGreaterThanOrEqual(bar.y + bar.height);
    await last.getByRole("checkbox").tap();
    await expect(page.getByText("1 selected")).toBeVisible();

    // Back up the list from the keyboard, each part's controls scroll clear of the bar, not under it.
    await last.getByRole("checkbox").focus();
    for (let step = 0; step < 30; step++) {
      await page.keyboard.press("Shift+Tab");
      const focused = await page.evaluate(() => {
        const element = document.activeElement as HTMLElement;
        const bar = document.querySelector("[data-sticky-selection]")!.getBoundingClientRect();
        return {
          name: element.getAttribute("aria-label") ?? element.textContent ?? "",
          top: element.getBoundingClientRect().top,
          barBottom: bar.bottom,
          inList: element.closest("ul[aria-label='Parts bin components']") !== null,
        };
      });
      if (!focused.inList) break;
      expect(focused.top, `${focused.name} is below the selection bar`).toBeGreaterThanOrEqual(
        focused.barBottom,
      );
    }
    await assign.tap();
    await expect(page.getByRole("dialog", { name: "Assign to bicycle" })).toBeVisible();
  });

  test("the Assign dialog for 25 parts names a few, and its select and button fit the screen", async ({
    page,
    rider,
    baseURL,
  }) => {
    expect(rider.email).toBeTruthy();
    await createBicycleThroughApi(page, baseURL!, { name: "Winter bike" });
    // Names with commas: joined by ", " they could not be told apart.
    const names = Array.from({ length: 25 }, (_, i) => `Grand Prix 5000, 700x28c, tubeless, no. ${i + 1}`);
    for (const name of names) await createComponentThroughApi(page, baseURL!, { name, type: "Tires" });
    await page.goto("/parts-bin");
    await expect(page.getByRole("list", { name: "Parts bin components" }).getByRole("listitem")).toHaveCount(
      25,
    );
    await page.getByRole("checkbox", { name: "Select all" }).tap();
    await page.getByRole("button", { name: "Assign to…" }).tap();

    const dialog = page.getByRole("dialog", { name: "Assign 25 components" });
    await expect(dialog.getByLabel("Bicycle")).toBeInViewport({ ratio: 1 });
    await expect(dialog.getByRole("button", { name: "Assign", exact: true })).toBeInViewport({ ratio: 1 });
    const named = dialog.getByRole("list", { name: "Components to assign" }).getByRole("listitem");
    await expect(named).toHaveCount(4);
    await expect(named.last()).toHaveText("and 22 more");
    for (const item of await named.all()) await expect(item).toBeInViewport({ ratio: 1 });
    const shown = await named.allTextContents();
    for (const name of shown.slice(0, 3)) expect(names).toContain(name);

    await dialog.getByLabel("Bicycle").selectOption({ label: "Winter bike" });
    await dialog.getByRole("button", { name: "Assign", exact: true }).tap();
    await expect(page.getByText("25 components assigned to Winter bike.")).toBeVisible();
    await expect(page.getByText("No components in your parts bin.")).toBeVisible();
  });
});
