import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "./fixtures.ts";

const publicPages: [string, string][] = [
  ["/", "Keep your"],
  ["/about", "About"],
  ["/pricing", "Pricing"],
  ["/faq", "FAQ"],
  ["/contact", "Contact"],
  ["/sitemap", "Sitemap"],
  ["/privacy-policy", "Privacy Policy"],
  ["/terms-of-service", "Terms of Service"],
  ["/cookie-policy", "Cookie Policy"],
  ["/refund-policy", "Refund Policy"],
  ["/acceptable-use-policy", "Acceptable Use Policy"],
  ["/data-processing-agreement", "Data Processing Agreement"],
  ["/security-policy", "Security Policy"],
  ["/dashboard", "Dashboard"],
  ["/bicycles", "Demo Bicycles"],
  ["/parts-bin", "Parts Bin"],
  ["/auth", "Welcome to Velolog"],
];

test("every public route answers with its own page", async ({ page }) => {
  for (const [route, heading] of publicPages) {
    const response = await page.goto(route);
    expect(response?.status(), route).toBe(200);
    await expect(page.getByRole("heading", { level: 1 }).first(), route).toContainText(heading);
  }
});

test("the policy pages carry the promised figures", async ({ page }) => {
  await page.goto("/refund-policy");
  await expect(page.getByText("within 14 days of their first payment")).toBeVisible();
  await expect(page.getByText("lasting over 48 hours")).toBeVisible();
  await expect(page.getByText(/within 5 business days.*in 5 to 10 business days/)).toBeVisible();
  await expect(
    page.getByText("The cancellation takes effect at the end of the current period", { exact: false }),
  ).toBeVisible();
  await page.goto("/privacy-policy");
  await expect(page.getByText("answered within 30 days")).toBeVisible();
  await expect(page.getByText("kept for up to 2 years", { exact: false })).toBeVisible();
  await page.goto("/data-processing-agreement");
  await expect(page.getByText("within 72 hours of discovery", { exact: false })).toBeVisible();
  await page.goto("/faq");
  await expect(
    page.getByText("Premium keeps up to 10 bicycles for $2 per month", { exact: false }),
  ).toBeVisible();
  await expect(page.getByRole("link", { name: "Contact us" })).toHaveAttribute("href", "/contact");
});

test("every footer link leads to a real page", async ({ page }) => {
  await page.goto("/");
  // evaluateAll does not wait: let the app render its footer first.
  await expect(page.locator("footer a").first()).toBeVisible();
  const hrefs = await page
    .locator("footer a")
    .evaluateAll((links) => links.map((a) => a.getAttribute("href") ?? ""));
  expect(hrefs.length).toBeGreaterThan(10);
  for (const href of hrefs.filter((h) => h.startsWith("/"))) {
    const response = await page.goto(href);
    expect(response?.status(), href).toBe(200);
    await expect(page.getByText("Oops! Page not found"), href).toHaveCount(0);
  }
  expect(hrefs.filter((h) => h.startsWith("mailto:"))).toEqual(["mailto:support@velolog.local"]);
});

test("the landing page's word rotates every 2.5 s", async ({ page }) => {
  await page.goto("/");
  const word = page.getByTestId("rotating-word");
  await expect(word).toHaveText("bikes");
  await expect(word).toHaveText("tires", { timeout: 4000 });
});

test.describe("for people who ask for reduced motion", () => {
  test.use({ reducedMotion: "reduce" });
  test("the landing page's word stays still", async ({ page }) => {
    await page.goto("/");
    const word = page.getByTestId("rotating-word");
    await expect(word).toHaveText("bikes");
    await page.waitForTimeout(3200);
    await expect(word).toHaveText("bikes");
  });
});

test("feedback is sent, stored and mailed to the operator; signed out, /feedback goes to /auth", async ({
  page,
  rider,
}) => {
  await page.goto("/feedback");
  await page.getByRole("button", { name: "Send Feedback" }).click();
  await expect(page.getByText("Please enter a title")).toBeVisible();
  await expect(page.getByText("Please enter your feedback")).toBeVisible();
  const title = `Idea ${Date.now()}`;
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Feedback", { exact: true }).fill("A chain-wear reminder would be great.");
  await page.getByRole("button", { name: "Send Feedback" }).click();
  await expect(page.getByText("Feedback submitted")).toBeVisible();
  await expect(page.getByLabel("Title")).toHaveValue("");

  const outbox = path.join(process.env.E2E_DATA_DIR!, "outbox");
  await expect
    .poll(() =>
      readdirSync(outbox).map(
        (f) => JSON.parse(readFileSync(path.join(outbox, f), "utf8")) as { subject: string; replyTo: string },
      ),
    )
    .toContainEqual(expect.objectContaining({ subject: `Velolog feedback: ${title}`, replyTo: rider.email }));

  await page.context().clearCookies();
  await page.goto("/feedback");
  await expect(page).toHaveURL(/\/auth\?next=%2Ffeedback$/);
});
