import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { lastLinkTo as outboxLink } from "../src/server/testing/outbox.ts";
import {
  createBicycleThroughApi,
  createComponentThroughApi,
  expect,
  signUpThroughApi,
  test,
} from "./fixtures.ts";

/** The link in the newest mail to `email` whose subject contains `subject`, from the test server's outbox. */
function lastLinkTo(email: string, subject: string): string | null {
  const outbox = path.join(process.env.E2E_DATA_DIR!, "outbox");
  const mails = readdirSync(outbox)
    .sort()
    .map(
      (f) =>
        JSON.parse(readFileSync(path.join(outbox, f), "utf8")) as {
          to: string;
          subject: string;
          text: string;
        },
    )
    .filter((m) => m.to === email && m.subject.includes(subject));
  return /https?:\/\/\S+/.exec(mails.at(-1)?.text ?? "")?.[0] ?? null;
}

test("forgot password: the emailed link leads to a new password, which then signs in", async ({
  browser,
  baseURL,
}) => {
  const setup = await (await browser.newContext()).newPage();
  const rider = await signUpThroughApi(setup, baseURL!);

  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto("/auth");
  await page.getByRole("button", { name: "Forgot password?" }).click();
  await page.getByLabel("Email").fill(rider.email);
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByText("Password reset email sent")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Reset Link Sent" })).toBeVisible();

  await expect.poll(() => lastLinkTo(rider.email, "Reset")).not.toBeNull();
  const link = lastLinkTo(rider.email, "Reset")!;
  await page.goto(link);
  await expect(page).toHaveURL(/\/auth\?mode=update-password$/);
  await page.getByLabel("New password", { exact: true }).fill("brand-new-pass");
  await page.getByLabel("Confirm new password").fill("brand-new-pasX");
  await page.getByRole("button", { name: "Update password" }).click();
  await expect(page.getByText("Passwords do not match")).toBeVisible();
  await page.getByLabel("Confirm new password").fill("brand-new-pass");
  await page.getByRole("button", { name: "Update password" }).click();
  await expect(page.getByText("Password updated")).toBeVisible();

  const signIn = page.getByRole("form", { name: "Sign in" });
  await signIn.getByLabel("Email").fill(rider.email);
  await signIn.getByLabel("Password").fill("brand-new-pass");
  await signIn.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // The same link a second time: expired. (The dashboard is left first: its calls, refused once the cookie
  // is gone, would send it to /auth as a session ended elsewhere, racing the navigation to the link.)
  await page.goto("about:blank");
  await page.context().clearCookies();
  await page.goto(link);
  await expect(page).toHaveURL(/\/auth\?error=expired_link$/);
  await expect(page.getByText("Link expired")).toBeVisible();
  await expect(
    page.getByText("The password reset link has expired or is invalid. Please request a new one."),
  ).toBeVisible();
});

test("account settings: change the password, with the current one", async ({ page, rider }) => {
  await page.goto("/account");
  await expect(page.getByText(rider.email)).toBeVisible();
  await expect(page.getByText("Last sign in")).toBeVisible();
  const form = page.getByRole("form", { name: "Update password" });
  await form.getByLabel("Current password").fill("correct-horse");
  await form.getByLabel("New password", { exact: true }).fill("another-horse");
  await form.getByLabel("Confirm new password").fill("another-horsX");
  await form.getByRole("button", { name: "Update password" }).click();
  await expect(form.getByText("Passwords don't match")).toBeVisible();
  await form.getByLabel("Confirm new password").fill("another-horse");
  await form.getByRole("button", { name: "Update password" }).click();
  await expect(page.getByText("Password updated")).toBeVisible();
  const check = await page.request.post("/api/auth/sign-in/email", {
    data: { email: rider.email, password: "another-horse" },
    headers: { Origin: new URL(page.url()).origin },
  });
  expect(check.status()).toBe(200);
});

test("the distance unit: miles everywhere once chosen, stored in km", async ({ page, baseURL, rider }) => {
  expect(rider.email).toBeTruthy();
  const component = await createComponentThroughApi(page, baseURL!, {
    name: "Chain",
    type: "Drivetrain",
    mileage: 1250,
  });

  await page.goto("/account");
  await page.getByLabel("Miles (mi)").check();
  await expect(page.getByText("Settings saved")).toBeVisible();

  await page.goto(`/parts-bin/components/${component.id}`);
  await expect(page.locator("dl").first()).toContainText("776.7 mi");
  await page.getByRole("button", { name: "Edit Component" }).click();
  await expect(page.getByLabel("Distance before tracking (mi)")).toHaveValue("776.7");
  await page.getByLabel("Distance before tracking (mi)").fill("100");
  await page.getByRole("button", { name: "Save Component" }).click();
  await expect(page.locator("dl").first()).toContainText("100 mi");
  const stored = await (await page.request.get(`/api/components/${component.id}`)).json();
  expect(stored.component.mileage).toBe(160.9);

  await page.goto("/account");
  await page.getByLabel("Kilometres (km)").check();
  await page.goto(`/parts-bin/components/${component.id}`);
  await expect(page.locator("dl").first()).toContainText("160.9 km");
});

test.describe("deleting the account", () => {
  // A wrong password is answered 400, which the browser logs.
  test.use({ allowedConsoleErrors: [/status of 400/] });

  test("needs the password, says when it is wrong, then deletes everything", async ({
    page,
    baseURL,
    rider,
  }) => {
    await createBicycleThroughApi(page, baseURL!, { name: "Gravel" });
    await page.goto("/account");
    await page.getByRole("button", { name: "Delete my account" }).click();
    const form = page.getByRole("form", { name: "Delete account" });
    const confirm = form.getByRole("button", { name: "Delete everything" });
    await expect(confirm).toBeDisabled();
    await expect(form.getByLabel("Two-factor code")).toHaveCount(0);

    await form.getByLabel("Password").fill("not-my-password");
    await confirm.click();
    await expect(form.getByText("The password is not right.")).toBeVisible();

    await form.getByLabel("Password").fill(rider.password);
    await confirm.click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("link", { name: "Sign In" })).toBeVisible();
    await expect(page.getByText("Your account was deleted")).toBeVisible();
    const signIn = await page.request.post("/api/auth/sign-in/email", {
      data: { email: rider.email, password: rider.password },
      headers: { Origin: baseURL! },
    });
    expect(signIn.status()).toBe(401);
  });
});

test.describe("changing the email", () => {
  test("refuses a bad address, then changes the email once both addresses confirm it", async ({
    page,
    rider,
  }) => {
    await page.goto("/account");
    await page.getByRole("button", { name: "Change email" }).click();
    const form = page.getByRole("form", { name: "Change email" });
    const newEmail = form.getByLabel("New email");
    const send = form.getByRole("button", { name: "Send confirmation link" });

    await newEmail.fill("not an email");
    await send.click();
    await expect(form.getByText("Please enter a valid email address")).toBeVisible();
    await newEmail.fill(rider.email.toUpperCase());
    await send.click();
    await expect(form.getByText("That is already your email")).toBeVisible();

    const next = `moved-${rider.email}`;
    await newEmail.fill(next);
    await send.click();
    await expect(
      page.getByText(`Open the link we sent to ${rider.email} to confirm the change to ${next}.`),
    ).toBeVisible();
    await expect(form).toHaveCount(0);
    const account = page.getByRole("definition").filter({ hasText: "@" }).first();
    await expect(account).toContainText(rider.email);

    await page.goto(lastLinkTo(rider.email, "Confirm the change of your Velolog email")!);
    await expect(page).toHaveURL(/\/account$/);
    await expect(page.getByText("Now open the link we sent to your new address to finish.")).toBeVisible();
    await expect(account).toContainText(rider.email);

    await page.goto(lastLinkTo(next, "Confirm your new email for Velolog")!);
    await expect(page).toHaveURL(/\/account$/);
    await expect(page.getByText(`You now sign in with ${next}.`)).toBeVisible();
    await expect(account).toContainText(next);
    await page.getByRole("button", { name: "User menu" }).click();
    await expect(page.getByRole("menu")).toContainText(next);
  });

  test("the new address's link opened where no one is signed in changes the email and asks to sign in with it", async ({
    page,
    rider,
    browser,
  }) => {
    await page.goto("/account");
    await page.getByRole("button", { name: "Change email" }).click();
    const next = `phone-${rider.email}`;
    await page.getByLabel("New email").fill(next);
    await page.getByRole("button", { name: "Send confirmation link" }).click();
    await expect(page.getByText("Check your inbox")).toBeVisible();
    await page.goto(lastLinkTo(rider.email, "Confirm the change of your Velolog email")!);
    await expect(page.getByText("Now open the link we sent to your new address to finish.")).toBeVisible();

    // The new mailbox read on another device, signed in nowhere: the link signs no one in there.
    const phone = await (await browser.newContext()).newPage();
    await phone.goto(lastLinkTo(next, "Confirm your new email for Velolog")!);
    await expect(phone).toHaveURL(/\/auth\?email-change=done$/);
    await expect(phone.getByText("Email changed")).toBeVisible();
    await expect(phone.getByText("Sign in with your new email address.")).toBeVisible();
    const signIn = phone.getByRole("form", { name: "Sign in" });
    await expect(signIn).toBeVisible();
    await signIn.getByLabel("Email").fill(next);
    await signIn.getByLabel("Password").fill(rider.password);
    await signIn.getByRole("button", { name: "Sign In" }).click();
    await expect(phone).toHaveURL(/\/dashboard$/);

    await page.reload();
    await expect(page.getByRole("definition").filter({ hasText: "@" }).first()).toContainText(next);
  });

  test("an old link says it has expired or was used, and changes nothing", async ({ page, rider }) => {
    await page.goto("/account");
    await page.getByRole("button", { name: "Change email" }).click();
    const next = `again-${rider.email}`;
    await page.getByLabel("New email").fill(next);
    await page.getByRole("button", { name: "Send confirmation link" }).click();
    await expect(page.getByText("Check your inbox")).toBeVisible();
    await page.goto(lastLinkTo(rider.email, "Confirm the change of your Velolog email")!);
    await page.goto(lastLinkTo(next, "Confirm your new email for Velolog")!);
    await expect(page.getByText(`You now sign in with ${next}.`)).toBeVisible();

    // The same last link again: the account it names (the old address) is gone.
    await page.goto(lastLinkTo(next, "Confirm your new email for Velolog")!);
    await expect(
      page.getByText("This link has expired or was already used. Please ask for the change again."),
    ).toBeVisible();
    await expect(page.getByRole("definition").filter({ hasText: "@" }).first()).toContainText(next);
  });
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 375, height: 800 } });

  test("a long address in Account Settings wraps after its @, never inside a word", async ({
    page,
    baseURL,
  }) => {
    // An address whose part before the @ has no hyphen or dot to wrap at.
    const email = `cyclist${Date.now()}${Math.random().toString().slice(2, 6)}@example.com`;
    const signUp = await page.request.post("/api/auth/sign-up/email", {
      data: { email, password: "correct-horse", name: "" },
      headers: { Origin: baseURL! },
    });
    expect(signUp.status()).toBe(200);
    await page.request.get(outboxLink(process.env.E2E_DATA_DIR!, email, "/api/auth/verify-email")!);

    await page.goto("/account");
    const address = page.getByText(email, { exact: true });
    await expect(address).toBeVisible();
    // The lines the address is laid out in, read from where each character is drawn.
    const lines = await address.evaluate((element) => {
      const out: string[] = [];
      let lastTop: number | null = null;
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        for (let i = 0; i < node.textContent!.length; i++) {
          const range = document.createRange();
          range.setStart(node, i);
          range.setEnd(node, i + 1);
          const top = Math.round(range.getBoundingClientRect().top);
          if (top !== lastTop) out.push(node.textContent!.charAt(i));
          else out.push(`${out.pop()}${node.textContent!.charAt(i)}`);
          lastTop = top;
        }
      }
      return out;
    });
    expect(lines.join("")).toBe(email);
    expect(lines, "two lines at 375 px, split after the @").toEqual([
      email.slice(0, email.indexOf("@") + 1),
      "example.com",
    ]);
  });
});
