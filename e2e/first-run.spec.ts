import sharp from "sharp";
import { createBicycleThroughApi, expect, test } from "./fixtures.ts";

const SHEET = [
  "Frame: Aluminium 6061, internal routing",
  "Fork: RockShox Reba RL, 100mm",
  "Rear Derailleur: Shimano Deore XT M8100",
  "Saddle: WTB Volt Sport",
  "Tires: Maxxis Rekon 29x2.4",
].join("\n");

test("a new rider is led from the empty dashboard to a set-up bicycle", async ({ page, rider }) => {
  expect(rider.email).toBeTruthy();
  // On a phone, the first screen already holds the way to start.
  await page.setViewportSize({ width: 375, height: 667 });
  await page.goto("/dashboard");
  await expect(page.getByRole("link", { name: "Add a bicycle", exact: true })).toBeInViewport();
  await page.setViewportSize({ width: 1280, height: 720 });
  await expect(page.getByText("No bicycles yet. Add your first one!")).toBeVisible();
  await page.getByRole("link", { name: "Add your first bicycle" }).click();

  // The add form is open at once; the new bicycle's page follows.
  await expect(page).toHaveURL(/\/bicycles\?add$/);
  await page.getByLabel("Name", { exact: true }).fill("Trail Hardtail");
  await page.getByRole("button", { name: "Add Bicycle" }).last().click();
  await expect(page.getByRole("heading", { name: "Trail Hardtail", level: 1 })).toBeVisible();
  await expect(page).toHaveURL(/\/bicycles\/[0-9a-f-]{36}$/);

  const checklist = page.getByRole("list", { name: "Set-up steps" });
  await expect(checklist.getByRole("listitem")).toHaveCount(2);
  await expect(page.getByText("0 of 2 done.")).toBeVisible();
  for (const step of ["Add its components, by hand or from a spec sheet", "Add a photo"]) {
    await expect(checklist.getByRole("listitem").filter({ hasText: step })).toContainText("(to do)");
  }

  // Import from the checklist: the panel opens, the parts go on this bicycle by default, in the sheet's order.
  await checklist.getByRole("button", { name: "Paste a spec sheet" }).click();
  // The keyboard goes on in the panel the page scrolled to.
  await expect(page.getByLabel("Specification text")).toBeFocused();
  await page.getByLabel("Specification text").fill(SHEET);
  await page.getByRole("button", { name: "Find Components" }).click();
  await expect(page.getByTestId("import-row")).toHaveCount(5);
  await expect(page.getByRole("radio", { name: "This bicycle (Trail Hardtail)" })).toBeChecked();
  await expect(page.getByRole("radio", { name: "Parts bin" })).not.toBeChecked();
  await page.getByRole("button", { name: "Import Components (5)" }).click();
  await expect(page.getByText("5 components were added to Trail Hardtail.")).toBeVisible();

  const list = page.getByRole("list", { name: "Components" });
  await expect(list.getByRole("listitem")).toHaveCount(5);
  const names = await list.getByRole("listitem").getByRole("link").allInnerTexts();
  const sheetOrder = [
    "Aluminium 6061",
    "RockShox Reba RL",
    "Deore XT M8100",
    "WTB Volt Sport",
    "Maxxis Rekon",
  ];
  expect(names).toHaveLength(sheetOrder.length);
  for (const [index, part] of sheetOrder.entries()) expect(names[index]).toContain(part);
  await expect(page.getByText("1 of 2 done.")).toBeVisible();
  await expect(checklist.getByRole("listitem").filter({ hasText: "Add a photo" })).toContainText("(to do)");

  // The last step: a photo, from the checklist's own button; then the list goes away.
  await checklist.getByRole("button", { name: "Add a photo" }).click();
  const dialog = page.getByRole("dialog", { name: "Edit Bicycle" });
  const png = await sharp({ create: { width: 400, height: 300, channels: 3, background: "#3366cc" } })
    .png()
    .toBuffer();
  await dialog.getByLabel("Photo", { exact: true }).setInputFiles({
    name: "bike.png",
    mimeType: "image/png",
    buffer: png,
  });
  await expect(dialog.getByText("Uploaded")).toBeVisible();
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Bicycle updated successfully.")).toBeVisible();
  await expect(checklist).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Set up Trail Hardtail" })).toHaveCount(0);

  // Back on the dashboard, the bicycle is there instead of the empty state.
  await page.goto("/dashboard");
  await expect(page.getByRole("link", { name: "Add your first bicycle" })).toHaveCount(0);
  await expect(page.getByRole("list", { name: "Bicycles" })).toContainText("5 components");
});

test("a bicycle's import can send the parts to the parts bin instead", async ({ page, rider, baseURL }) => {
  expect(rider.email).toBeTruthy();
  const created = await page.request.post("/api/bicycles", {
    data: { name: "Commuter" },
    headers: { Origin: baseURL! },
  });
  const { bicycle } = (await created.json()) as { bicycle: { id: string } };
  await page.goto(`/bicycles/${bicycle.id}`);
  await page.getByRole("button", { name: /Import from Text/ }).click();
  await page.getByLabel("Specification text").fill(SHEET);
  await page.getByRole("button", { name: "Find Components" }).click();
  await page.getByRole("radio", { name: "Parts bin" }).click();
  await page.getByRole("button", { name: "Import Components (5)" }).click();
  await expect(page.getByText("5 components were added to your parts bin.")).toBeVisible();
  await expect(page.getByText("No components added yet.")).toBeVisible();
  await expect(page.getByText("0 of 2 done.")).toBeVisible();

  await page.goto("/parts-bin");
  const cards = page.getByRole("list", { name: "Parts bin components" }).getByRole("listitem");
  await expect(cards).toHaveCount(5);
  await expect(cards.first()).toContainText("Aluminium 6061");
  await expect(cards.last()).toContainText("Maxxis Rekon");
});

test("on a slow connection the checklist's import still opens with the keyboard in it", async ({
  page,
  rider,
  baseURL,
}) => {
  expect(rider.email).toBeTruthy();
  const bicycle = await createBicycleThroughApi(page, baseURL!, { name: "Gravel" });
  // The panels' scripts arrive well after the checklist shows, as on a phone's slow connection.
  await page.route(/\/assets\/import-(text|url)-panel-[^/]+\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  await page.goto(`/bicycles/${bicycle.id}`);
  const checklist = page.getByRole("list", { name: "Set-up steps" });
  await checklist.getByRole("button", { name: "Maker's page" }).click();
  await expect(page.getByLabel("Specification page URL")).toBeFocused();
  await expect(page.getByLabel("Specification page URL")).toBeInViewport();
});
