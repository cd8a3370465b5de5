import type { Locator, Page } from "@playwright/test";
import sharp from "sharp";
import { createBicycleThroughApi, createComponentThroughApi, expect, test } from "./fixtures.ts";

async function uploadPhotoThroughApi(page: Page, baseURL: string, purpose: string) {
  const buffer = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#2a7" } })
    .png()
    .toBuffer();
  const response = await page.request.post("/api/files", {
    multipart: { purpose, file: { name: "photo.png", mimeType: "image/png", buffer } },
    headers: { Origin: baseURL },
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { file: { url: string } }).file.url;
}

/** An image that the browser really loaded (a refused request leaves it 0 px wide). */
const loaded = (image: Locator) =>
  expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

test.describe("sharing", () => {
  test.use({ allowedConsoleErrors: [/status of 404/] });

  test("share a bicycle, open the link with no session, then delete the link", async ({
    page,
    browser,
    baseURL,
    rider,
    context,
  }) => {
    expect(rider.email).toBeTruthy();
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    const bicycle = await createBicycleThroughApi(page, baseURL!, {
      name: "Road <b>Warrior</b>",
      description: "Carbon race bike",
      price: 2500,
      storeName: "Velo Exchange",
      storeLink: "https://shop.example/road",
      serialNumber: "WTU-1234",
      imageUrl: await uploadPhotoThroughApi(page, baseURL!, "bicycle-image"),
    });
    const headers = { Origin: baseURL! };
    const component = await createComponentThroughApi(page, baseURL!, {
      bicycleId: bicycle.id,
      name: "Ultegra groupset",
      type: "Drivetrain",
      brand: "Shimano",
      mileage: 6300,
      imageUrl: await uploadPhotoThroughApi(page, baseURL!, "component-image"),
    });
    await page.request.post(`/api/components/${component.id}/services`, {
      data: { date: "2024-03-11", description: "Chain replaced", cost: 49.99 },
      headers,
    });

    await page.goto(`/bicycles/${bicycle.id}`);
    await page.getByRole("button", { name: "Share" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Notes (optional)").fill("For sale <script>alert(1)</script>");
    await expect(dialog.getByLabel("Include service costs")).toBeChecked();
    await expect(dialog.getByLabel("Include serial number")).not.toBeChecked();
    await dialog.getByLabel("Include serial number").check();
    await dialog.getByRole("button", { name: "Create Link" }).click();
    const linkField = dialog.getByLabel("Share link");
    await expect(linkField).toHaveValue(new RegExp(`^${baseURL}/shared/[A-Za-z0-9_-]{32}$`));
    const url = await linkField.inputValue();
    // The Copy button beside the link is as tall as the link's field.
    expect((await dialog.getByRole("button", { name: "Copy" }).boundingBox())!.height).toBe(
      (await linkField.boundingBox())!.height,
    );
    await dialog.getByRole("button", { name: "Copy" }).click();
    await expect(page.getByText("Link copied")).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
    await dialog.getByRole("button", { name: "Done" }).click();
    await expect(dialog).toBeHidden();
    await page.getByRole("button", { name: "Share" }).click();
    await expect(page.getByRole("dialog").getByLabel("Notes (optional)")).toHaveValue("");
    await expect(page.getByRole("dialog").getByLabel("Include serial number")).not.toBeChecked();
    await page.keyboard.press("Escape");

    // Later edits do not change the shared copy.
    await page.request.put(`/api/bicycles/${bicycle.id}`, { data: { name: "Renamed later" }, headers });

    const visitor = await (await browser.newContext()).newPage();
    await visitor.goto(url);
    await expect(visitor.getByRole("heading", { name: "Road <b>Warrior</b>" })).toBeVisible();
    await expect(visitor.getByText("For sale <script>alert(1)</script>")).toBeVisible();
    await expect(visitor.getByText("Carbon race bike")).toBeVisible();
    await expect(visitor.getByText("$2,500")).toBeVisible();
    await expect(visitor.getByText("Velo Exchange")).toBeVisible();
    await expect(visitor.getByText("WTU-1234")).toBeVisible();
    // The photos come through the link: the visitor has no session.
    const photo = visitor.getByRole("img", { name: "Road <b>Warrior</b>" });
    await expect(photo).toHaveAttribute("src", /^\/api\/shared\/[A-Za-z0-9_-]{32}\/files\/[0-9a-f-]{36}$/);
    await loaded(photo);
    await loaded(
      visitor.getByRole("list", { name: "Components" }).getByRole("img", { name: "Ultegra groupset" }),
    );
    const listing = visitor.getByRole("link", { name: "View Original Listing" });
    await expect(listing).toHaveAttribute("href", "https://shop.example/road");
    await expect(listing).toHaveAttribute("target", "_blank");
    await expect(listing).toHaveAttribute("rel", /noopener/);
    await expect(visitor.getByRole("list", { name: "Components" })).toContainText("Ultegra groupset");
    await expect(visitor.getByRole("list", { name: "Components" })).toContainText("Shimano · 6,300 km");
    await expect(visitor.getByRole("list", { name: "Service history" })).toContainText("Chain replaced");
    await expect(visitor.getByRole("list", { name: "Service history" })).toContainText("$49.99");
    expect(await visitor.title()).toBe("Road <b>Warrior</b> · Velolog");

    await page.goto("/shared-links");
    const card = page.getByRole("list", { name: "Shared links" }).getByRole("listitem");
    await expect(card).toHaveCount(1);
    await expect(card).toContainText("Road <b>Warrior</b>");
    await expect(card).toContainText("1 component");
    await card.getByRole("button", { name: "Delete" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete Link" }).click();
    await expect(page.getByText("Link deleted")).toBeVisible();
    await expect(page.getByText("You haven't shared any bicycles yet")).toBeVisible();
    await expect(page.getByRole("link", { name: "Share a Bicycle" })).toHaveAttribute("href", "/bicycles");

    await visitor.reload();
    await expect(visitor.getByText("Bike Not Found")).toBeVisible();
  });

  test("without costs, and /shared without a token", async ({ page, baseURL, rider }) => {
    expect(rider.email).toBeTruthy();
    const bicycle = await createBicycleThroughApi(page, baseURL!, {
      name: "For sale",
      price: 1500,
      storeName: "Corner Shop",
      serialNumber: "WTU-5678",
    });
    const headers = { Origin: baseURL! };
    const component = await createComponentThroughApi(page, baseURL!, {
      bicycleId: bicycle.id,
      name: "Fork",
      type: "Fork",
    });
    await page.request.post(`/api/components/${component.id}/services`, {
      data: { date: "2024-01-01", description: "Lowers serviced", cost: 80 },
      headers,
    });
    await page.goto(`/bicycles/${bicycle.id}`);
    await page.getByRole("button", { name: "Share" }).click();
    await page.getByRole("dialog").getByLabel("Include service costs").uncheck();
    await page.getByRole("dialog").getByRole("button", { name: "Create Link" }).click();
    const url = await page.getByRole("dialog").getByLabel("Share link").inputValue();
    await page.goto(url);
    await expect(page.getByRole("list", { name: "Service history" })).toContainText("Lowers serviced");
    await expect(page.getByText("$80.00")).toHaveCount(0);
    // What was paid for the bicycle goes too, and the serial number is shared only when ticked.
    await expect(page.getByText("Corner Shop")).toBeVisible();
    await expect(page.getByText("$1,500")).toHaveCount(0);
    await expect(page.getByText("Price")).toHaveCount(0);
    await expect(page.getByText("WTU-5678")).toHaveCount(0);

    await page.goto("/shared");
    await expect(page.getByText("Bike Not Found")).toBeVisible();
  });
});

test("from the keyboard, shared links' buttons name their bicycle and date, and a deleted link hands the focus on", async ({
  page,
  baseURL,
  rider,
}) => {
  expect(rider.email).toBeTruthy();
  const road = await createBicycleThroughApi(page, baseURL!, { name: "Road" });
  // The same bicycle shared twice: the buttons still tell the two apart by the date, and both from the other.
  for (let i = 0; i < 2; i++) {
    const response = await page.request.post(`/api/bicycles/${road.id}/share`, {
      data: {},
      headers: { Origin: baseURL! },
    });
    expect(response.status()).toBe(201);
  }
  await page.goto("/shared-links");
  const list = page.getByRole("list", { name: "Shared links" });
  await expect(list.getByRole("listitem")).toHaveCount(2);
  const deletes = list.getByRole("button", {
    name: /^Delete link to Road, shared [A-Z][a-z]{2} \d{1,2}, \d{4}$/,
  });
  await expect(deletes).toHaveCount(2);
  await expect(list.getByRole("button", { name: /^Copy Link to Road, shared / })).toHaveCount(2);
  await expect(list.getByRole("link", { name: /^View Road, shared / })).toHaveCount(2);

  // Cancelled: back on its Delete button. Deleted: the next link's Delete button, then the page's heading.
  await deletes.first().focus();
  await page.keyboard.press("Enter");
  await page.keyboard.press("Escape");
  await expect(deletes.first()).toBeFocused();
  await page.keyboard.press("Enter");
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete Link" }).press("Enter");
  await expect(page.getByText("Link deleted")).toBeVisible();
  await expect(list.getByRole("listitem")).toHaveCount(1);
  await expect(deletes.first()).toBeFocused();
  await page.keyboard.press("Enter");
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete Link" }).press("Enter");
  await expect(page.getByText("You haven't shared any bicycles yet")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "Shared Links" })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(page.getByRole("link", { name: "Share a Bicycle" })).toBeFocused();
});
