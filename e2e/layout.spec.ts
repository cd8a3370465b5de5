import type { Page } from "@playwright/test";
import {
  becomePremiumThroughApi,
  createBicycleThroughApi,
  createComponentThroughApi,
  createIntervalThroughApi,
  expect,
  holdBack,
  signUpThroughApi,
  test,
} from "./fixtures.ts";

/**
 * Tabs through the page from its top until `name` has the focus, and checks at every step that the focused
 * control shows between the sticky header and the fixed tab bar (controls in those two, and the visually
 * hidden ones, aside).
 */
async function tabToClearOfBars(page: Page, name: string, maxSteps = 80) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.locator("body").focus();
  for (let step = 0; step < maxSteps; step++) {
    await page.keyboard.press("Tab");
    const focused = await page.evaluate(() => {
      const element = document.activeElement as HTMLElement | null;
      if (!element || element === document.body) return null;
      const label = element.getAttribute("aria-label") ?? element.textContent?.trim() ?? "";
      const box = element.getBoundingClientRect();
      // The bars themselves, and the skip link that shows fixed over the header.
      const inBars =
        element.closest("header, nav[aria-label=Tabs]") !== null ||
        getComputedStyle(element).position === "fixed";
      const hidden = box.width <= 1 || box.height <= 1;
      const headerBottom = document.querySelector("header")!.getBoundingClientRect().bottom;
      const barTop = document.querySelector("nav[aria-label=Tabs]")!.getBoundingClientRect().top;
      return { label, top: box.top, bottom: box.bottom, skip: inBars || hidden, headerBottom, barTop };
    });
    if (!focused || focused.skip) continue;
    expect(focused.top, `${focused.label} is below the header`).toBeGreaterThanOrEqual(focused.headerBottom);
    expect(focused.bottom, `${focused.label} is above the tab bar`).toBeLessThanOrEqual(focused.barTop);
    if (focused.label === name) return;
  }
  throw new Error(`Tab never reached ${name}`);
}

test("dark by default; the theme choice survives a reload", async ({ page }) => {
  await page.goto("/");
  await expect(page.locator("html")).toHaveClass(/dark/);
  await page.getByRole("button", { name: "Theme" }).click();
  await page.getByRole("menuitemradio", { name: "Light" }).click();
  await expect(page.locator("html")).not.toHaveClass(/dark/);
  await page.reload();
  await expect(page.locator("html")).not.toHaveClass(/dark/);
  expect(await page.evaluate(() => localStorage.getItem("velolog-theme"))).toBe("light");
});

test("the header, footer and signed-out links", async ({ page }) => {
  await page.goto("/");
  const nav = page.getByRole("navigation", { name: "Main" });
  for (const name of ["Dashboard", "Pricing", "FAQ", "About"])
    await expect(nav.getByRole("link", { name })).toBeVisible();
  await expect(page.getByRole("link", { name: "Sign In" })).toHaveAttribute("href", "/auth");
  // Sign Up opens the sign-up form, not the sign-in one.
  await page.getByRole("link", { name: "Sign Up" }).click();
  await expect(page).toHaveURL(/\/auth\?tab=signup$/);
  await expect(page.getByRole("tab", { name: "Sign Up" })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByLabel("Confirm password")).toBeVisible();
  await page.goto("/");
  for (const column of ["Product", "Resources", "Support", "Legal"]) {
    await expect(page.getByRole("navigation", { name: column })).toBeVisible();
  }
  const support = page.getByRole("navigation", { name: "Support" });
  await expect(support.getByRole("link", { name: "Contact" })).toHaveAttribute("href", /^mailto:/);
  await expect(support.getByRole("link", { name: "Help Center" })).toHaveAttribute("href", "/faq");
  await expect(support.getByRole("link", { name: "Feedback" })).toHaveCount(0);
});

test("signed in, the footer offers Feedback and the header the app's screens", async ({ page, rider }) => {
  expect(rider.email).toBeTruthy();
  await page.goto("/bicycles");
  const nav = page.getByRole("navigation", { name: "Main" });
  for (const name of ["Dashboard", "Bicycles", "Parts Bin"])
    await expect(nav.getByRole("link", { name })).toBeVisible();
  await expect(
    page.getByRole("navigation", { name: "Support" }).getByRole("link", { name: "Feedback" }),
  ).toBeVisible();
  await page.getByRole("button", { name: "User menu" }).click();
  for (const name of ["Account Settings", "Shared Links", "Sign Out"]) {
    await expect(page.getByRole("menuitem", { name })).toBeVisible();
  }
  for (const name of ["Light", "Dark", "System"])
    await expect(page.getByRole("menuitemradio", { name })).toBeVisible();
});

test.describe("at 375 px wide", () => {
  test.use({ viewport: { width: 375, height: 800 } });

  test("the bottom tab bar shows and the header links collapse", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
    const tabs = page.getByRole("navigation", { name: "Tabs" });
    await expect(tabs).toBeVisible();
    for (const name of ["Home", "Demo", "About", "Sign In"])
      await expect(tabs.getByRole("link", { name })).toBeVisible();
    await expect(tabs.getByRole("link", { name: "Demo" })).toHaveAttribute("href", "/bicycles");
  });

  test("signed in, the tabs are Dashboard, Bicycles, Parts, Rides and Account", async ({ page, rider }) => {
    expect(rider.email).toBeTruthy();
    await page.goto("/bicycles");
    const tabs = page.getByRole("navigation", { name: "Tabs" });
    for (const [name, href] of [
      ["Dashboard", "/dashboard"],
      ["Bicycles", "/bicycles"],
      ["Parts", "/parts-bin"],
      ["Rides", "/rides"],
      ["Account", "/account"],
    ]) {
      await expect(tabs.getByRole("link", { name })).toHaveAttribute("href", href!);
    }
    await tabs.getByRole("link", { name: "Rides" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Rides" })).toBeVisible();
    await expect(tabs.getByRole("link", { name: "Rides" })).toHaveAttribute("aria-current", "page");
  });

  test("signed in, a slim footer sits above the tab bar instead of the four columns", async ({
    page,
    rider,
  }) => {
    expect(rider.email).toBeTruthy();
    await page.goto("/dashboard");
    await expect(page.getByRole("navigation", { name: "Legal" })).toBeHidden();
    const slim = page.getByRole("navigation", { name: "Footer" });
    await expect(slim.getByRole("link", { name: "Privacy" })).toHaveAttribute("href", "/privacy-policy");
    await expect(page.getByText("No bicycles yet. Add your first one!")).toBeVisible();
    // Scrolled to the end, the footer's links are not under the fixed tab bar. The page may still grow as its
    // later sections render, so it scrolls and measures again until the layout has settled.
    const bar = page.getByRole("navigation", { name: "Tabs" });
    await expect
      .poll(async () => {
        await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
        const footerBottom = await slim.evaluate((nav) => nav.getBoundingClientRect().bottom);
        const barTop = await bar.evaluate((element) => element.getBoundingClientRect().top);
        return footerBottom - barTop;
      })
      .toBeLessThanOrEqual(0);
  });

  test("a control reached with Tab scrolls clear of the sticky header and the tab bar, down and back up", async ({
    page,
    baseURL,
    rider,
  }) => {
    expect(rider.email).toBeTruthy();
    await page.setViewportSize({ width: 375, height: 667 });
    await becomePremiumThroughApi(page, baseURL!);
    await page.goto("/account");
    await expect(page.getByRole("button", { name: "Manage subscription" })).toBeVisible();
    await tabToClearOfBars(page, "Manage subscription");
    await expect(page.getByRole("button", { name: "Manage subscription" })).toBeFocused();

    // The parts bin's list, longer than the screen: each part's checkbox, and back up with Shift+Tab.
    for (let n = 1; n <= 8; n++) {
      await createComponentThroughApi(page, baseURL!, { name: `Spare part ${n}`, type: "Other" });
    }
    await page.goto("/parts-bin");
    await expect(page.getByRole("checkbox", { name: "Select Spare part 8" })).toBeVisible();
    const last = await page
      .getByRole("checkbox", { name: /^Select Spare part/ })
      .last()
      .getAttribute("aria-label");
    await tabToClearOfBars(page, last!);
    for (let step = 0; step < 30; step++) {
      await page.keyboard.press("Shift+Tab");
      const box = await page.evaluate(() => {
        const element = document.activeElement as HTMLElement;
        const rect = element.getBoundingClientRect();
        return {
          top: rect.top,
          headerBottom: document.querySelector("header")!.getBoundingClientRect().bottom,
          inHeader: element.closest("header") !== null,
          hidden: rect.width <= 1,
        };
      });
      if (box.inHeader) break;
      if (!box.hidden) expect(box.top).toBeGreaterThanOrEqual(box.headerBottom);
    }
  });

  test("signed out, the full footer stays", async ({ page }) => {
    await page.goto("/faq");
    await expect(page.getByRole("navigation", { name: "Legal" })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Footer" })).toHaveCount(0);
  });
});

/**
 * The controls on the page (the open dialog's, when one is) a finger can miss: buttons, links drawn as
 * buttons, back links, the header's and tab bar's links, tabs, menu items, fields and selects under 44 x 44
 * px, and checkboxes and radios whose press area does not reach 20 px to each side of their middle. Links in
 * running text and the footer's lists (spaced apart, WCAG 2.5.8's exception) are left out, as are toasts.
 */
async function smallTouchTargets(page: Page) {
  return page.evaluate(async () => {
    // Measured where an opening menu or dialog comes to rest (it zooms in).
    const opening = document
      .getAnimations()
      .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity);
    // One cancelled on the way (a toast leaving) rejects its promise: settled is enough.
    await Promise.allSettled(opening.map((animation) => animation.finished));
    const scope = document.querySelector("[role=dialog], [role=alertdialog]") ?? document;
    const small: string[] = [];
    const shown = (element: Element) => {
      const box = element.getBoundingClientRect();
      return (
        box.width > 1 &&
        box.height > 1 &&
        !element.closest("[aria-hidden=true], [data-sonner-toaster], footer")
      );
    };
    const name = (element: Element) =>
      element.getAttribute("aria-label") ?? element.textContent?.trim().slice(0, 40) ?? element.id;
    for (const element of scope.querySelectorAll(
      "button:not([role=checkbox], [role=radio]), a[data-slot=button], header a, nav[aria-label=Tabs] a, main a:has(> svg:first-child), [role=tab], [role=menuitem], [role=menuitemradio], input:not([type=checkbox], [type=radio], [type=file], [type=hidden]), select",
    )) {
      if (!shown(element)) continue;
      const box = element.getBoundingClientRect();
      if (box.width < 44 || box.height < 44)
        small.push(`${name(element)}: ${Math.round(box.width)} x ${Math.round(box.height)}`);
    }
    for (const element of scope.querySelectorAll("[role=checkbox], [role=radio]")) {
      if (!shown(element)) continue;
      // Measured where a finger would press it: on the screen.
      element.scrollIntoView({ block: "center" });
      const box = element.getBoundingClientRect();
      const [x, y] = [box.left + box.width / 2, box.top + box.height / 2];
      const reaches = [x - 20, x + 20].every(
        (at) => document.elementFromPoint(at, y)?.closest("[role=checkbox], [role=radio]") === element,
      );
      if (!reaches) small.push(`${name(element)}: its press area is ${Math.round(box.width)} px wide`);
    }
    return small;
  });
}

test.describe("on a touch phone", () => {
  test.use({ viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true });

  test("a new rider's first screens have controls a finger can hit: 44 px, checkboxes and radios with a 44 px press area", async ({
    page,
    rider,
  }) => {
    expect(rider.email).toBeTruthy();
    const check = async (where: string) =>
      expect(await smallTouchTargets(page), `small touch targets on ${where}`).toEqual([]);

    await page.goto("/dashboard");
    await expect(page.getByText("No bicycles yet. Add your first one!")).toBeVisible();
    await check("the empty dashboard");
    await page.getByRole("link", { name: "Add a bicycle", exact: true }).click();
    await page.getByLabel("Name", { exact: true }).fill("Trail Hardtail");
    await check("the add form");
    await page.getByRole("button", { name: "Add Bicycle" }).last().click();
    await expect(page.getByRole("heading", { name: "Trail Hardtail", level: 1 })).toBeVisible();
    await check("the new bicycle's page");
    await page.getByRole("button", { name: "Add Component" }).click();
    await check("the add component form");
    await page.getByRole("button", { name: "Cancel" }).click();

    await page.getByRole("button", { name: "Edit" }).click();
    const dialog = page.getByRole("dialog", { name: "Edit Bicycle" });
    await expect(dialog).toBeVisible();
    await check("the Edit Bicycle dialog");
    // Its close button, in the corner, too.
    const close = (await dialog.getByRole("button", { name: "Close" }).boundingBox())!;
    expect(Math.min(close.width, close.height)).toBeGreaterThanOrEqual(44);
    await dialog.getByRole("button", { name: "Close" }).click();

    await page.getByRole("tab", { name: "Rides" }).click();
    // Nothing can be dropped on a phone: the ride files' box says what to choose instead.
    await expect(page.getByText("GPX, TCX or FIT files (gzipped too), or a .zip of them")).toBeVisible();
    await expect(page.getByText("Drop GPX, TCX or FIT files here")).toBeHidden();
    await page.getByRole("button", { name: "Add Ride" }).click();
    await check("the Add Ride dialog");
    await page.keyboard.press("Escape");

    await page.getByRole("button", { name: "User menu" }).click();
    await expect(page.getByRole("menuitem", { name: "Sign Out" })).toBeVisible();
    await check("the user menu");
    await page.keyboard.press("Escape");

    await page.goto("/account");
    await expect(page.getByRole("heading", { name: "Account Settings" })).toBeVisible();
    await check("Account Settings");
  });

  test("the user menu shows the whole address, and a setting's explanation is 14 px", async ({
    page,
    rider,
  }) => {
    await page.goto("/dashboard");
    await page.getByRole("button", { name: "User menu" }).click();
    const address = page.getByRole("menu").getByText(rider.email);
    await expect(address).toBeVisible();
    // Wrapped, not cut off with an ellipsis.
    expect(await address.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
    await page.keyboard.press("Escape");

    await page.goto("/account");
    const hint = page.getByText("At least 8 characters, and not a common password.");
    expect(
      await hint.evaluate((element) => parseFloat(getComputedStyle(element).fontSize)),
    ).toBeGreaterThanOrEqual(14);
  });

  test("on a phone with a home indicator the tabs, the footer and toasts stay clear of it", async ({
    page,
    context,
    baseURL,
  }) => {
    // Safari gives the page the insets only with viewport-fit=cover.
    await page.goto("/");
    await expect(page.locator("meta[name=viewport]")).toHaveAttribute("content", /viewport-fit=cover/);
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setSafeAreaInsetsOverride", { insets: { bottom: 34 } });
    await signUpThroughApi(page, baseURL!);
    await page.goto("/dashboard");
    await expect(page.getByText("No bicycles yet. Add your first one!")).toBeVisible();
    const bar = page.getByRole("navigation", { name: "Tabs" });
    for (const name of ["Dashboard", "Bicycles", "Parts", "Account"]) {
      const tab = (await bar.getByRole("link", { name }).boundingBox())!;
      expect(tab.y + tab.height, `${name} above the home indicator`).toBeLessThanOrEqual(812 - 34);
    }
    const barTop = (await bar.boundingBox())!.y;
    const slim = page.getByRole("navigation", { name: "Footer" });
    await expect
      .poll(async () => {
        await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
        return slim.evaluate((nav) => nav.getBoundingClientRect().bottom);
      })
      .toBeLessThanOrEqual(barTop);

    await page.getByRole("button", { name: "User menu" }).click();
    await page.getByRole("menuitem", { name: "Sign Out" }).click();
    const toast = page.locator("[data-sonner-toast]").filter({ hasText: "Signed out successfully" });
    await expect(toast).toHaveAttribute("data-mounted", "true");
    await toast.evaluate((el) => Promise.all(el.getAnimations().map((animation) => animation.finished)));
    const [toastBox, barBox] = [(await toast.boundingBox())!, (await bar.boundingBox())!];
    expect(toastBox.y + toastBox.height).toBeLessThanOrEqual(barBox.y);
  });
});

test("tabs show the focus ring for the keyboard, not for a click", async ({ page }) => {
  await page.goto("/auth");
  const signUp = page.getByRole("tab", { name: "Sign Up" });
  // Read once the tab's box-shadow transition has ended (mid-way its shadow is neither look).
  const shadow = () =>
    signUp.evaluate(async (tab) => {
      await Promise.all(tab.getAnimations().map((animation) => animation.finished));
      return getComputedStyle(tab).boxShadow;
    });
  await signUp.click();
  await expect(signUp).toHaveAttribute("aria-selected", "true");
  await expect(signUp).toBeFocused();
  const clicked = await shadow();
  await signUp.evaluate((tab) => tab.blur());
  // Clicked, the selected tab looks as it does without focus: no ring.
  expect(clicked).toBe(await shadow());
  await page.getByRole("tab", { name: "Sign In" }).click();
  await page.keyboard.press("ArrowRight");
  await expect(signUp).toBeFocused();
  expect(await shadow()).not.toBe(clicked);
});

test("while a page's data loads it shows placeholders shaped like the content, not a line of text", async ({
  page,
  rider,
  baseURL,
}) => {
  expect(rider.email).toBeTruthy();
  await createBicycleThroughApi(page, baseURL!, { name: "Commuter" });
  const release = await holdBack(page, "**/api/bicycles");
  await page.goto("/bicycles", { waitUntil: "commit" });
  const loading = page.getByRole("status").filter({ hasText: "Loading bicycles..." });
  await expect(loading).toBeVisible();
  expect(await loading.locator('[data-slot="skeleton"]').count()).toBeGreaterThanOrEqual(3);
  release();
  await expect(page.getByRole("link", { name: /Commuter/ })).toBeVisible();
  await expect(loading).toHaveCount(0);
});

test("the dashboard's Due card waits for the bicycles before offering intervals for them", async ({
  page,
  rider,
  baseURL,
}) => {
  expect(rider.email).toBeTruthy();
  await createBicycleThroughApi(page, baseURL!, { name: "Commuter" });
  const release = await holdBack(page, "**/api/dashboard");
  const dueAnswered = page.waitForResponse("**/api/intervals/due");
  await page.goto("/dashboard", { waitUntil: "commit" });
  const due = page.locator("[aria-labelledby=due-title]");
  // The due list has answered (nothing set), the bicycles have not: still loading, no "add a bicycle".
  await dueAnswered;
  // Time to draw that answer: the right outcome is that nothing changes, so there is no sign to wait for.
  await page.waitForTimeout(1000);
  await expect(due.getByRole("status")).toHaveText("Loading what is due...");
  await expect(due).not.toContainText("Add a bicycle and its components");
  release();
  await expect(due.getByRole("button", { name: "Apply suggested intervals to Commuter" })).toBeVisible();
});

test.describe("when the dashboard's figures cannot be loaded", () => {
  test.use({ allowedConsoleErrors: [/net::ERR_FAILED/] });

  test("the figures fall back to zeros and a toast says so", async ({ page, rider }) => {
    expect(rider.email).toBeTruthy();
    await page.route("**/api/dashboard", (route) => route.abort());
    await page.goto("/dashboard");
    await expect(page.getByText("Network Error")).toBeVisible({ timeout: 15_000 });
    await expect(page.getByRole("status").filter({ hasText: "Loading dashboard data..." })).toHaveCount(0);
    await expect(page.getByText("No bicycles yet. Add your first one!")).toBeVisible();
  });
});

test("tabs: the arrow keys choose a tab, and only its panel shows, named by the tab", async ({ page }) => {
  await page.goto("/auth");
  const signIn = page.getByRole("tab", { name: "Sign In" });
  const signUp = page.getByRole("tab", { name: "Sign Up" });
  await expect(signIn).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("tabpanel", { name: "Sign In" })).toBeVisible();
  await expect(page.getByRole("tabpanel", { name: "Sign Up" })).toHaveCount(0);

  await signIn.focus();
  await page.keyboard.press("ArrowRight");
  await expect(signUp).toBeFocused();
  await expect(signUp).toHaveAttribute("aria-selected", "true");
  const panel = page.getByRole("tabpanel", { name: "Sign Up" });
  await expect(panel).toBeVisible();
  await expect(signUp).toHaveAttribute("aria-controls", (await panel.getAttribute("id"))!);
  await expect(page.getByRole("tabpanel", { name: "Sign In" })).toHaveCount(0);
  await page.keyboard.press("ArrowLeft");
  await expect(signIn).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("tabpanel", { name: "Sign In" })).toBeVisible();
});

test("a name of one long word wraps on a phone instead of widening any page", async ({
  page,
  baseURL,
  rider,
}) => {
  expect(rider.email).toBeTruthy();
  const long = "Supercalifragilistic".repeat(3);
  const bicycle = await createBicycleThroughApi(page, baseURL!, { name: long, description: long });
  const component = await createComponentThroughApi(page, baseURL!, {
    name: long,
    type: "Drivetrain",
    brand: long,
    notes: long,
    bicycleId: bicycle.id,
  });
  const headers = { Origin: baseURL! };
  // Within the Spending chart's 12 months, so its legend names the bicycle.
  const lastWeek = new Date(Date.now() - 7 * 86_400_000).toISOString().slice(0, 10);
  // The largest cost there is: the Total Spent figure wraps in its card.
  const service = { date: lastWeek, description: long, cost: 99_999_999.99 };
  expect(
    (await page.request.post(`/api/components/${component.id}/services`, { data: service, headers })).ok(),
  ).toBe(true);
  // Before any interval, the Due card offers the suggested ones for the bicycle, by its name.
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto("/dashboard");
  await expect(page.getByRole("button", { name: `Apply suggested intervals to ${long}` })).toBeVisible();
  await expect(page.getByRole("region", { name: "Statistics" }).getByText("$99,999,999.99")).toBeVisible();
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0);
  await createIntervalThroughApi(page, baseURL!, component.id, { label: long, everyKm: 10 });
  await page.setViewportSize({ width: 375, height: 800 });
  const component_ = `/bicycles/${bicycle.id}/components/${component.id}`;
  for (const path of [
    "/dashboard",
    "/bicycles",
    `/bicycles/${bicycle.id}`,
    `/bicycles/${bicycle.id}?tab=services`,
    component_,
    `/bicycles/${bicycle.id}/passport`,
  ]) {
    await page.goto(path);
    await expect(page.getByText(long).first()).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, path).toBeLessThanOrEqual(0);
  }

  await page.goto("/dashboard");
  await expect(page.locator(".recharts-legend-wrapper")).toContainText(long);
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0);

  // A confirmation's title wraps inside its dialog, and its buttons stay inside too.
  await page.goto(`/bicycles/${bicycle.id}`);
  await page.getByRole("button", { name: "More actions" }).click();
  await page.getByRole("menuitem", { name: "Delete" }).click();
  const dialog = page.getByRole("alertdialog");
  const box = (await dialog.boundingBox())!;
  for (const part of [dialog.getByRole("heading"), dialog.getByRole("button", { name: "Delete Bicycle" })]) {
    const inner = (await part.boundingBox())!;
    expect(inner.x + inner.width).toBeLessThanOrEqual(box.x + box.width);
  }
});

test("a new page starts at its top; Back returns to where the rider was", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 667 });
  await page.goto("/about");
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
  await page.getByRole("contentinfo").getByRole("link", { name: "Privacy Policy" }).click();
  await expect(page).toHaveURL(/\/privacy-policy$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeInViewport();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
});

test("after a link to another page, the keyboard goes on from that page's content, also after Back", async ({
  page,
  rider,
}) => {
  expect(rider.email).toBeTruthy();
  await page.goto("/dashboard");
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  const nav = page.getByRole("navigation", { name: "Main" });
  await nav.getByRole("link", { name: "Bicycles" }).focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/bicycles$/);
  await expect(page.getByRole("main")).toBeFocused();
  await expect(page.getByRole("button", { name: "Add Bicycle" })).toBeEnabled();
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: "Add Bicycle" })).toBeFocused();

  await page.goBack();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("main")).toBeFocused();
});

test.describe("a missing script", () => {
  test.use({ allowedConsoleErrors: [/status of 404|Failed to fetch dynamically imported module/] });
  test("a page whose script cannot be loaded offers a reload inside the site's frame", async ({
    page,
    rider,
  }) => {
    void rider;
    await page.goto("/dashboard");
    await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
    // As after a deploy: the old build's chunk for the next page is gone.
    await page.route(/\/assets\/rides-[^/]*\.js$/, (route) => route.fulfill({ status: 404, body: "" }));
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Rides" }).click();
    const failed = page.getByRole("alert").filter({ hasText: "This page could not be loaded" });
    await expect(failed).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
    // Another page works, and the failed one loads once its script is back.
    await page.unroute(/\/assets\/rides-[^/]*\.js$/);
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Bicycles" }).click();
    await expect(page.getByRole("heading", { name: "My Bicycles" })).toBeVisible();
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Rides" }).click();
    await expect(page.getByRole("heading", { name: "Rides", level: 1 })).toBeVisible();
    await expect(failed).toHaveCount(0);
  });
});

test("wherever the bottom tab bar shows, toasts come in at the top, clear of it, also on a phone held sideways", async ({
  page,
  baseURL,
}) => {
  for (const viewport of [
    { width: 375, height: 667 },
    { width: 700, height: 400 },
    { width: 744, height: 1133 },
  ]) {
    await signUpThroughApi(page, baseURL!);
    await page.setViewportSize(viewport);
    await page.goto("/dashboard");
    await page.getByRole("button", { name: "User menu" }).click();
    await page.getByRole("menuitem", { name: "Sign Out" }).click();
    const toast = page.locator("[data-sonner-toast]").filter({ hasText: "Signed out successfully" });
    await expect(toast).toBeVisible();
    // sonner slides a toast in: measure where it comes to rest.
    await expect(toast).toHaveAttribute("data-mounted", "true");
    await toast.evaluate((el) => Promise.all(el.getAnimations().map((animation) => animation.finished)));
    const tabBar = page.getByRole("navigation", { name: "Tabs" });
    const [toastBox, barBox] = [await toast.boundingBox(), await tabBar.boundingBox()];
    expect(toastBox!.y + toastBox!.height, `${viewport.width} px`).toBeLessThanOrEqual(barBox!.y);
    expect(toastBox!.y, `${viewport.width} px: at the top`).toBeLessThan(viewport.height / 3);
  }
});

test("a toast's close button is at least 24 px, on a phone and on a desktop", async ({ page, baseURL }) => {
  for (const viewport of [
    { width: 375, height: 667 },
    { width: 1280, height: 720 },
  ]) {
    await signUpThroughApi(page, baseURL!);
    await page.setViewportSize(viewport);
    await page.goto("/dashboard");
    await page.getByRole("button", { name: "User menu" }).click();
    await page.getByRole("menuitem", { name: "Sign Out" }).click();
    const toast = page.locator("[data-sonner-toast]").filter({ hasText: "Signed out successfully" });
    const close = toast.getByRole("button", { name: "Close toast" });
    await expect(close).toBeVisible();
    // Measured once sonner's slide-in has come to rest (it scales the toast on the way).
    await expect(toast).toHaveAttribute("data-mounted", "true");
    await toast.evaluate((el) => Promise.all(el.getAnimations().map((animation) => animation.finished)));
    const box = await close.boundingBox();
    expect(Math.round(box!.width), `${viewport.width} px`).toBeGreaterThanOrEqual(24);
    expect(Math.round(box!.height), `${viewport.width} px`).toBeGreaterThanOrEqual(24);
  }
});

/**
 * Whether each button `dialog` shows is clear of every toast: no toast's box reaches into the button's, and a
 * press at its centre lands on the button.
 */
async function buttonsClearOfToasts(dialog: ReturnType<Page["getByRole"]>) {
  return dialog.evaluate((element) => {
    const toasts = [...document.querySelectorAll("[data-sonner-toast]")].map((t) =>
      t.getBoundingClientRect(),
    );
    return [...element.querySelectorAll("button")]
      .filter((button) => button.checkVisibility())
      .map((button) => {
        button.scrollIntoView({ block: "nearest" });
        const box = button.getBoundingClientRect();
        const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
        const overlapped = toasts.some(
          (t) => t.left < box.right && box.left < t.right && t.top < box.bottom && box.top < t.bottom,
        );
        return {
          button: button.textContent?.trim() || button.getAttribute("aria-label"),
          clear: button.contains(hit) && !overlapped,
        };
      });
  });
}

test.describe("a toast while a dialog is open on a phone", () => {
  // A failed save answers 500: the browser says so in the console.
  test.use({ allowedConsoleErrors: [/status of 500/], viewport: { width: 375, height: 548 } });

  test("covers none of the dialog's buttons, the confirmation's or a form's", async ({
    page,
    baseURL,
    rider,
  }) => {
    expect(rider.email).toBeTruthy();
    // 375 x 548: an iPhone SE's page in Safari, between its address bar and its toolbar.
    const bicycle = await createBicycleThroughApi(page, baseURL!, { name: "Tandem" });
    await page.route(`**/api/bicycles/${bicycle.id}`, (route) =>
      route.request().method() === "GET" ? route.fallback() : route.fulfill({ status: 500, body: "{}" }),
    );
    await page.goto(`/bicycles/${bicycle.id}`);
    const toasts = page.locator("[data-sonner-toast]");
    async function toastAtRest() {
      await expect(toasts.first()).toHaveAttribute("data-mounted", "true");
      await toasts
        .first()
        .evaluate((el) => Promise.all(el.getAnimations().map((animation) => animation.finished)));
    }

    // The confirmation stays open when deleting fails, with the error toast beside it.
    await page.getByRole("button", { name: "More actions" }).click();
    await page.getByRole("menuitem", { name: "Delete" }).click();
    const confirm = page.getByRole("alertdialog");
    await confirm.getByRole("button", { name: "Delete Bicycle" }).click();
    await expect(toasts.filter({ hasText: "There was a problem deleting the bicycle." })).toBeVisible();
    await toastAtRest();
    await expect(confirm).toBeVisible();
    expect(await buttonsClearOfToasts(confirm)).toEqual([
      { button: "Cancel", clear: true },
      { button: "Delete Bicycle", clear: true },
    ]);
    await confirm.getByRole("button", { name: "Cancel" }).click();

    // A form too tall for the screen: its buttons at the bottom and its close button at the top.
    await page.getByRole("button", { name: "Edit", exact: true }).click();
    const form = page.getByRole("dialog", { name: "Edit Bicycle" });
    await form.getByRole("button", { name: "Save" }).click();
    await expect(toasts.first()).toBeVisible();
    await toastAtRest();
    const buttons = await buttonsClearOfToasts(form);
    expect(buttons.map((b) => b.button)).toEqual(expect.arrayContaining(["Save", "Cancel", "Close"]));
    expect(buttons.filter((b) => !b.clear)).toEqual([]);
  });
});

test.describe("offline", () => {
  // A request still under way when the connection drops fails, as it would for a rider.
  test.use({
    allowedConsoleErrors: [/ERR_INTERNET_DISCONNECTED|Failed to fetch dynamically imported module/],
  });
  test("offline, a note says that saves wait for the connection; back online, it goes", async ({
    page,
    rider,
  }) => {
    expect(rider.email).toBeTruthy();
    await page.setViewportSize({ width: 375, height: 667 });
    await page.goto("/dashboard");
    await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
    // Everything the page asks for has come (the time zone, the toaster): only the connection changes.
    await page.waitForLoadState("networkidle");
    await page.context().setOffline(true);
    const note = page.getByRole("status").filter({ hasText: "You are offline." });
    await expect(note).toHaveText("You are offline. What you save now is sent when the connection is back.");
    const [noteBox, barBox] = [
      await note.boundingBox(),
      await page.getByRole("navigation", { name: "Tabs" }).boundingBox(),
    ];
    expect(noteBox!.y + noteBox!.height).toBeLessThanOrEqual(barBox!.y);
    await page.context().setOffline(false);
    await expect(note).toHaveCount(0);
  });

  test("a toast while offline sits above the note, not on it", async ({ page, context, baseURL, rider }) => {
    expect(rider.email).toBeTruthy();
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    const bicycle = await createBicycleThroughApi(page, baseURL!, { name: "Tandem" });
    const shared = await page.request.post(`/api/bicycles/${bicycle.id}/share`, {
      data: {},
      headers: { Origin: baseURL! },
    });
    expect(shared.ok()).toBe(true);
    for (const width of [375, 700, 1280]) {
      await page.setViewportSize({ width, height: 700 });
      await page.goto("/shared-links");
      await expect(page.getByRole("button", { name: "Copy Link" }).first()).toBeVisible();
      await page.waitForLoadState("networkidle");
      await page.context().setOffline(true);
      const note = page.getByRole("status").filter({ hasText: "You are offline." });
      await expect(note).toBeVisible();
      await page.getByRole("button", { name: "Copy Link" }).first().click();
      const toast = page.locator("[data-sonner-toast]").first();
      await expect(toast).toBeVisible();
      // sonner slides a toast in: where it comes to rest, the two do not overlap.
      await expect(toast).toHaveAttribute("data-mounted", "true");
      await toast.evaluate((el) => Promise.all(el.getAnimations().map((animation) => animation.finished)));
      const [t, n] = [(await toast.boundingBox())!, (await note.boundingBox())!];
      const apart =
        t.y + t.height <= n.y || n.y + n.height <= t.y || t.x >= n.x + n.width || n.x >= t.x + t.width;
      expect(apart, `${width} px`).toBe(true);
      await page.context().setOffline(false);
    }
  });
});

test.describe("the server away", () => {
  test.use({ allowedConsoleErrors: [/ERR_FAILED|ERR_CONNECTION_REFUSED/] });
  test("every card whose read failed says so and reads again with Try again", async ({
    page,
    baseURL,
    rider,
  }) => {
    expect(rider.email).toBeTruthy();
    const bicycle = await createBicycleThroughApi(page, baseURL!, { name: "Tourer" });
    const part = await createComponentThroughApi(page, baseURL!, {
      name: "Dynamo hub",
      type: "Wheels",
      bicycleId: bicycle.id,
    });
    const away = (route: import("@playwright/test").Route) => route.abort("connectionrefused");
    // The page, the read cut off, what the card says, and what shows once the read comes through.
    const cases: [string, string, string, (p: Page) => import("@playwright/test").Locator][] = [
      [
        "/dashboard",
        "**/api/intervals/due",
        "Failed to load what is due.",
        (p) => p.getByText("No service intervals yet."),
      ],
      [
        "/dashboard",
        "**/api/spending",
        "Error loading spending",
        (p) => p.getByText("No service costs in the last 12 months."),
      ],
      [
        "/parts-bin",
        "**/api/components/parts-bin",
        "Error loading components",
        (p) => p.getByText("No components in your parts bin."),
      ],
      [
        `/bicycles/${bicycle.id}/components/${part.id}`,
        `**/api/components/${part.id}/intervals`,
        "Failed to load service intervals.",
        (p) => p.getByText("No service intervals yet. Set one to see when this component is due."),
      ],
      [
        `/bicycles/${bicycle.id}/components/${part.id}`,
        `**/api/components/${part.id}/installations`,
        "Failed to load components.",
        (p) => p.getByRole("list", { name: "Installation history" }),
      ],
      [
        "/account",
        "**/api/reminders",
        "Could not load your reminder settings.",
        (p) => p.getByLabel("Email me when service is due"),
      ],
      [
        "/account",
        "**/api/auth/list-accounts",
        "Could not load your sign-in methods.",
        (p) => p.getByRole("list", { name: "Sign-in methods" }),
      ],
    ];
    for (const [path, api, failed, loaded] of cases) {
      await page.route(api, away);
      await page.goto(path);
      const alert = page.getByRole("alert").filter({ hasText: failed });
      await expect(alert, failed).toBeVisible({ timeout: 20_000 });
      await expect(loaded(page)).toHaveCount(0);
      await page.unroute(api, away);
      await alert.getByRole("button", { name: "Try again" }).click();
      await expect(loaded(page).first(), failed).toBeVisible();
      await expect(alert).toHaveCount(0);
    }
  });

  test("a bicycle's and a part's page say the read failed and try again, not that nothing is there", async ({
    page,
    baseURL,
    rider,
  }) => {
    expect(rider.email).toBeTruthy();
    const bicycle = await createBicycleThroughApi(page, baseURL!, { name: "Tourer" });
    const part = await createComponentThroughApi(page, baseURL!, {
      name: "Dynamo hub",
      type: "Wheels",
      bicycleId: bicycle.id,
    });
    const away = (route: import("@playwright/test").Route) => route.abort("connectionrefused");
    for (const [path, api, failed, heading] of [
      [
        `/bicycles/${bicycle.id}`,
        `**/api/bicycles/${bicycle.id}`,
        "Error loading bicycle details.",
        "Tourer",
      ],
      [
        `/bicycles/${bicycle.id}/components/${part.id}`,
        `**/api/components/${part.id}`,
        "Could not fetch component details.",
        "Dynamo hub",
      ],
    ] as const) {
      await page.route(api, away);
      await page.goto(path);
      const alert = page.getByRole("alert").filter({ hasText: failed });
      await expect(alert).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(page.getByText("Component Not Found")).toHaveCount(0);
      await page.unroute(api, away);
      await alert.getByRole("button", { name: "Try again" }).click();
      await expect(page.getByRole("heading", { name: heading, level: 1 })).toBeVisible();
    }
  });
});
