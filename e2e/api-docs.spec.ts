import { expect, test } from "./fixtures.ts";

test("the API reference loads from our own origin, without console errors, and lists the routes", async ({
  page,
  baseURL,
}) => {
  const foreign: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.protocol.startsWith("http") && url.origin !== new URL(baseURL!).origin)
      foreign.push(request.url());
  });
  const response = await page.goto("/api/docs");
  expect(response?.status()).toBe(200);
  await expect(page.getByText("Velolog API").first()).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText("List your bicycles").first()).toBeVisible();
  await expect(page.getByText("Add a bicycle").first()).toBeVisible();
  expect(foreign).toEqual([]);
});

test("the footer and Account Settings link to the API reference", async ({ page, rider }) => {
  void rider;
  await page.goto("/account");
  await expect(page.getByRole("link", { name: "API reference" })).toHaveAttribute("href", "/api/docs");
  await expect(page.locator("footer").getByRole("link", { name: "API", exact: true })).toHaveAttribute(
    "href",
    "/api/docs",
  );
});
