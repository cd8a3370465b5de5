import type { Page } from "@playwright/test";
import { messages } from "../src/shared/messages.ts";
import {
  createBicycleThroughApi,
  createComponentThroughApi,
  createRideThroughApi,
  expect,
  test,
} from "./fixtures.ts";

/** Reads a signed-in API answer, as the browser's own session. */
async function read<T>(page: Page, path: string): Promise<T> {
  const response = await page.request.get(path);
  expect(response.status()).toBe(200);
  return (await response.json()) as T;
}

/**
 * Types into a date input from the keyboard, segment by segment, as a person does (mm/dd/yyyy in en-US):
 * an impossible day leaves the input's value "" with `validity.badInput`.
 */
async function typeDate(page: Page, label: ReturnType<Page["getByLabel"]>, digits: string) {
  await label.focus();
  await page.keyboard.type(digits);
  expect(await label.evaluate((input: HTMLInputElement) => input.validity.badInput)).toBe(true);
}

/** Answers every dialog the page opens as `answer` says (changeable as the test goes on), keeping their messages. */
function answerDialogs(page: Page, answer: "accept" | "dismiss") {
  const asked = { answer, messages: [] as string[], types: [] as string[] };
  page.on("dialog", (dialog) => {
    asked.messages.push(dialog.message());
    asked.types.push(dialog.type());
    void (asked.answer === "accept" ? dialog.accept() : dialog.dismiss());
  });
  return asked;
}

/** A bicycle's page with its Add Component form open and a name typed in it, not saved. */
async function halfFilledAddComponent(
  page: Page,
  baseURL: string,
  bicycleName: string,
  componentName: string,
) {
  const bicycle = await createBicycleThroughApi(page, baseURL, { name: bicycleName });
  await page.goto(`/bicycles/${bicycle.id}`);
  await page.getByRole("button", { name: "Add Component" }).first().click();
  await page.getByLabel("Component name").fill(componentName);
  return bicycle;
}

test.describe("a double-click does one thing", () => {
  test("Create Link makes one share link", async ({ page, baseURL, rider }) => {
    expect(rider.email).toBeTruthy();
    const bicycle = await createBicycleThroughApi(page, baseURL!, { name: "Road" });
    await page.goto(`/bicycles/${bicycle.id}`);
    await page.getByRole("button", { name: "Share" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("button", { name: "Create Link" }).dblclick();
    await expect(dialog.getByLabel("Share link")).toHaveValue(/\/shared\//);
    const { links } = await read<{ links: unknown[] }>(page, "/api/shared-links");
    expect(links).toHaveLength(1);
  });

  test("a suggested interval adds one interval", async ({ page, baseURL, rider }) => {
    expect(rider.email).toBeTruthy();
    const bicycle = await createBicycleThroughApi(page, baseURL!, { name: "Road" });
    const chain = await createComponentThroughApi(page, baseURL!, {
      bicycleId: bicycle.id,
      name: "KMC chain",
      type: "Drivetrain",
    });
    await page.goto(`/bicycles/${bicycle.id}/components/${chain.id}`);
    await page.getByRole("button", { name: "Replace chain (every 3,000 km)" }).dblclick();
    const list = page.getByRole("list", { name: "Service intervals" });
    await expect(list.getByRole("heading", { name: "Replace chain" })).toHaveCount(1);
    const { intervals } = await read<{ intervals: unknown[] }>(page, `/api/components/${chain.id}/intervals`);
    expect(intervals).toHaveLength(1);
  });

  test("Import Components imports each part once, with one toast", async ({ page, rider }) => {
    expect(rider.email).toBeTruthy();
    await page.goto("/parts-bin");
    await page.getByRole("button", { name: /Import from Text/ }).click();
    await page
      .getByLabel("Specification text")
      .fill("Chain: Shimano CN-HG701\nSaddle: WTB Volt Sport\nPedals: Shimano PD-M520");
    await page.getByRole("button", { name: "Find Components" }).click();
    const importButton = page.getByRole("button", { name: /^Import Components \(\d+\)$/ });
    const label = (await importButton.textContent()) ?? "";
    const found = Number(/\((\d+)\)/.exec(label)![1]);
    expect(found).toBeGreaterThan(0);
    await importButton.dblclick();
    await expect(page.getByText("Components Imported")).toHaveCount(1);
    await expect(page.getByRole("list", { name: "Parts bin components" }).getByRole("listitem")).toHaveCount(
      found,
    );
    const { components } = await read<{ components: unknown[] }>(page, "/api/components/parts-bin");
    expect(components).toHaveLength(found);
    await expect(page.getByText("Components Imported")).toHaveCount(1);
  });
});

test.describe("amounts with a decimal comma", () => {
  test("a cost, a price and a distance read “12,50” as 12.50; “1,250” is refused, not guessed", async ({
    page,
    baseURL,
    rider,
  }) => {
    expect(rider.email).toBeTruthy();
    // A price on Add Bicycle.
    await page.goto("/bicycles");
    await page.getByRole("button", { name: "Add Bicycle" }).click();
    await page.getByLabel("Name", { exact: true }).fill("Commuter");
    await page.getByLabel("Price ($)").fill("1,250");
    await page.getByRole("button", { name: "Add Bicycle" }).last().click();
    await expect(page.getByText(messages.numbers.ambiguous("Price", "1,250"))).toBeVisible();
    expect((await read<{ bicycles: unknown[] }>(page, "/api/bicycles")).bicycles).toHaveLength(0);
    await page.getByLabel("Price ($)").fill("1,5");
    await page.getByRole("button", { name: "Add Bicycle" }).last().click();
    await expect(page.getByText("Bicycle added successfully.")).toBeVisible();
    const { bicycles } = await read<{ bicycles: { id: string; price: number | null }[] }>(
      page,
      "/api/bicycles",
    );
    expect(bicycles.map((b) => b.price)).toEqual([1.5]);
    const bicycleId = bicycles[0]!.id;

    // Distance before tracking on Add Component.
    await page.goto(`/bicycles/${bicycleId}`);
    await page.getByRole("button", { name: "Add Component" }).click();
    const addForm = page.getByRole("form", { name: "Add Component" });
    await addForm.getByLabel("Component name").fill("Chain");
    await addForm.getByLabel("Type").selectOption("Drivetrain");
    await addForm.getByLabel("Distance before tracking (km)").fill("1,5");
    await addForm.getByRole("button", { name: "Add Component" }).click();
    await expect(page.getByText("Component added")).toBeVisible();
    const { components } = await read<{ components: { id: string; mileage: number }[] }>(
      page,
      `/api/bicycles/${bicycleId}/components`,
    );
    expect(components.map((c) => c.mileage)).toEqual([1.5]);

    // A service's cost.
    await createComponentThroughApi(page, baseURL!, { bicycleId, name: "Tyre", type: "Tires" });
    await page.goto(`/bicycles/${bicycleId}/components/${components[0]!.id}`);
    await page.getByRole("button", { name: "Add Service" }).click();
    const form = page.getByRole("form", { name: "Add Service Entry" });
    await form.getByLabel("Description").fill("New chain");
    await form.getByLabel("Cost ($)").fill("12,5,0");
    await form.getByRole("button", { name: "Add Service Entry" }).click();
    await expect(form.getByText(messages.services.costInvalid)).toBeVisible();
    await form.getByLabel("Cost ($)").fill("12,50");
    await form.getByRole("button", { name: "Add Service Entry" }).click();
    await expect(form).toBeHidden();
    const { services } = await read<{ services: { cost: number }[] }>(
      page,
      `/api/components/${components[0]!.id}/services`,
    );
    expect(services.map((s) => s.cost)).toEqual([12.5]);

    // A ride's distance, by the same rule.
    await page.goto(`/bicycles/${bicycleId}?tab=rides`);
    await page.getByRole("button", { name: "Add Ride" }).click();
    const rideForm = page.getByRole("form", { name: "Add Ride" });
    await rideForm.getByLabel("Name").fill("Errand");
    await rideForm.getByLabel("Distance (km)").fill("1,5");
    await rideForm.getByRole("button", { name: "Add Ride" }).click();
    await expect(page.getByText("Ride added")).toBeVisible();
    await expect(page.getByRole("list", { name: "Rides" })).toContainText("1.5 km");
  });
});

test.describe("a date the browser cannot read", () => {
  test("Edit Bicycle refuses 02/31/2024 and keeps the stored purchase date", async ({
    page,
    baseURL,
    rider,
  }) => {
    expect(rider.email).toBeTruthy();
    const bicycle = await createBicycleThroughApi(page, baseURL!, {
      name: "Road",
      purchaseDate: "2024-03-14",
    });
    await page.goto(`/bicycles/${bicycle.id}`);
    await page.getByRole("button", { name: "Edit", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Edit Bicycle" });
    await typeDate(page, dialog.getByLabel("Purchase date"), "02312024");
    await dialog.getByRole("button", { name: "Save" }).click();
    await expect(dialog.getByText(messages.forms.realDate)).toBeVisible();
    await expect(dialog).toBeVisible();
    await expect(page.getByText("Bicycle updated successfully.")).toHaveCount(0);
    const stored = await read<{ bicycle: { purchaseDate: string | null } }>(
      page,
      `/api/bicycles/${bicycle.id}`,
    );
    expect(stored.bicycle.purchaseDate).toBe("2024-03-14");
  });

  test("Add Bicycle refuses it rather than dropping the date", async ({ page, rider }) => {
    expect(rider.email).toBeTruthy();
    await page.goto("/bicycles");
    await page.getByRole("button", { name: "Add Bicycle" }).click();
    await page.getByLabel("Name", { exact: true }).fill("Commuter");
    await typeDate(page, page.getByLabel("Purchase date"), "02312024");
    await page.getByRole("button", { name: "Add Bicycle" }).last().click();
    await expect(page.getByText(messages.forms.realDate)).toBeVisible();
    expect((await read<{ bicycles: unknown[] }>(page, "/api/bicycles")).bicycles).toHaveLength(0);
  });

  test("Add Component refuses it rather than taking today", async ({ page, baseURL, rider }) => {
    expect(rider.email).toBeTruthy();
    const bicycle = await createBicycleThroughApi(page, baseURL!, { name: "Road" });
    await page.goto(`/bicycles/${bicycle.id}`);
    await page.getByRole("button", { name: "Add Component" }).click();
    const addForm = page.getByRole("form", { name: "Add Component" });
    await addForm.getByLabel("Component name").fill("Chain");
    await addForm.getByLabel("Type").selectOption("Drivetrain");
    await typeDate(page, addForm.getByLabel("Installed on"), "02312025");
    await addForm.getByRole("button", { name: "Add Component" }).click();
    await expect(addForm.getByText(messages.forms.realDate)).toBeVisible();
    const { components } = await read<{ components: unknown[] }>(
      page,
      `/api/bicycles/${bicycle.id}/components`,
    );
    expect(components).toHaveLength(0);
  });

  test("a service's date is refused too", async ({ page, baseURL, rider }) => {
    expect(rider.email).toBeTruthy();
    const bicycle = await createBicycleThroughApi(page, baseURL!, { name: "Road" });
    const chain = await createComponentThroughApi(page, baseURL!, {
      bicycleId: bicycle.id,
      name: "Chain",
      type: "Drivetrain",
    });
    await page.goto(`/bicycles/${bicycle.id}/components/${chain.id}`);
    await page.getByRole("button", { name: "Add Service" }).click();
    const form = page.getByRole("form", { name: "Add Service Entry" });
    await typeDate(page, form.getByLabel("Date"), "02312024");
    await form.getByLabel("Description").fill("Lubed");
    await form.getByLabel("Cost ($)").fill("0");
    await form.getByRole("button", { name: "Add Service Entry" }).click();
    await expect(form.getByText(messages.forms.realDate)).toBeVisible();
    const { services } = await read<{ services: unknown[] }>(page, `/api/components/${chain.id}/services`);
    expect(services).toHaveLength(0);
  });
});

test.describe("changes not yet saved are not lost by accident", () => {
  test("a press outside the Edit dialog keeps it open while it holds changes, and Cancel still closes it", async ({
    page,
    baseURL,
    rider,
  }) => {
    expect(rider.email).toBeTruthy();
    const bicycle = await createBicycleThroughApi(page, baseURL!, { name: "Gravel" });
    await page.goto(`/bicycles/${bicycle.id}`);
    const edit = page.getByRole("button", { name: "Edit", exact: true });
    const dialog = page.getByRole("dialog", { name: "Edit Bicycle" });

    // Nothing changed: a press outside closes it, as any dialog.
    await edit.click();
    await expect(dialog.getByLabel("Description")).toBeVisible();
    await page.mouse.click(5, 5);
    await expect(dialog).toBeHidden();

    await edit.click();
    await dialog.getByLabel("Description").fill("Half-written note about the wheels");
    await page.mouse.click(5, 5);
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel("Description")).toHaveValue("Half-written note about the wheels");
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
  });

  test("reloading the page with a half-filled form asks first", async ({ page, baseURL, rider }) => {
    expect(rider.email).toBeTruthy();
    await halfFilledAddComponent(page, baseURL!, "Commuter", "Schwalbe Marathon");
    const asked = new Promise<string>((resolve) =>
      page.once("dialog", (dialog) => {
        resolve(dialog.type());
        void dialog.dismiss();
      }),
    );
    // Dismissed, the reload does not happen and the typed name stays.
    void page.reload().catch(() => {});
    expect(await asked).toBe("beforeunload");
    await expect(page.getByLabel("Component name")).toHaveValue("Schwalbe Marathon");
  });

  test("following a link of the app with a half-filled form asks first", async ({ page, baseURL, rider }) => {
    expect(rider.email).toBeTruthy();
    const bicycle = await halfFilledAddComponent(page, baseURL!, "Tourer", "Brooks B17 saddle");
    const partsBin = page.getByRole("link", { name: "Parts Bin" }).first();

    page.once("dialog", (dialog) => {
      expect(dialog.type()).toBe("confirm");
      expect(dialog.message()).toBe(messages.forms.leaveUnsaved);
      void dialog.dismiss();
    });
    await partsBin.click();
    await expect(page).toHaveURL(new RegExp(`/bicycles/${bicycle.id}$`));
    await expect(page.getByLabel("Component name")).toHaveValue("Brooks B17 saddle");

    page.once("dialog", (dialog) => void dialog.accept());
    await partsBin.click();
    await expect(page).toHaveURL(/\/parts-bin$/);
  });

  test("with a half-filled form, a jump within the page does not ask, and a page outside the app asks once, the browser's way", async ({
    page,
    baseURL,
    rider,
  }) => {
    expect(rider.email).toBeTruthy();
    const bicycle = await halfFilledAddComponent(page, baseURL!, "Randonneur", "SON 28 hub");
    const asked = answerDialogs(page, "dismiss");

    await page.keyboard.press("Shift+Tab"); // from the form back to the first focusable: the skip link
    await page.getByRole("link", { name: "Skip to content" }).press("Enter");
    await expect(page).toHaveURL(new RegExp(`/bicycles/${bicycle.id}#main$`));
    await expect(page.getByLabel("Component name")).toHaveValue("SON 28 hub");

    // The API's page is the server's, not a screen of the app: only the browser's own question, once.
    void page
      .getByRole("contentinfo")
      .getByRole("link", { name: "API", exact: true })
      .click()
      .catch(() => {});
    await expect.poll(() => asked.types).toEqual(["beforeunload"]);
    await expect(page).toHaveURL(new RegExp(`/bicycles/${bicycle.id}#main$`));
    await expect(page.getByLabel("Component name")).toHaveValue("SON 28 hub");
  });

  test("Back with a half-filled form asks first: cancelled, the form and its address stay; confirmed, the previous page shows", async ({
    page,
    baseURL,
    rider,
  }) => {
    expect(rider.email).toBeTruthy();
    const bicycle = await createBicycleThroughApi(page, baseURL!, { name: "Randonneur" });
    const bicyclePage = new RegExp(`/bicycles/${bicycle.id}$`);
    await page.goto("/bicycles");
    await page.getByRole("link", { name: /Randonneur/ }).click();
    await expect(page).toHaveURL(bicyclePage);
    await page.getByRole("button", { name: "Add Component" }).first().click();
    await page.getByLabel("Component name").fill("Dynamo hub");
    const asked = answerDialogs(page, "dismiss");

    await page.goBack();
    await expect.poll(() => asked.messages).toEqual([messages.forms.leaveUnsaved]);
    await expect(page).toHaveURL(bicyclePage);
    await expect(page.getByLabel("Component name")).toHaveValue("Dynamo hub");

    // The address is the form's again, so Back asks again.
    asked.answer = "accept";
    await page.goBack();
    await expect(page).toHaveURL(/\/bicycles$/);
    await expect(page.getByRole("heading", { name: "My Bicycles" })).toBeVisible();
    expect(asked.messages).toHaveLength(2);

    // Nothing unsaved on the list: Forward is a plain step to the bicycle's page, its form closed.
    await page.goForward();
    await expect(page).toHaveURL(bicyclePage);
    await expect(page.getByRole("heading", { name: "Randonneur", level: 1 })).toBeVisible();
    await expect(page.getByLabel("Component name")).toHaveCount(0);
    expect(asked.messages).toHaveLength(2);
  });

  test("Back with the Edit dialog holding changes asks first and, cancelled, keeps the dialog; after a save it does not ask", async ({
    page,
    baseURL,
    rider,
  }) => {
    expect(rider.email).toBeTruthy();
    const bicycle = await createBicycleThroughApi(page, baseURL!, { name: "Audax" });
    await page.goto("/bicycles");
    await page.getByRole("link", { name: /Audax/ }).click();
    await page.getByRole("button", { name: "Edit", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Edit Bicycle" });
    await dialog.getByLabel("Description").fill("Mudguards and a rack");
    const asked = answerDialogs(page, "dismiss");

    await page.goBack();
    await expect.poll(() => asked.messages).toEqual([messages.forms.leaveUnsaved]);
    await expect(page).toHaveURL(new RegExp(`/bicycles/${bicycle.id}$`));
    await expect(dialog.getByLabel("Description")).toHaveValue("Mudguards and a rack");

    await dialog.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Bicycle updated successfully.")).toBeVisible();
    await expect(dialog).toBeHidden();
    await page.goBack();
    await expect(page).toHaveURL(/\/bicycles$/);
    await expect(page.getByRole("heading", { name: "My Bicycles" })).toBeVisible();
    expect(asked.messages).toHaveLength(1);
  });
});

test.describe("two tabs editing one object (decision 0057)", () => {
  test("a bicycle renamed in one tab keeps its new name when the other tab saves the description", async ({
    page,
    baseURL,
    rider,
  }) => {
    expect(rider.email).toBeTruthy();
    const bicycle = await createBicycleThroughApi(page, baseURL!, { name: "Gravel", description: "Steel" });
    const tabA = page;
    const tabB = await page.context().newPage();

    await tabA.goto(`/bicycles/${bicycle.id}`);
    await tabA.getByRole("button", { name: "Edit", exact: true }).click();
    const dialogA = tabA.getByRole("dialog", { name: "Edit Bicycle" });
    await expect(dialogA.getByLabel("Name", { exact: true })).toHaveValue("Gravel");

    await tabB.goto(`/bicycles/${bicycle.id}`);
    await tabB.getByRole("button", { name: "Edit", exact: true }).click();
    const dialogB = tabB.getByRole("dialog", { name: "Edit Bicycle" });
    await dialogB.getByLabel("Name", { exact: true }).fill("Gravel Plus");
    await dialogB.getByRole("button", { name: "Save" }).click();
    await expect(tabB.getByRole("heading", { name: "Gravel Plus", level: 1 })).toBeVisible();

    // Tab A still shows the old name in its form; it saves only the description it changed.
    await expect(dialogA.getByLabel("Name", { exact: true })).toHaveValue("Gravel");
    await dialogA.getByLabel("Description").fill("Steel, new wheels");
    await dialogA.getByRole("button", { name: "Save" }).click();
    await expect(tabA.getByText("Bicycle updated successfully.")).toBeVisible();
    await expect(dialogA).toBeHidden();
    await expect(tabA.getByRole("heading", { name: "Gravel Plus", level: 1 })).toBeVisible();
    await expect(tabA.getByText("Steel, new wheels")).toBeVisible();
    const stored = await read<{ bicycle: { name: string; description: string } }>(
      tabA,
      `/api/bicycles/${bicycle.id}`,
    );
    expect(stored.bicycle).toMatchObject({ name: "Gravel Plus", description: "Steel, new wheels" });
  });

  test("a ride renamed in one tab keeps its new name through the other tab's saves, unchanged or of its time", async ({
    page,
    baseURL,
    rider,
  }) => {
    expect(rider.email).toBeTruthy();
    const bicycle = await createBicycleThroughApi(page, baseURL!, { name: "Road" });
    await createRideThroughApi(page, baseURL!, bicycle.id, {
      name: "Marathon",
      startedAt: "2024-05-02T07:30:45.000Z",
      distanceKm: 42.195,
      movingSeconds: 5025,
    });
    const stored = async () =>
      (
        await read<{ rides: { name: string; distanceKm: number; movingSeconds: number }[] }>(
          page,
          `/api/bicycles/${bicycle.id}/rides`,
        )
      ).rides[0];
    const tabA = page;
    const tabB = await page.context().newPage();

    await tabA.goto(`/bicycles/${bicycle.id}?tab=rides`);
    await tabA.getByRole("button", { name: "Edit Marathon" }).click();
    const formA = tabA.getByRole("form", { name: "Save Ride" });
    await expect(formA.getByLabel("Name")).toHaveValue("Marathon");

    await tabB.goto(`/bicycles/${bicycle.id}?tab=rides`);
    await tabB.getByRole("button", { name: "Edit Marathon" }).click();
    const formB = tabB.getByRole("form", { name: "Save Ride" });
    await formB.getByLabel("Name").fill("Spring marathon");
    await formB.getByRole("button", { name: "Save Ride" }).click();
    await expect(tabB.getByText("Ride updated")).toBeVisible();

    // Saved as it was shown, tab A's form closes as ever and puts back nothing.
    await formA.getByRole("button", { name: "Save Ride" }).click();
    await expect(tabA.getByText("Ride updated")).toBeVisible();
    await expect(formA).toBeHidden();
    await expect(tabA.getByRole("button", { name: "Edit Spring marathon" })).toBeVisible();
    expect(await stored()).toMatchObject({
      name: "Spring marathon",
      distanceKm: 42.195,
      movingSeconds: 5025,
    });

    // Both open the form again; tab B renames, then tab A, still showing the name before, changes the time.
    await tabB.getByRole("button", { name: "Edit Spring marathon" }).click();
    await tabA.getByRole("button", { name: "Edit Spring marathon" }).click();
    await formB.getByLabel("Name").fill("Spring marathon, Berlin");
    await formB.getByRole("button", { name: "Save Ride" }).click();
    await expect(tabB.getByRole("button", { name: "Edit Spring marathon, Berlin" })).toBeVisible();
    await formA.getByLabel("Minutes").fill("30");
    await formA.getByRole("button", { name: "Save Ride" }).click();
    await expect(formA).toBeHidden();
    await expect(tabA.getByRole("button", { name: "Edit Spring marathon, Berlin" })).toBeVisible();
    expect(await stored()).toMatchObject({
      name: "Spring marathon, Berlin",
      distanceKm: 42.195,
      movingSeconds: 3600 + 30 * 60,
    });
  });
});

test.describe("a field's message is read with the field", () => {
  // A screen reader reads an error once as it appears (role=alert); reaching the field again, it reads
  // the field's description, which must be that message, and says the field is invalid.
  test("the bicycle, component, service and assign forms tie each error to its field", async ({
    page,
    baseURL,
    rider,
  }) => {
    expect(rider.email).toBeTruthy();
    await page.goto("/bicycles");
    await page.getByRole("button", { name: "Add Bicycle" }).click();
    await page.getByRole("button", { name: "Add Bicycle" }).last().click();
    const bicycleName = page.getByLabel("Name", { exact: true });
    await expect(bicycleName).toHaveAccessibleDescription(messages.bicycles.nameRequired);
    await expect(bicycleName).toHaveAttribute("aria-invalid", "true");
    await bicycleName.fill("Road");
    await page.getByLabel("Store website").fill("not a link");
    await page.getByRole("button", { name: "Add Bicycle" }).last().click();
    await expect(bicycleName).not.toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel("Store website")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel("Store website")).toHaveAccessibleDescription(/\S/);

    const bicycle = await createBicycleThroughApi(page, baseURL!, { name: "Commuter" });
    await page.goto(`/bicycles/${bicycle.id}`);
    await page.getByRole("button", { name: "Add Component" }).click();
    const addForm = page.getByRole("form", { name: "Add Component" });
    await addForm.getByRole("button", { name: "Add Component" }).click();
    await expect(addForm.getByLabel("Component name")).toHaveAccessibleDescription(
      messages.components.nameRequired,
    );
    await expect(addForm.getByLabel("Type")).toHaveAccessibleDescription(messages.components.typeRequired);
    await expect(addForm.getByLabel("Type")).toHaveAttribute("aria-invalid", "true");

    const chain = await createComponentThroughApi(page, baseURL!, {
      bicycleId: bicycle.id,
      name: "Chain",
      type: "Drivetrain",
    });
    await page.goto(`/bicycles/${bicycle.id}/components/${chain.id}`);
    await page.getByRole("button", { name: "Add Service" }).click();
    const serviceForm = page.getByRole("form", { name: "Add Service Entry" });
    await serviceForm.getByRole("button", { name: "Add Service Entry" }).click();
    await expect(serviceForm.getByLabel("Description")).toHaveAccessibleDescription(
      messages.services.descriptionRequired,
    );
    await expect(serviceForm.getByLabel("Cost ($)")).toHaveAttribute("aria-invalid", "true");

    await createComponentThroughApi(page, baseURL!, {
      bicycleId: null,
      name: "Spare saddle",
      type: "Saddle",
    });
    await page.goto("/parts-bin");
    await page.getByRole("button", { name: "Actions for Spare saddle" }).click();
    await page.getByRole("menuitem", { name: "Assign to bicycle" }).click();
    const dialog = page.getByRole("dialog", { name: "Assign to bicycle" });
    await dialog.getByRole("button", { name: "Assign" }).click();
    await expect(dialog.getByLabel("Bicycle")).toHaveAccessibleDescription(messages.components.selectBicycle);
    await expect(dialog.getByLabel("Bicycle")).toHaveAttribute("aria-invalid", "true");
  });
});
