import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { startOidcServer } from "../src/server/testing/oidc-server.ts";
import { startServer } from "../src/server/testing/spawn-server.ts";
import { expect, test } from "./fixtures.ts";

/**
 * The web app with Google sign-in configured: a server of its own whose "Google" is a local OpenID Connect
 * server (GOOGLE_ISSUER_URL); the browser really goes there and back.
 */
test("Sign in with Google: the button, the round trip to the provider, and the error path", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const oidc = await startOidcServer();
  const port = 40_000 + Math.floor(Math.random() * 20_000);
  const url = `http://127.0.0.1:${port}`;
  const server = await startServer({
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "velolog-e2e-google-")),
    PUBLIC_URL: url,
    LOG_LEVEL: "warn",
    AUTH_RATE_LIMIT: "off",
    GOOGLE_CLIENT_ID: "velolog-e2e",
    GOOGLE_CLIENT_SECRET: "velolog-e2e-secret",
    GOOGLE_ISSUER_URL: oidc.issuerUrl,
  });
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

test("without Google configured, /auth offers no Google button", async ({ page }) => {
  await page.goto("/auth");
  await expect(page.getByRole("tab", { name: "Sign In" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Sign in with Google" })).toHaveCount(0);
});
