import Stripe from "stripe";
import { lastLinkTo } from "../src/server/testing/outbox.ts";
import { killAll } from "../src/server/testing/spawn-server.ts";
import { startStripeStandIn, subscriptionObject } from "../src/server/testing/stripe-stand-in.ts";
import { expect, test } from "./fixtures.ts";
import { startOwnServer } from "./own-server.ts";

const SECRET_KEY = "sk_test_velolog_e2e";
const WEBHOOK_SECRET = "whsec_velolog_e2e";

/**
 * The same web app with Stripe configured: a server of its own, its Stripe API calls going to a local
 * stand-in; Stripe's hosted pages are answered by the browser context (they are Stripe's, not ours), and
 * Stripe's webhooks are signed and sent by the test as Stripe would.
 */
test("with Stripe, Upgrade opens Stripe Checkout, the webhook makes the rider Premium, Manage opens the portal", async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  const stripeApi = await startStripeStandIn(SECRET_KEY);
  const { url, dataDir, server } = await startOwnServer("stripe", {
    STRIPE_SECRET_KEY: SECRET_KEY,
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_PRICE_ID: "price_premium_monthly",
    STRIPE_API_BASE_URL: stripeApi.url,
  });
  try {
    expect(server.url, server.output()).toBe(url);
    await context.route(/^https:\/\/(checkout|billing)\.stripe\.test\//, (route) =>
      route.fulfill({
        contentType: "text/html",
        body: "<!doctype html><title>Stripe</title><h1>Stripe</h1>",
      }),
    );
    const sdk = new Stripe(SECRET_KEY);
    const sendWebhook = async (type: string, object: unknown) => {
      const payload = JSON.stringify({
        id: `evt_e2e_${Date.now()}_${Math.random().toString(36).slice(2)}`,
        object: "event",
        type,
        created: Math.floor(Date.now() / 1000),
        data: { object },
      });
      const response = await fetch(`${url}/api/billing/webhook`, {
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          "Stripe-Signature": sdk.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
        },
        body: payload,
      });
      expect(response.status).toBe(200);
    };

    // Sign up on this server as a user does: the emailed link confirms and signs in.
    const email = `stripe-rider-${Date.now()}@example.com`;
    const signUp = await page.request.post(`${url}/api/auth/sign-up/email`, {
      data: { email, password: "correct-horse", name: "" },
      headers: { Origin: url },
    });
    expect(signUp.status()).toBe(200);
    await page.request.get(lastLinkTo(dataDir, email, "/api/auth/verify-email")!);

    await page.goto(`${url}/pricing`);
    await expect(page.getByText("You are on the Free plan, with 0 of 1 bicycles.")).toBeVisible();
    const [checkout] = await Promise.all([
      context.waitForEvent("page"),
      page.getByRole("button", { name: "Upgrade to Premium" }).click(),
    ]);
    await expect(checkout).toHaveURL(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_/);
    const [session] = stripeApi.calls("POST", "/v1/checkout/sessions");
    expect(session!.body).toMatchObject({
      mode: "subscription",
      success_url: `${url}/pricing?success=true`,
      cancel_url: `${url}/pricing?canceled=true`,
    });

    // The rider pays; Stripe redirects to the success URL before its checkout.session.completed arrives.
    const customer = session!.body.customer!;
    const periodEnd = Math.floor(Date.now() / 1000) + 30 * 86_400;
    stripeApi.subscriptions.set("sub_e2e", {
      id: "sub_e2e",
      customer,
      status: "active",
      currentPeriodEnd: periodEnd,
    });
    await checkout.goto(`${url}/pricing?success=true`);
    await expect(checkout.getByText("Payment Successful")).toBeVisible();
    await expect(checkout.getByText("You are on the Free plan, with 0 of 1 bicycles.")).toBeVisible();
    // Upgrading again meanwhile would start a second subscription: refused, as Stripe already bills one.
    await checkout.getByRole("button", { name: "Upgrade to Premium" }).click();
    await expect(checkout.getByText("You are already on Premium.")).toBeVisible();
    expect(stripeApi.calls("POST", "/v1/checkout/sessions")).toHaveLength(1);

    await sendWebhook("checkout.session.completed", {
      id: "cs_test_e2e",
      object: "checkout.session",
      mode: "subscription",
      customer,
      subscription: "sub_e2e",
    });
    // The page reads the plan again until the webhook has made it Premium; the tab Upgrade was pressed
    // in follows.
    await expect(checkout.getByText("You are on the Premium plan, with 0 of 10 bicycles.")).toBeVisible({
      timeout: 10_000,
    });
    await expect(
      checkout.getByText("Welcome to Premium: you can now track up to 10 bicycles."),
    ).toBeVisible();
    await expect(page.getByText("You are on the Premium plan, with 0 of 10 bicycles.")).toBeVisible();

    await checkout.goto(`${url}/account`);
    await expect(checkout.getByText("Test mode: no payment is taken.")).toHaveCount(0);
    const [portal] = await Promise.all([
      context.waitForEvent("page"),
      checkout.getByRole("button", { name: "Manage subscription" }).click(),
    ]);
    await expect(portal).toHaveURL(/^https:\/\/billing\.stripe\.test\//);
    expect(stripeApi.calls("POST", "/v1/billing_portal/sessions")[0]!.body).toEqual({
      customer,
      return_url: `${url}/account`,
    });

    // Cancelled in Stripe's portal, at the period's end.
    stripeApi.subscriptions.get("sub_e2e")!.cancelAtPeriodEnd = true;
    await sendWebhook(
      "customer.subscription.updated",
      subscriptionObject(stripeApi.subscriptions.get("sub_e2e")!),
    );
    await checkout.reload();
    await expect(checkout.getByText(/you will be on the Free plan after that/)).toBeVisible();

    // Test mode's own checkout and portal pages (an old bookmark) are not shown on a Stripe instance.
    for (const path of ["/billing/checkout?id=00000000-0000-4000-8000-000000000000", "/billing/portal"]) {
      await checkout.goto(`${url}${path}`);
      await expect(checkout).toHaveURL(`${url}/pricing`);
      await expect(checkout.getByText("Test mode: no payment is taken.")).toHaveCount(0);
    }
  } finally {
    killAll();
    await stripeApi.close();
  }
});
