import { lastLinkTo, mailCountTo } from "../src/server/testing/outbox.ts";
import {
  createBicycleThroughApi,
  createComponentThroughApi,
  expect,
  signUpThroughApi,
  test,
} from "./fixtures.ts";
import { startOwnServer } from "./own-server.ts";

// Signing in before confirming the email is answered 403, which the browser logs.
test.describe("sign-up", () => {
  test.use({ allowedConsoleErrors: [/status of 403/] });

  test("sign up, confirm by email, see the dashboard, sign out, sign back in", async ({ page }) => {
    const email = `new-${Date.now()}@example.com`;
    await page.goto("/auth");
    await page.getByRole("tab", { name: "Sign Up" }).click();
    const form = page.getByRole("form", { name: "Sign up" });

    await form.getByLabel("Email").fill(email);
    await form.getByLabel("Password", { exact: true }).fill("bike-12");
    await form.getByLabel("Confirm password").fill("bike-13");
    await form.getByRole("button", { name: "Sign Up" }).click();
    await expect(form.getByText("Password must be at least 8 characters long")).toBeVisible();
    await expect(form.getByText("Passwords do not match")).toBeVisible();

    // One of the most common passwords is refused before anything is sent.
    await form.getByLabel("Password", { exact: true }).fill("Password123");
    await form.getByLabel("Confirm password").fill("Password123");
    await form.getByRole("button", { name: "Sign Up" }).click();
    await expect(
      form.getByText("This password is too common. Please choose one that is harder to guess"),
    ).toBeVisible();

    await form.getByLabel("Password", { exact: true }).fill("correct-horse");
    await form.getByLabel("Confirm password").fill("correct-horse");
    await form.getByRole("button", { name: "Sign Up" }).click();
    await expect(page.getByText("Account created")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Verification Email Sent" })).toBeVisible();
    await page.getByRole("button", { name: "Back to the form" }).click();
    await page.getByRole("button", { name: /Reopen: Verification Email Sent/ }).click();
    await expect(page.getByRole("heading", { name: "Verification Email Sent" })).toBeVisible();

    // Signing in before confirming says so (and sends a new link).
    await page.getByRole("tab", { name: "Sign In" }).click();
    const early = page.getByRole("form", { name: "Sign in" });
    await early.getByLabel("Email").fill(email);
    await early.getByLabel("Password").fill("correct-horse");
    await early.getByRole("button", { name: "Sign In" }).click();
    await expect(
      early.getByText("Please confirm your email first: we have sent you a new link."),
    ).toBeVisible();

    // The emailed link confirms the address and signs in.
    await expect
      .poll(() => lastLinkTo(process.env.E2E_DATA_DIR!, email, "/api/auth/verify-email"))
      .not.toBeNull();
    await page.goto(lastLinkTo(process.env.E2E_DATA_DIR!, email, "/api/auth/verify-email")!);
    await expect(page).toHaveURL(/\/dashboard$/);

    await page.getByRole("button", { name: "User menu" }).click();
    await expect(page.getByRole("menu").getByText(email)).toBeVisible();
    await page.getByRole("menuitem", { name: "Sign Out" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText("Signed out successfully")).toBeVisible();
    await expect(page.getByText("You have been logged out")).toBeVisible();
    await expect(page.getByRole("link", { name: "Sign In" })).toBeVisible();

    await page.goto("/auth");
    const signIn = page.getByRole("form", { name: "Sign in" });
    await signIn.getByLabel("Email").fill(email);
    await signIn.getByLabel("Password").fill("correct-horse");
    await signIn.getByRole("button", { name: "Sign In" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});

// Signing in before confirming the email is answered 403, which the browser logs.
test.describe("email confirmation links", () => {
  test.use({ allowedConsoleErrors: [/status of 403/] });

  test("the link mailed at sign-in: a broken one says so, a used one says the email is confirmed", async ({
    page,
    baseURL,
  }) => {
    const email = `late-${Date.now()}@example.com`;
    const signedUp = await page.request.post("/api/auth/sign-up/email", {
      data: { email, password: "correct-horse", name: "" },
      headers: { Origin: baseURL! },
    });
    expect(signedUp.status()).toBe(200);
    const mailedBefore = mailCountTo(process.env.E2E_DATA_DIR!, email);

    // Signing in unconfirmed mails a new link (the sign-up's own link is not used here).
    await page.goto("/auth");
    const signIn = page.getByRole("form", { name: "Sign in" });
    await signIn.getByLabel("Email").fill(email);
    await signIn.getByLabel("Password").fill("correct-horse");
    await signIn.getByRole("button", { name: "Sign In" }).click();
    await expect(
      signIn.getByText("Please confirm your email first: we have sent you a new link."),
    ).toBeVisible();
    // Counted, not compared: a link signed in the same second as the sign-up's is the same text.
    await expect.poll(() => mailCountTo(process.env.E2E_DATA_DIR!, email)).toBeGreaterThan(mailedBefore);
    const link = lastLinkTo(process.env.E2E_DATA_DIR!, email, "/api/auth/verify-email")!;

    // A broken (or expired) link: its own message, not the password reset's.
    const broken = new URL(link);
    broken.searchParams.set("token", `${broken.searchParams.get("token")}x`);
    await page.goto(broken.toString());
    await expect(page).toHaveURL(/\/auth\?error=confirmation_link$/);
    await expect(page.getByRole("alert")).toContainText("Confirmation link expired");
    await expect(page.getByRole("alert")).toContainText(
      "The email confirmation link has expired or is invalid. Sign in with your email and password to get a new one.",
    );
    await expect(page.getByText("The password reset link has expired or is invalid.")).toHaveCount(0);

    // The link itself confirms the address and signs in.
    await page.goto(link);
    await expect(page).toHaveURL(/\/dashboard$/);

    // Opened again in a browser without the session: the address is confirmed, so sign in. (The dashboard
    // is left first, so none of its calls meets the missing cookie.)
    await page.goto("about:blank");
    await page.context().clearCookies();
    await page.goto(link);
    await expect(page).toHaveURL(/\/auth\?confirmed=1$/);
    await expect(page.getByText("Email confirmed")).toBeVisible();
    await expect(page.getByText("Your email address is confirmed. Please sign in.")).toBeVisible();
    const again = page.getByRole("form", { name: "Sign in" });
    await again.getByLabel("Email").fill(email);
    await again.getByLabel("Password").fill("correct-horse");
    await again.getByRole("button", { name: "Sign In" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});

// The refused resend is answered 429, which the browser logs.
test.describe("Send it again", () => {
  test.use({ allowedConsoleErrors: [/status of 429/] });

  test("says the link is sent only when the server sent it, and why not otherwise", async ({ page }) => {
    test.setTimeout(90_000);
    // A server of its own with the auth library's rate limits on (3 verification mails a minute).
    const { url, server } = await startOwnServer("resend", { AUTH_RATE_LIMIT: "on" });
    try {
      await page.goto(`${url}/auth?tab=signup`);
      const form = page.getByRole("form", { name: "Sign up" });
      await form.getByLabel("Email").fill(`resend-${Date.now()}@example.com`);
      await form.getByLabel("Password", { exact: true }).fill("correct-horse");
      await form.getByLabel("Confirm password").fill("correct-horse");
      await form.getByRole("button", { name: "Sign Up" }).click();
      await expect(page.getByRole("heading", { name: "Verification Email Sent" })).toBeVisible();

      const again = page.getByRole("button", { name: "Send it again" });
      const sent = page.getByText("A new confirmation link is on its way.");
      const refused = page.getByText("Could not send the verification email");
      // Three are sent; each click waits for the previous answer ("Sending..." while it is under way).
      for (let i = 0; i < 3; i++) {
        await again.click();
        await expect(sent.first()).toBeVisible();
        await expect(again).toBeEnabled();
      }
      await expect(refused).toHaveCount(0);
      // The fourth is refused (429): said so, with the reason.
      await again.click();
      await expect(refused).toBeVisible();
      await expect(page.getByText("Too many attempts. Please wait a minute and try again.")).toBeVisible();
    } finally {
      server.child.kill("SIGTERM");
    }
  });
});

test.describe("a wrong password", () => {
  test.use({ allowedConsoleErrors: [/status of 401/] });
  test("shows Error signing in with Invalid email or password", async ({ page }) => {
    await page.goto("/auth");
    const signIn = page.getByRole("form", { name: "Sign in" });
    await signIn.getByLabel("Email").fill("nobody@example.com");
    await signIn.getByLabel("Password").fill("wrong-password");
    await signIn.getByRole("button", { name: "Sign In" }).click();
    const alert = signIn.getByRole("alert").filter({ hasText: "Error signing in" });
    await expect(alert).toContainText("Invalid email or password");
    await expect(page).toHaveURL(/\/auth$/);
  });
});

test("routes by session", async ({ page, baseURL }) => {
  await page.goto("/shared-links");
  await expect(page).toHaveURL(/\/$/);
  await page.goto("/account");
  await expect(page).toHaveURL(/\/auth\?next=%2Faccount$/);

  await signUpThroughApi(page, baseURL!);
  await page.goto("/");
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto("/auth");
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto("/auth?mode=update-password");
  await expect(page).toHaveURL(/\/auth\?mode=update-password$/);
  await page.goto("/?from=somewhere");
  await expect(page).toHaveURL(/\/\?from=somewhere$/);
  // Signed in, /auth goes on to its next page, but never to another site.
  await page.goto("/auth?next=%2Fparts-bin");
  await expect(page).toHaveURL(/\/parts-bin$/);
  await page.goto("/auth?next=%2F%2Fevil.example%2F");
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/dashboard$/);
});

test("a link from a reminder mail, opened signed out, comes back to its page after signing in", async ({
  page,
  baseURL,
}) => {
  const rider = await signUpThroughApi(page, baseURL!);
  const bicycle = await createBicycleThroughApi(page, baseURL!, { name: "Gravel" });
  const chain = await createComponentThroughApi(page, baseURL!, {
    name: "Chain",
    type: "Drivetrain",
    bicycleId: bicycle.id,
  });
  await page.context().clearCookies();

  // Not a demo part: no "not found", but a way in that comes back here.
  await page.goto(`/bicycles/${bicycle.id}/components/${chain.id}`);
  await expect(page.getByRole("heading", { name: "Sign in to see this page" })).toBeVisible();
  await expect(page.getByText("Component Not Found")).toHaveCount(0);
  await page.getByRole("link", { name: "Sign In" }).last().click();
  await expect(page).toHaveURL(/\/auth\?next=/);
  const signIn = page.getByRole("form", { name: "Sign in" });
  await signIn.getByLabel("Email").fill(rider.email);
  await signIn.getByLabel("Password").fill(rider.password);
  await signIn.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(new RegExp(`/bicycles/${bicycle.id}/components/${chain.id}$`));
  await expect(page.getByRole("heading", { name: "Chain" })).toBeVisible();

  // A bicycle's page too, and Account Settings, which sends a visitor to sign in first.
  await page.getByRole("button", { name: "User menu" }).click();
  await page.getByRole("menuitem", { name: "Sign Out" }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto(`/bicycles/${bicycle.id}`);
  await expect(page.getByRole("heading", { name: "Sign in to see this page" })).toBeVisible();
  await page.goto("/account");
  await expect(page).toHaveURL(/\/auth\?next=%2Faccount$/);
  // Looking at the Sign Up tab and back keeps where the sign-in goes on to.
  await page.getByRole("tab", { name: "Sign Up" }).click();
  await page.getByRole("tab", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/next=%2Faccount/);
  await signIn.getByLabel("Email").fill(rider.email);
  await signIn.getByLabel("Password").fill(rider.password);
  await signIn.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/account$/);
});
