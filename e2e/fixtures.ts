import { test as base, expect, type Page } from "@playwright/test";
import { lastLinkTo } from "../src/server/testing/outbox.ts";

export interface Rider {
  email: string;
  password: string;
}

let counter = 0;

/**
 * Creates a user through the API and confirms it as a user would, by opening the emailed link (read from
 * the test server's outbox); the page's browser context then carries the session cookie.
 */
export async function signUpThroughApi(page: Page, baseURL: string): Promise<Rider> {
  const rider = {
    email: `rider-${Date.now()}-${++counter}-${Math.random().toString(36).slice(2, 7)}@example.com`,
    password: "correct-horse",
  };
  const response = await page.request.post("/api/auth/sign-up/email", {
    data: { ...rider, name: "" },
    headers: { Origin: baseURL },
  });
  expect(response.status()).toBe(200);
  const link = lastLinkTo(process.env.E2E_DATA_DIR!, rider.email, "/api/auth/verify-email");
  expect(link, "verification mail").not.toBeNull();
  await page.request.get(link!);
  return rider;
}

export async function createBicycleThroughApi(page: Page, baseURL: string, data: Record<string, unknown>) {
  const response = await page.request.post("/api/bicycles", { data, headers: { Origin: baseURL } });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { bicycle: { id: string; name: string } }).bicycle;
}

export async function createComponentThroughApi(page: Page, baseURL: string, data: Record<string, unknown>) {
  const response = await page.request.post("/api/components", { data, headers: { Origin: baseURL } });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { component: { id: string; name: string } }).component;
}

export async function createRideThroughApi(
  page: Page,
  baseURL: string,
  bicycleId: string,
  data: Record<string, unknown>,
) {
  const response = await page.request.post(`/api/bicycles/${bicycleId}/rides`, {
    data,
    headers: { Origin: baseURL },
  });
  expect(response.status()).toBe(201);
}

export async function createIntervalThroughApi(
  page: Page,
  baseURL: string,
  componentId: string,
  data: Record<string, unknown>,
) {
  const response = await page.request.post(`/api/components/${componentId}/intervals`, {
    data,
    headers: { Origin: baseURL },
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { interval: { id: string; label: string } }).interval;
}

/** Premium through billing's test mode, as the checkout page's "confirm" does: room for ten bicycles. */
/**
 * Holds the page's requests to `url` until the returned function is called: the real answer, late, as on
 * a slow connection (the page's HTML asks for its data with the scripts, so a fixed delay would race the
 * page's start).
 */
export async function holdBack(page: Page, url: string): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(url, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

export async function becomePremiumThroughApi(page: Page, baseURL: string) {
  const headers = { Origin: baseURL };
  const checkout = await page.request.post("/api/billing/checkout", { headers });
  expect(checkout.status()).toBe(200);
  const checkoutId = new URL((await checkout.json()).url, baseURL).searchParams.get("id");
  const confirmed = await page.request.post("/api/billing/test/confirm", { data: { checkoutId }, headers });
  expect(confirmed.status()).toBe(200);
}

/** Every test fails on a console error or an uncaught page error, unless it names the ones it expects. */
export const test = base.extend<{ allowedConsoleErrors: RegExp[]; rider: Rider }>({
  allowedConsoleErrors: [[], { option: true }],
  page: async ({ page, allowedConsoleErrors }, use) => {
    const errors: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error" && !allowedConsoleErrors.some((re) => re.test(message.text()))) {
        errors.push(message.text());
      }
    });
    page.on("pageerror", (error) => errors.push(error.message));
    // Console messages about failed loads do not name the URL; keep the failed responses to show with them.
    const failedResponses: string[] = [];
    page.on("response", (response) => {
      if (response.status() >= 400)
        failedResponses.push(`${response.status()} ${response.request().method()} ${response.url()}`);
    });
    await use(page);
    expect(errors, `console errors (failed responses: ${failedResponses.join(", ") || "none"})`).toEqual([]);
  },
  rider: async ({ page, baseURL }, use) => {
    await use(await signUpThroughApi(page, baseURL!));
  },
});

export { expect };
