import { startOidcServer } from "../src/server/testing/oidc-server.ts";
import { lastLinkTo } from "../src/server/testing/outbox.ts";
import { secretOf, sendPreviousStepCode, totpCode } from "../src/server/testing/totp.ts";
import { expect, test } from "./fixtures.ts";
import { startOwnServer } from "./own-server.ts";

/**
 * The web app with Google sign-in configured: a server of its own whose "Google" is a local OpenID Connect
 * server (GOOGLE_ISSUER_URL); the browser really goes there and back.
 */
async function startServerWithGoogle() {
  const oidc = await startOidcServer();
  const own = await startOwnServer("google", {
    GOOGLE_CLIENT_ID: "velolog-e2e",
    GOOGLE_CLIENT_SECRET: "velolog-e2e-secret",
    GOOGLE_ISSUER_URL: oidc.issuerUrl,
  });
  return { oidc, ...own };
}

test("Sign in with Google: the button, the round trip to the provider, and the error path", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const { oidc, url, server } = await startServerWithGoogle();
  try {
    expect(server.url, server.output()).toBe(url);

    // The provider refuses (the user cancelled at Google): back on /auth with SPEC.md's message.
    oidc.failNext("access_denied");
    await page.goto(`${url}/auth`);
    await page.getByRole("button", { name: "Sign in with Google" }).click();
    await expect(page).toHaveURL(`${url}/auth?error=google`);
    await expect(page.getByRole("alert")).toContainText("Something went wrong with Google sign-in.");

    // The provider signs the rider in: back through /auth/callback to the app, signed in.
    oidc.signInAs({
      sub: "e2e-google-1",
      email: "google.rider@example.com",
      email_verified: true,
      name: "Google Rider",
    });
    await page.getByRole("button", { name: "Sign in with Google" }).click();
    // "/" sends a signed-in rider on to the dashboard.
    await expect(page).toHaveURL(`${url}/dashboard`);
    const session = (await (await page.request.get(`${url}/api/auth/get-session`)).json()) as {
      user: { email: string; name: string };
    };
    expect(session.user).toMatchObject({ email: "google.rider@example.com", name: "Google Rider" });
  } finally {
    server.child.kill("SIGTERM");
    await oidc.close();
  }
});

test("Account Settings: link Google (a refused attempt, then a good one), sign in with it, unlink it", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const { oidc, url, dataDir, server } = await startServerWithGoogle();
  try {
    expect(server.url, server.output()).toBe(url);
    // A password rider, confirmed through the emailed link (which signs this browser in).
    const email = `link-${Date.now()}@example.com`;
    const signUp = await page.request.post(`${url}/api/auth/sign-up/email`, {
      data: { email, password: "correct-horse", name: "" },
      headers: { Origin: url },
    });
    expect(signUp.status()).toBe(200);
    await page.request.get(lastLinkTo(dataDir, email, "/api/auth/verify-email")!);

    await page.goto(`${url}/account`);
    const methods = page.getByRole("list", { name: "Sign-in methods" });
    await expect(methods.getByRole("listitem")).toHaveCount(2);
    await expect(methods.getByRole("listitem").first()).toContainText("Email and password");
    await expect(page.getByText("Verified", { exact: true })).toBeVisible();

    // A Google account with another address is refused, and the page says why.
    oidc.signInAs({ sub: "e2e-link-1", email: "someone.else@gmail.test", email_verified: true, name: "L" });
    await methods.getByRole("button", { name: "Link Google account" }).click();
    await expect(page.getByText("Could not link your Google account")).toBeVisible();
    await expect(page.getByText("That Google account uses a different email address.")).toBeVisible();
    await expect(page).toHaveURL(`${url}/account`);
    await expect(methods.getByRole("button", { name: "Link Google account" })).toBeVisible();

    // A link that fails before its own error address is known (e.g. a stale state) lands on /auth/callback,
    // which sends a signed-in rider back here rather than to the sign-in page.
    await page.goto(`${url}/auth/callback?provider=google&error=state_mismatch`);
    await expect(page).toHaveURL(`${url}/account`);
    await expect(page.getByText("Something went wrong while linking your Google account.")).toBeVisible();

    // The Google account for this address links.
    oidc.signInAs({ sub: "e2e-link-1", email, email_verified: true, name: "Linked Rider" });
    await methods.getByRole("button", { name: "Link Google account" }).click();
    await expect(page.getByText("Google account linked")).toBeVisible();
    await expect(page).toHaveURL(`${url}/account`);
    await expect(methods.getByText("Linked", { exact: true })).toBeVisible();
    const accounts = (await (await page.request.get(`${url}/api/auth/list-accounts`)).json()) as {
      providerId: string;
    }[];
    expect(accounts.map((a) => a.providerId).sort()).toEqual(["credential", "google"]);

    // Signed out, "Sign in with Google" reaches the same rider.
    const { user } = (await (await page.request.get(`${url}/api/auth/get-session`)).json()) as {
      user: { id: string };
    };
    await page.context().clearCookies();
    await page.goto(`${url}/auth`);
    await page.getByRole("button", { name: "Sign in with Google" }).click();
    await expect(page).toHaveURL(`${url}/dashboard`);
    const again = (await (await page.request.get(`${url}/api/auth/get-session`)).json()) as {
      user: { id: string };
    };
    expect(again.user.id).toBe(user.id);

    // Unlink, after confirming.
    await page.goto(`${url}/account`);
    await methods.getByRole("button", { name: "Unlink" }).click();
    const dialog = page.getByRole("alertdialog", { name: "Unlink your Google account?" });
    await expect(dialog).toContainText("you keep signing in with your email and password");
    await dialog.getByRole("button", { name: "Unlink" }).click();
    await expect(page.getByText("Google account unlinked")).toBeVisible();
    await expect(methods.getByRole("button", { name: "Link Google account" })).toBeVisible();
    const after = (await (await page.request.get(`${url}/api/auth/list-accounts`)).json()) as {
      providerId: string;
    }[];
    expect(after.map((a) => a.providerId)).toEqual(["credential"]);
  } finally {
    server.child.kill("SIGTERM");
    await oidc.close();
  }
});

test("Account Settings without Google configured: only email and password, nothing to link", async ({
  page,
  rider,
}) => {
  await page.goto("/account");
  const methods = page.getByRole("list", { name: "Sign-in methods" });
  await expect(methods.getByRole("listitem")).toHaveCount(1);
  await expect(methods).toContainText("Email and password");
  await expect(page.getByRole("button", { name: "Link Google account" })).toHaveCount(0);
  expect(rider.email).toContain("@");
});

test("without Google configured, /auth offers no Google button", async ({ page }) => {
  await page.goto("/auth");
  await expect(page.getByRole("tab", { name: "Sign In" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Sign in with Google" })).toHaveCount(0);
});

test("Sign in with Google to an account with two-factor: the code step, then signed in", async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  const { oidc, url, dataDir, server } = await startServerWithGoogle();
  try {
    expect(server.url, server.output()).toBe(url);
    const email = `google-2fa-${Date.now()}@example.com`;
    const signUp = await page.request.post(`${url}/api/auth/sign-up/email`, {
      data: { email, password: "correct-horse", name: "" },
      headers: { Origin: url },
    });
    expect(signUp.status()).toBe(200);
    await page.request.get(lastLinkTo(dataDir, email, "/api/auth/verify-email")!);
    const enabled = await page.request.post(`${url}/api/auth/two-factor/enable`, {
      data: { password: "correct-horse" },
      headers: { Origin: url },
    });
    const secret = secretOf(((await enabled.json()) as { totpURI: string }).totpURI);
    const verified = await sendPreviousStepCode(secret, async (code) => {
      const answer = await page.request.post(`${url}/api/auth/two-factor/verify-totp`, {
        data: { code },
        headers: { Origin: url },
      });
      return { status: answer.status() };
    });
    expect(verified.status).toBe(200);
    await context.clearCookies();

    oidc.signInAs({ sub: "e2e-google-2fa", email, email_verified: true, name: "Two Factor" });
    await page.goto(`${url}/auth`);
    await page.getByRole("button", { name: "Sign in with Google" }).click();
    await expect(page).toHaveURL(`${url}/auth?step=two-factor`);
    await expect(page.getByRole("heading", { name: "Two-factor authentication" })).toBeVisible();
    expect((await context.cookies()).some((c) => c.name.includes("session_token"))).toBe(false);

    await page.getByLabel("Authentication code").fill(totpCode(secret));
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page).toHaveURL(`${url}/dashboard`);
  } finally {
    server.child.kill("SIGTERM");
    await oidc.close();
  }
});
