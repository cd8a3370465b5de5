import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { createBicycleThroughApi, createRideThroughApi, expect, test } from "./fixtures.ts";

const fixtures = new URL("../../shared/fixtures/import/", import.meta.url);
const read = (path: string) => readFileSync(new URL(path, fixtures), "utf8");

test("paste a spec sheet, edit and remove rows, import them into the parts bin", async ({ page, rider }) => {
  expect(rider.email).toBeTruthy();
  await page.goto("/parts-bin");
  await page.getByRole("button", { name: /Import from Text/ }).click();
  await page.getByRole("button", { name: "Find Components" }).click();
  await expect(
    page.getByRole("alert").filter({ hasText: "Please paste the bike specification text" }),
  ).toBeVisible();

  await page.getByLabel("Specification text").fill("Just a nice bike, ridden twice, no receipts.");
  await page.getByRole("button", { name: "Find Components" }).click();
  await expect(page.getByText("No Components Found")).toBeVisible();

  const spec = read("002-norco-sight-c7-4-2016/spec.txt");
  const expected = (JSON.parse(read("002-norco-sight-c7-4-2016/expected.json")) as { components: unknown[] })
    .components.length;
  await page.getByLabel("Specification text").fill(spec);
  await page.getByRole("button", { name: "Find Components" }).click();
  await expect(page.getByText(`Found ${expected} components`)).toBeVisible();
  const rows = page.getByTestId("import-row");
  await expect(rows).toHaveCount(expected);

  // Edit the first row, remove the second.
  await page.getByLabel("Name of component 1", { exact: true }).fill("KS E-Ten dropper (mine)");
  await page.getByLabel("Type of component 1", { exact: true }).selectOption("Seatpost");
  await page.getByLabel("Brand of component 1", { exact: true }).fill("Kind Shock");
  const second = await page.getByLabel("Name of component 2", { exact: true }).inputValue();
  await page.getByRole("button", { name: `Remove ${second}` }).click();
  await expect(rows).toHaveCount(expected - 1);

  await page.getByRole("button", { name: `Import Components (${expected - 1})` }).click();
  await expect(page.getByText("Components Imported")).toBeVisible();
  const cards = page.getByRole("list", { name: "Parts bin components" }).getByRole("listitem");
  await expect(cards).toHaveCount(expected - 1);
  const mine = cards.filter({ hasText: "KS E-Ten dropper (mine)" });
  await expect(mine).toContainText("Seatpost");
  await expect(mine).toContainText("Kind Shock");
  await expect(cards.filter({ hasText: second })).toHaveCount(0);
  await expect(cards.filter({ hasText: "WTB Volt Sport" })).toContainText("Saddle");
  await expect(cards.filter({ hasText: "WTB Volt Sport" })).toContainText("WTB");
});

test("a long part name reads whole in the review on a phone, and the desktop's table keeps one-line rows", async ({
  page,
  rider,
}) => {
  expect(rider.email).toBeTruthy();
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto("/parts-bin");
  await page.getByRole("button", { name: /Import from Text/ }).click();
  await page.getByLabel("Specification text").fill(read("027-trek-fuel-ex-8-29-2014/spec.txt"));
  await page.getByRole("button", { name: "Find Components" }).click();
  await expect(page.getByText("Found 17 components")).toBeVisible();

  const names = page.getByRole("textbox", { name: /^Name of component \d+$/ });
  const values = await names.evaluateAll((fields) => fields.map((f) => (f as HTMLInputElement).value));
  // The frame's line, as the sheet has it: "Alpha Platinum Aluminum, ABP Convert, Full Floater, E2 tapered…"
  const longest = values.reduce((a, b) => (b.length > a.length ? b : a));
  expect(longest.length).toBeGreaterThan(150);
  const field = page.getByLabel(`Name of component ${values.indexOf(longest) + 1}`, { exact: true });
  // Nothing of any name is cut off or scrolled out of sight: every field is as large as its text.
  const hidden = await names.evaluateAll((fields) =>
    fields
      .filter((f) => f.scrollWidth > f.clientWidth || f.scrollHeight > f.clientHeight)
      .map((f) => (f as HTMLTextAreaElement).value),
  );
  expect(hidden).toEqual([]);
  const brand = page.getByLabel("Brand of component 1", { exact: true });
  const [tall, oneLine] = [(await field.boundingBox())!, (await brand.boundingBox())!];
  expect(tall.height).toBeGreaterThan(3 * oneLine.height);

  // A name takes no line break: Enter adds none, and one pasted in becomes a space.
  await field.press("End");
  await field.press("Enter");
  await expect(field).toHaveValue(longest);
  await field.fill("Fox Float\nrear shock");
  await expect(field).toHaveValue("Fox Float rear shock");
  await field.fill(longest);

  // On a desktop the rows are a table again, and a name that fits is one line, as high as its brand field.
  // (At 1000 px the card has the page's width: from 1024 px it shares the row and shows cards again.)
  await page.setViewportSize({ width: 1000, height: 800 });
  await expect
    .poll(async () => (await page.getByRole("columnheader", { name: "Component" }).boundingBox())?.height)
    .toBeGreaterThan(10);
  const shortest = values.reduce((a, b) => (b.length < a.length ? b : a));
  const short = page.getByLabel(`Name of component ${values.indexOf(shortest) + 1}`, { exact: true });
  const shortBrand = short.locator("xpath=ancestor::tr[1]").getByRole("textbox", { name: /^Brand of/ });
  expect((await short.boundingBox())!.height).toBe((await shortBrand.boundingBox())!.height);
  expect(await field.evaluate((f) => f.scrollHeight <= f.clientHeight)).toBe(true);

  await page.getByRole("button", { name: "Import Components (17)" }).click();
  const cards = page.getByRole("list", { name: "Parts bin components" }).getByRole("listitem");
  await expect(cards).toHaveCount(17);
  await expect(cards.filter({ hasText: longest.slice(0, 60) })).toHaveCount(1);
});

test("import from a website: the server reads the page", async ({ page, rider }) => {
  expect(rider.email).toBeTruthy();
  const html = read("024-trek-marlin-7-rento/page.html");
  const server = createServer((_req, res) => {
    res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
    res.end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  try {
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/marlin-7`;
    await page.goto("/parts-bin");
    await page.getByRole("button", { name: /Import from website/ }).click();
    await page.getByRole("button", { name: "Fetch Components" }).click();
    await expect(
      page.getByRole("alert").filter({ hasText: "Please enter a URL to a bicycle specification page" }),
    ).toBeVisible();
    await page.getByLabel("Specification page URL").fill(url);
    await page.getByRole("button", { name: "Fetch Components" }).click();
    await expect(page.getByText("Found 3 components")).toBeVisible();
    await page.getByRole("button", { name: "Import Components (3)" }).click();
    const cards = page.getByRole("list", { name: "Parts bin components" }).getByRole("listitem");
    await expect(cards).toHaveCount(3);
    await expect(cards.filter({ hasText: "Shimano MT200 Hydraulic Disc" })).toContainText("Brakes");
    await expect(cards.filter({ hasText: "Bontrager Arvada" })).toContainText("Saddle");
  } finally {
    server.close();
  }
});

test.describe("parts imported onto a bicycle", () => {
  // The refused date is a 400 the browser logs.
  test.use({ allowedConsoleErrors: [/status of 400/] });

  test("take one install date: the bicycle's rides since then wear them; a future date is refused", async ({
    page,
    baseURL,
    rider,
  }) => {
    expect(rider.email).toBeTruthy();
    const localDay = (daysFromToday: number) => {
      const d = new Date(Date.now() + daysFromToday * 86_400_000);
      return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
    };
    const bicycle = await createBicycleThroughApi(page, baseURL!, { name: "Tourer" });
    await createRideThroughApi(page, baseURL!, bicycle.id, {
      name: "Weekend",
      startedAt: new Date(Date.now() - 20 * 86_400_000).toISOString(),
      distanceKm: 80,
      movingSeconds: 4 * 3600,
    });

    await page.goto(`/bicycles/${bicycle.id}`);
    await page.getByRole("button", { name: /Import from Text/ }).click();
    await page.getByLabel("Specification text").fill("Chain: KMC X12");
    await page.getByRole("button", { name: "Find Components" }).click();
    await expect(page.getByTestId("import-row")).toHaveCount(1);
    const installedOn = page.getByLabel("Installed on");
    await expect(installedOn).toHaveValue(localDay(0));
    await expect(installedOn).toHaveAccessibleDescription(
      "When they were fitted: rides on this bicycle from that day count towards their wear.",
    );
    // Only for parts going on the bicycle.
    await page.getByLabel("Parts bin").check();
    await expect(installedOn).toHaveCount(0);
    await page.getByLabel("This bicycle (Tourer)").check();

    await installedOn.fill(localDay(10));
    await page.getByRole("button", { name: "Import Components (1)" }).click();
    const refused = "Installed on must be a date that is not in the future";
    await expect(installedOn).toHaveAccessibleDescription(refused);
    await expect(installedOn).toHaveAttribute("aria-invalid", "true");
    const stored = await page.request.get(`/api/bicycles/${bicycle.id}/components`);
    expect(((await stored.json()) as { components: unknown[] }).components).toHaveLength(0);

    await installedOn.fill(localDay(-30));
    await expect(installedOn).not.toHaveAttribute("aria-invalid", "true");
    await page.getByRole("button", { name: "Import Components (1)" }).click();
    await expect(page.getByText("1 component added to Tourer.")).toBeVisible();
    await expect(page.getByRole("list", { name: "Components" })).toContainText("80 km · 4 h");
  });
});
