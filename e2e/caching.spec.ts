import type { Response } from "@playwright/test";
import { createBicycleThroughApi, expect, test } from "./fixtures.ts";

test("the bicycle list refetched on returning to the tab is revalidated: a 304 without a body", async ({
  page,
  rider: _rider,
  baseURL,
}) => {
  await createBicycleThroughApi(page, baseURL!, { name: "Commuter" });
  const answers: Response[] = [];
  page.on("response", (response) => {
    if (new URL(response.url()).pathname === "/api/bicycles") answers.push(response);
  });
  await page.clock.install();
  await page.goto("/bicycles");
  await expect(page.getByText("Commuter")).toBeVisible();
  await expect.poll(() => answers.length).toBe(1);
  const etag = (await answers[0]!.allHeaders()).etag;
  expect(etag).toMatch(/^"[0-9a-f]{40}"$/);

  // Leaving the tab and coming back once the list is stale (30 s): TanStack Query refetches it on focus.
  await page.clock.fastForward(31_000);
  await page.evaluate(() => {
    Object.defineProperty(document, "visibilityState", { value: "hidden", configurable: true });
    window.dispatchEvent(new Event("visibilitychange"));
    Object.defineProperty(document, "visibilityState", { value: "visible", configurable: true });
    window.dispatchEvent(new Event("visibilitychange"));
  });
  await expect.poll(() => answers.length).toBe(2);
  // The browser asks with the tag it holds; the server's 304 has no body (no length, no type), and the
  // browser hands the page its kept copy (which Playwright reports as the 200 the page sees).
  expect((await answers[1]!.request().allHeaders())["if-none-match"]).toBe(etag);
  const revalidated = await answers[1]!.allHeaders();
  expect(revalidated.etag).toBe(etag);
  expect(revalidated["content-length"]).toBeUndefined();
  expect(revalidated["content-type"]).toBeUndefined();
  await expect(page.getByText("Commuter")).toBeVisible();
});
