import { readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { createBicycleThroughApi, expect, signUpThroughApi, test } from "./fixtures.ts";

const dist = path.resolve(import.meta.dirname, "..", "dist");

/**
 * Deploys a new version as far as the browser can tell: the server's /sw.js lists other files (this build's
 * entry script and a page's chunk are gone from it, as a new build names them anew) until the returned
 * function is called.
 */
function deployNewWorker(): () => void {
  const file = path.join(dist, "sw.js");
  const worker = readFileSync(file, "utf8");
  const entry = /\{url:"(assets\/index-[^"]+\.js)",revision:null\},?/.exec(worker);
  const chunk = /\{url:"(assets\/rides-[^"]+\.js)",revision:null\},?/.exec(worker);
  expect(entry && chunk, "the worker precaches the entry script and the Rides page").toBeTruthy();
  // The server sends sw.js.br or sw.js.gz when there is one: gone while the new worker is served.
  for (const copy of [".br", ".gz"]) renameSync(`${file}${copy}`, `${file}${copy}.old`);
  writeFileSync(file, worker.replace(entry![0], "").replace(chunk![0], ""));
  return () => {
    writeFileSync(file, worker);
    for (const copy of [".br", ".gz"]) renameSync(`${file}${copy}.old`, `${file}${copy}`);
  };
}

/** The installable app (docs/decisions/0038-installable-app.md): manifest, service worker, offline page. */
test.describe("installable app", () => {
  test.use({ serviceWorkers: "allow", allowedConsoleErrors: [/ERR_INTERNET_DISCONNECTED/] });
  // One after the other: a test here serves a new version of the worker for a while.
  test.describe.configure({ mode: "serial" });

  test("the page links a manifest with icons and the theme colours of both themes", async ({ page }) => {
    await page.goto("/");
    const href = await page.locator('link[rel="manifest"]').getAttribute("href");
    expect(href).toBe("/manifest.webmanifest");
    const response = await page.request.get(href!);
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toContain("manifest+json");
    const manifest = (await response.json()) as {
      name: string;
      start_url: string;
      display: string;
      theme_color: string;
      icons: { src: string; sizes: string; purpose?: string }[];
    };
    expect(manifest).toMatchObject({ name: "Velolog", start_url: "/dashboard", display: "standalone" });
    expect(manifest.icons.map((icon) => icon.sizes)).toEqual(expect.arrayContaining(["192x192", "512x512"]));
    expect(manifest.icons.some((icon) => icon.purpose === "maskable")).toBe(true);
    for (const icon of manifest.icons) {
      const image = await page.request.get(icon.src);
      expect(image.status(), icon.src).toBe(200);
      expect(image.headers()["content-type"], icon.src).toMatch(/^image\//);
    }
    const themeColors = page.locator('meta[name="theme-color"]');
    await expect(themeColors).toHaveCount(2);
    // The browser's bar follows the chosen theme (dark by default, then light).
    await expect(themeColors.first()).toHaveAttribute("content", "#080f11");
    await page.getByRole("button", { name: "Theme" }).click();
    await page.getByRole("menuitemradio", { name: "Light" }).click();
    await expect(themeColors.first()).toHaveAttribute("content", "#fafcfc");
  });

  test("the service worker keeps the scripts for offline use, never API answers, and shows the offline page", async ({
    page,
    context,
    rider,
  }) => {
    expect(rider.email).toBeTruthy();
    await page.goto("/dashboard");
    await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    // Precaching has finished when the worker is active; the page's own script is among the cached files.
    const cached = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys())
        for (const request of await (await caches.open(name)).keys())
          urls.push(new URL(request.url).pathname);
      return urls;
    });
    const entry = await page.locator('script[type="module"]').first().getAttribute("src");
    expect(cached).toContain(entry);
    expect(cached).toContain("/offline.html");
    expect(cached.filter((url) => url.startsWith("/api/"))).toEqual([]);
    // The public pages' photos are not downloaded for the app: only a visit to those pages fetches them.
    expect(cached.filter((url) => /^\/(landing|demo)\//.test(url))).toEqual([]);

    // The worker's answer to the headers: the server's security headers come with it too.
    const worker = await page.request.get("/sw.js");
    expect(worker.headers()["content-security-policy"]).toContain("script-src 'self'");

    await context.setOffline(true);
    // Scripts come from the cache; API answers do not (the request fails without a connection).
    expect(await page.evaluate((src) => fetch(src!).then((r) => r.status), entry)).toBe(200);
    expect(
      await page.evaluate(() =>
        fetch("/api/dashboard").then(
          () => "answered",
          () => "failed",
        ),
      ),
    ).toBe("failed");
    await page.goto("/bicycles");
    await expect(page.getByRole("heading", { name: "You're offline" })).toBeVisible();
    await context.setOffline(false);
    await page.getByRole("link", { name: "Try again" }).click();
    await expect(page.getByRole("heading", { name: "Bicycles" })).toBeVisible();
  });

  test("a share link's visitor is not sent the app: no service worker and no precache", async ({
    page,
    browser,
    baseURL,
    rider,
  }) => {
    expect(rider.email).toBeTruthy();
    const bicycle = await createBicycleThroughApi(page, baseURL!, { name: "For Sale" });
    const shared = await page.request.post(`/api/bicycles/${bicycle.id}/share`, {
      data: {},
      headers: { Origin: baseURL! },
    });
    const { link } = (await shared.json()) as { link: { token: string } };
    const visitor = await browser.newContext({ serviceWorkers: "allow" });
    const visitorPage = await visitor.newPage();
    await visitorPage.goto(`${baseURL}/shared/${link.token}`);
    await expect(visitorPage.getByRole("heading", { name: "For Sale" })).toBeVisible();
    await visitorPage.waitForLoadState("networkidle");
    expect(await visitorPage.evaluate(() => navigator.serviceWorker.getRegistrations())).toHaveLength(0);
    // The same visitor on the site's own pages gets the worker, as any visitor does.
    await visitorPage.goto("/about");
    await visitorPage.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await visitor.close();
  });

  test("the offline page is in the theme the rider chose, as is the browser's bar above it", async ({
    page,
    context,
  }) => {
    // A phone in dark mode, a rider who chose the light theme.
    await page.emulateMedia({ colorScheme: "dark" });
    await page.goto("/");
    await page.getByRole("button", { name: "Theme" }).click();
    await page.getByRole("menuitemradio", { name: "Light" }).click();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await context.setOffline(true);
    await page.goto("/about");
    await expect(page.getByRole("heading", { name: "You're offline" })).toBeVisible();
    const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(await background()).toBe("rgb(250, 252, 252)");
    await expect(page.locator('meta[name="theme-color"]').first()).toHaveAttribute("content", "#fafcfc");
    // The app's default theme is dark, whatever the phone's mode.
    await page.evaluate(() => localStorage.removeItem("velolog-theme"));
    await page.emulateMedia({ colorScheme: "light" });
    await page.reload();
    await expect(page.getByRole("heading", { name: "You're offline" })).toBeVisible();
    expect(await background()).toBe("rgb(8, 15, 17)");
    await expect(page.locator('meta[name="theme-color"]').first()).toHaveAttribute("content", "#080f11");
  });

  test("a version deployed while the app is open is fetched on coming back to it, and the next page opened is the new one", async ({
    page,
    rider,
  }) => {
    expect(rider.email).toBeTruthy();
    await page.goto("/dashboard");
    await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    // This page's document, to tell it from one loaded afresh.
    await page.evaluate(() => Object.assign(window, { loadedBeforeTheDeploy: true }));
    await page.evaluate(() =>
      navigator.serviceWorker.addEventListener("controllerchange", () =>
        Object.assign(window, { newVersionTookOver: true }),
      ),
    );
    const undoDeploy = deployNewWorker();
    try {
      // The rider switches to another app and back: the app looks for a new version, which takes over.
      await page.evaluate(() => {
        Object.defineProperty(document, "visibilityState", { value: "hidden", configurable: true });
        document.dispatchEvent(new Event("visibilitychange"));
        Object.defineProperty(document, "visibilityState", { value: "visible", configurable: true });
        document.dispatchEvent(new Event("visibilitychange"));
      });
      // Once in place (its cache without the old version's files).
      await expect
        .poll(
          () =>
            page.evaluate(
              () =>
                "newVersionTookOver" in window && navigator.serviceWorker.controller?.state === "activated",
            ),
          { timeout: 15_000 },
        )
        .toBe(true);
    } finally {
      undoDeploy();
    }
    // The next page is loaded as a page of the new version, not drawn with the old version's scripts.
    await page.getByRole("link", { name: "Rides" }).first().click();
    await expect(page.getByRole("heading", { name: "Rides" })).toBeVisible();
    await expect.poll(() => page.evaluate(() => "loadedBeforeTheDeploy" in window)).toBe(false);
    await expect(page.getByRole("heading", { name: "Rides" })).toBeVisible();
  });

  // Here, not in caching.spec.ts: every test that lets the service worker run is in this serial block.
  test("on a browser two riders share, the second sees nothing of the first's from a cache: not after signing out, not with Back", async ({
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

test.describe("a connection that drops", () => {
  // The failed requests (no connection, a proxy's 502), and React's report of a chunk that did not load.
  test.use({
    allowedConsoleErrors: [
      /ERR_INTERNET_DISCONNECTED|status of 502|Failed to fetch dynamically imported module/,
    ],
  });

  test("as the app starts leaves the page on screen, and toasts show once it is back", async ({
    page,
    context,
    rider,
  }) => {
    expect(rider.email).toBeTruthy();
    // The toasts' script, which the page asks for once it has painted, does not arrive.
    await context.route(/\/assets\/themed-toaster-[^/]+\.js$/, (route) =>
      route.abort("internetdisconnected"),
    );
    const toasterFailed = page.waitForEvent("requestfailed", (request) =>
      request.url().includes("themed-toaster"),
    );
    await page.goto("/bicycles");
    await toasterFailed;
    await context.unrouteAll();
    await context.setOffline(true);
    await context.setOffline(false);
    // The page is still there to use, and says what it did.
    await page.getByRole("button", { name: "Add Bicycle" }).first().click();
    await page.getByLabel("Name", { exact: true }).fill("Night Train");
    await page.getByRole("button", { name: "Add Bicycle" }).last().click();
    await expect(page.getByText("Bicycle added successfully.")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Night Train", level: 1 })).toBeVisible();
  });

  test("or a server restarting, as a signed-in page starts: the rider's page once it answers, never the signed-out site", async ({
    page,
    rider,
    baseURL,
  }) => {
    expect(rider.email).toBeTruthy();
    await createBicycleThroughApi(page, baseURL!, { name: "Own Steed" });
    // The session check gets no answer twice (a proxy's 502 while the server restarts), then the real one.
    let unanswered = 2;
    await page.route("**/api/auth/get-session", (route) =>
      unanswered-- > 0 ? route.fulfill({ status: 502, body: "Bad Gateway" }) : route.continue(),
    );
    await page.goto("/bicycles");
    await expect(page.getByText("Own Steed")).toBeVisible({ timeout: 15_000 });
    await expect(page.getByRole("heading", { name: "My Bicycles" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Sign In" })).toBeHidden();
  });

  test("or a server restarting, when the open app checks the session again: the rider's page stays", async ({
    page,
    rider,
    baseURL,
  }) => {
    expect(rider.email).toBeTruthy();
    await createBicycleThroughApi(page, baseURL!, { name: "Own Steed" });
    await page.clock.install();
    await page.goto("/bicycles");
    await expect(page.getByText("Own Steed")).toBeVisible();
    const unanswered: string[] = [];
    await page.route("**/api/auth/get-session", (route) => {
      unanswered.push(route.request().url());
      return route.fulfill({ status: 502, body: "Bad Gateway" });
    });
    // Back to the tab once the session is due to be checked again (60 s): the check and its retries fail.
    await page.clock.fastForward(61_000);
    await page.evaluate(() => {
      Object.defineProperty(document, "visibilityState", { value: "hidden", configurable: true });
      window.dispatchEvent(new Event("visibilitychange"));
      Object.defineProperty(document, "visibilityState", { value: "visible", configurable: true });
      window.dispatchEvent(new Event("visibilitychange"));
    });
    await expect.poll(() => unanswered.length).toBeGreaterThan(0);
    await page.clock.fastForward(10_000);
    await expect.poll(() => unanswered.length).toBe(3);
    await expect(page.getByRole("heading", { name: "My Bicycles" })).toBeVisible();
    await expect(page.getByText("Own Steed")).toBeVisible();
    await expect(page.getByRole("link", { name: "Sign In" })).toBeHidden();
  });

  test("before a menu has loaded leaves the page on screen when the menu is pressed", async ({
    page,
    context,
  }) => {
    // The menus' script is fetched when the Theme button is first pointed at or pressed: it does not arrive.
    await context.route(/\/assets\/user-menu-[^/]+\.js$/, (route) => route.abort("internetdisconnected"));
    await page.goto("/");
    const heading = page.getByRole("heading", { name: "Keep your bikes in top shape" });
    await expect(heading).toBeVisible();
    // React reports the failure once it has drawn what stands in for the menu.
    const menuFailed = page.waitForEvent("console", (message) =>
      message.text().includes("Failed to fetch dynamically imported module"),
    );
    await page.getByRole("button", { name: "Theme" }).click();
    await menuFailed;
    // The visitor still has the page they were reading (no menu, no "This page could not be loaded").
    await expect(page.getByRole("button", { name: "Theme" })).toBeVisible();
    await expect(heading).toBeVisible();
    await expect(page.getByText("This page could not be loaded")).toBeHidden();
    await page.getByRole("link", { name: "About" }).first().click();
    await expect(page.getByRole("heading", { name: "About", level: 1 })).toBeVisible();
  });
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 375, height: 800 }, isMobile: true, hasTouch: true });

  test("the photo picker offers the camera, and a photo taken goes in like a chosen file", async ({
    page,
    rider,
  }) => {
    expect(rider.email).toBeTruthy();
    await page.goto("/bicycles");
    await page.getByRole("button", { name: "Add Bicycle" }).first().click();
    await expect(page.getByRole("button", { name: "Take photo" })).toBeVisible();
    const camera = page.getByLabel("Take a photo", { exact: true });
    await expect(camera).toHaveAttribute("capture", "environment");
    const jpeg = await sharp({ create: { width: 640, height: 480, channels: 3, background: "#2a9d8f" } })
      .jpeg()
      .toBuffer();
    await camera.setInputFiles({ name: "camera.jpg", mimeType: "image/jpeg", buffer: jpeg });
    await expect(page.getByAltText("Photo preview")).toBeVisible();
  });
});

test("with a mouse, the photo picker offers files only", async ({ page, rider }) => {
  expect(rider.email).toBeTruthy();
  await page.goto("/bicycles");
  await page.getByRole("button", { name: "Add Bicycle" }).first().click();
  await expect(page.getByRole("button", { name: "Choose file" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Take photo" })).toBeHidden();
});
