import { clearOfStepEnd, totpCode, wrongCode } from "../src/server/testing/totp.ts";
import { expect, test } from "./fixtures.ts";

// A wrong password (400) or code (401) is a failed load, which the browser logs.
test.use({ allowedConsoleErrors: [/status of 40[01]/] });

test("enrol an authenticator app on /account, then sign in with the password and a code", async ({
  page,
  rider,
  context,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.goto("/account");
  const card = page.locator("[data-slot=card]", {
    has: page.getByText("Two-factor authentication", { exact: true }),
  });
  await expect(card.getByText("Off", { exact: true })).toBeVisible();
  await card.getByRole("button", { name: "Set up two-factor authentication" }).click();
  await card.getByLabel("Current password").fill("wrong-password");
  await card.getByRole("button", { name: "Continue" }).click();
  await expect(card.getByText("The password is not right.")).toBeVisible();
  await card.getByLabel("Current password").fill(rider.password);
  await card.getByRole("button", { name: "Continue" }).click();

  // The QR code and the secret as text, as a person would type it into an app.
  await expect(card.getByRole("img", { name: "QR code for your authenticator app" })).toBeVisible();
  const secret = (await card.getByTestId("two-factor-secret").textContent())!.trim();
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  await card.getByLabel("6-digit code").fill(wrongCode(secret));
  await card.getByRole("button", { name: "Verify and turn on" }).click();
  await expect(card.getByText("That code is not right.", { exact: false })).toBeVisible();
  // The previous step's code (the app still shows it for a moment): the current one is left for signing in.
  await clearOfStepEnd();
  const enrolmentCode = totpCode(secret, { stepOffset: -1 });
  await card.getByLabel("6-digit code").fill(enrolmentCode);
  await card.getByRole("button", { name: "Verify and turn on" }).click();
  await expect(page.getByText("Two-factor authentication is on")).toBeVisible();

  // Backup codes, shown once.
  const codes = card.getByRole("list", { name: "Backup codes" }).getByRole("listitem");
  await expect(codes).toHaveCount(10);
  const backupCode = (await codes.first().textContent())!.trim();
  await card.getByRole("button", { name: "Copy backup codes" }).click();
  await expect(page.getByText("Backup codes copied")).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toContain(backupCode);
  await card.getByRole("button", { name: "Done" }).click();
  await expect(card.getByText("On", { exact: true })).toBeVisible();
  await expect(card.getByRole("button", { name: "Remove two-factor" })).toBeVisible();
  // Removing asks for the password in a dialog; Cancel leaves the factor on.
  await card.getByRole("button", { name: "Remove two-factor" }).click();
  const removeDialog = page.getByRole("dialog", { name: "Remove two-factor authentication?" });
  await expect(removeDialog.getByLabel("Password")).toBeVisible();
  await removeDialog.getByRole("button", { name: "Cancel" }).click();
  await expect(removeDialog).toHaveCount(0);
  await expect(card.getByText("On", { exact: true })).toBeVisible();

  // Sign out, then sign in: the password alone is not enough.
  await page.getByRole("button", { name: "Sign Out" }).last().click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto("/auth");
  const signIn = page.getByRole("form", { name: "Sign in" });
  await signIn.getByLabel("Email").fill(rider.email);
  await signIn.getByLabel("Password").fill(rider.password);
  await signIn.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByRole("heading", { name: "Two-factor authentication" })).toBeVisible();
  const codeField = page.getByLabel("Authentication code");
  await expect(codeField).toHaveAttribute("autocomplete", "one-time-code");
  await expect(codeField).toHaveAttribute("inputmode", "numeric");
  expect((await context.cookies()).some((c) => c.name.includes("session_token"))).toBe(false);

  // A wrong code: a clear error, and the step stays.
  await codeField.fill(wrongCode(secret));
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "That code is not right." })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Two-factor authentication" })).toBeVisible();

  // The enrolment's code, used a moment ago, is refused with its own reason.
  await codeField.fill(enrolmentCode);
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(
    page.getByRole("alert").filter({ hasText: "That code was just used. Wait for the next code" }),
  ).toBeVisible();

  await codeField.fill(totpCode(secret));
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test("a backup code signs in instead of the app's code", async ({ page, rider, baseURL }) => {
  // Enrol through the API (the first test covers the screens), then sign in through the page.
  const enabled = await page.request.post("/api/auth/two-factor/enable", {
    data: { password: rider.password },
    headers: { Origin: baseURL! },
  });
  const { totpURI, backupCodes } = (await enabled.json()) as { totpURI: string; backupCodes: string[] };
  const secret = new URL(totpURI).searchParams.get("secret")!;
  const verified = await page.request.post("/api/auth/two-factor/verify-totp", {
    data: { code: totpCode(secret) },
    headers: { Origin: baseURL! },
  });
  expect(verified.status()).toBe(200);
  await page.context().clearCookies();

  await page.goto("/auth");
  const signIn = page.getByRole("form", { name: "Sign in" });
  await signIn.getByLabel("Email").fill(rider.email);
  await signIn.getByLabel("Password").fill(rider.password);
  await signIn.getByRole("button", { name: "Sign In" }).click();
  await page.getByRole("button", { name: "Use a backup code instead" }).click();
  await page.getByLabel("Backup code").fill("AAAAA-BBBBB");
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "That backup code is not right" })).toBeVisible();
  await page.getByLabel("Backup code").fill(backupCodes[0]!);
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test("deleting the account asks for a two-factor code too", async ({ page, rider, baseURL }) => {
  const enabled = await page.request.post("/api/auth/two-factor/enable", {
    data: { password: rider.password },
    headers: { Origin: baseURL! },
  });
  const { totpURI } = (await enabled.json()) as { totpURI: string };
  const secret = new URL(totpURI).searchParams.get("secret")!;
  await clearOfStepEnd();
  const verified = await page.request.post("/api/auth/two-factor/verify-totp", {
    data: { code: totpCode(secret, { stepOffset: -1 }) },
    headers: { Origin: baseURL! },
  });
  expect(verified.status()).toBe(200);

  await page.goto("/account");
  await page.getByRole("button", { name: "Delete my account" }).click();
  const form = page.getByRole("form", { name: "Delete account" });
  await form.getByLabel("Password").fill(rider.password);
  const confirm = form.getByRole("button", { name: "Delete everything" });
  await expect(confirm).toBeDisabled();
  await form.getByLabel("Two-factor code").fill(wrongCode(secret));
  await confirm.click();
  await expect(form.getByText("The code is not right. Please try again with a new code.")).toBeVisible();
  await form.getByLabel("Two-factor code").fill(totpCode(secret));
  await confirm.click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("link", { name: "Sign In" })).toBeVisible();
});
