import type { Response } from "@playwright/test";
import { createBicycleThroughApi, expect, signUpThroughApi, test } from "./fixtures.ts";

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

test.describe("on a browser two riders share", () => {
  // With the installable app's service worker, as on a phone where the app is installed.
  test.use({ serviceWorkers: "allow" });

  test("the second sees nothing of the first's from a cache: not after signing out, not with Back", async ({
    page,
    rider: _rider,
    baseURL,
  }) => {
    await createBicycleThroughApi(page, baseURL!, { name: "First Rider's Steed" });
    await page.goto("/bicycles");
    await expect(page.getByText("First Rider's Steed")).toBeVisible();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    const signedInAnswer = await page.request.get("/api/bicycles");
    // Kept by this browser only, and asked for again on each use.
    expect(signedInAnswer.headers()["cache-control"]).toBe("private, no-cache");

    await page.getByRole("button", { name: "User menu" }).click();
    await page.getByRole("menuitem", { name: "Sign Out" }).click();
    await expect(page).toHaveURL(/\/$/);
    await page.goBack();
    await expect(page.getByRole("heading", { name: "Demo Bicycles" })).toBeVisible();
    await expect(page.getByText("First Rider's Steed")).toBeHidden();

    await signUpThroughApi(page, baseURL!);
    await page.goto("/bicycles");
    await expect(page.getByText("No bicycles yet. Add your first one!")).toBeVisible();
    await expect(page.getByText("First Rider's Steed")).toBeHidden();
    const stored = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys())
        for (const request of await (await caches.open(name)).keys())
          urls.push(new URL(request.url).pathname);
      return urls;
    });
    expect(stored.filter((url) => url.startsWith("/api/"))).toEqual([]);
  });
});
