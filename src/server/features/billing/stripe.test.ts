import { count, eq } from "drizzle-orm";
import fc from "fast-check";
import Stripe from "stripe";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { SubscriptionStatus } from "../../../shared/schemas/subscription.ts";
import { stripeEvents, subscriptions } from "../../db/schema.ts";
import { type StripeStandIn, startStripeStandIn, subscriptionObject } from "../../testing/stripe-stand-in.ts";
import {
  createTestApp,
  describeEachDatabase,
  json,
  signUp,
  type TestApp,
  type TestClient,
} from "../../testing/test-app.ts";

const SECRET_KEY = "sk_test_velolog_stand_in";
const WEBHOOK_SECRET = "whsec_velolog_test_secret";
const PRICE = "price_premium_monthly";
const DAY = 86_400;

describeEachDatabase("billing with Stripe", (kind) => {
  let t: TestApp;
  let stripeApi: StripeStandIn;
  // Only for its webhook helpers (signing test events); it talks to no server.
  const sdk = new Stripe(SECRET_KEY);

  beforeAll(async () => {
    stripeApi = await startStripeStandIn(SECRET_KEY);
    t = await createTestApp(kind, {
      env: {
        STRIPE_SECRET_KEY: SECRET_KEY,
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_PRICE_ID: PRICE,
        STRIPE_API_BASE_URL: stripeApi.url,
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await stripeApi.close();
  });

  const status = (rider: TestClient) => json<SubscriptionStatus>(rider.request("GET", "/api/subscription"));
  const now = () => Math.floor(Date.now() / 1000);

  let eventCounter = 0;
  function event(type: string, object: unknown, created = now()) {
    return { id: `evt_test_${++eventCounter}_${kind}`, object: "event", type, created, data: { object } };
  }

  /** Delivers an event as Stripe does: raw JSON, signed, no cookie, no Origin. */
  function deliver(body: object, signature?: string) {
    const payload = JSON.stringify(body);
    const header = signature ?? sdk.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    return t.app.request("/api/billing/webhook", {
      method: "POST",
      headers: { "Content-Type": "application/json", "Stripe-Signature": header },
      body: payload,
    });
  }

  /** A signed-up rider who has been through checkout once, so we hold their Stripe customer id. */
  async function customer() {
    const rider = await signUp(t.app);
    expect((await rider.request("POST", "/api/billing/checkout")).status).toBe(200);
    const [row] = await t.db.select().from(subscriptions).where(eq(subscriptions.userId, rider.userId));
    return { rider, customerId: row!.stripeCustomerId! };
  }

  let subscriptionCounter = 0;
  /** A subscription in the stand-in, and the checkout.session.completed event that announces it. */
  function subscribe(customerId: string, periodEnd = now() + 30 * DAY) {
    const id = `sub_test_${++subscriptionCounter}_${kind}`;
    stripeApi.subscriptions.set(id, {
      id,
      customer: customerId,
      status: "active",
      currentPeriodEnd: periodEnd,
    });
    const completed = event("checkout.session.completed", {
      id: `cs_test_${id}`,
      object: "checkout.session",
      mode: "subscription",
      customer: customerId,
      subscription: id,
      payment_status: "paid",
      status: "complete",
    });
    return { id, periodEnd, completed };
  }

  const fetchesOf = (subscriptionId: string) => stripeApi.calls("GET", `/v1/subscriptions/${subscriptionId}`);

  it("checkout: creates the Stripe customer once and a subscription-mode Checkout Session for it", async () => {
    const rider = await signUp(t.app);
    expect(await status(rider)).toMatchObject({ billingMode: "stripe", subscriptionTier: "free" });
    const before = stripeApi.requests.length;

    const first = await json<{ url: string; mode: string }>(rider.request("POST", "/api/billing/checkout"));
    expect(first.mode).toBe("stripe");
    expect(first.url).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_/);

    const made = stripeApi.requests.slice(before);
    expect(made.map((r) => `${r.method} ${r.path}`)).toEqual([
      "POST /v1/customers",
      // Whether Stripe already bills this customer for Premium (a webhook still on its way).
      "GET /v1/subscriptions",
      // Earlier checkouts still open, to expire.
      "GET /v1/checkout/sessions",
      "POST /v1/checkout/sessions",
    ]);
    expect(made[0]!.body).toMatchObject({ email: rider.email, "metadata[userId]": rider.userId });
    const [row] = await t.db.select().from(subscriptions).where(eq(subscriptions.userId, rider.userId));
    expect(row!.stripeCustomerId).toMatch(/^cus_/);
    expect(made[3]!.body).toMatchObject({
      mode: "subscription",
      customer: row!.stripeCustomerId,
      "line_items[0][price]": PRICE,
      "line_items[0][quantity]": "1",
      success_url: "http://localhost:3000/pricing?success=true",
      cancel_url: "http://localhost:3000/pricing?canceled=true",
      client_reference_id: rider.userId,
    });

    // A second checkout reuses the stored customer.
    await rider.request("POST", "/api/billing/checkout");
    const again = stripeApi.requests.slice(before + 4);
    expect(again.map((r) => `${r.method} ${r.path}`)).toEqual([
      "GET /v1/subscriptions",
      "GET /v1/checkout/sessions",
      `POST /v1/checkout/sessions/${first.url.split("/").pop()}/expire`,
      "POST /v1/checkout/sessions",
    ]);
    expect(again[3]!.body.customer).toBe(row!.stripeCustomerId);

    // Opening checkout grants nothing: only the webhook does.
    expect(await status(rider)).toMatchObject({ subscribed: false, subscriptionTier: "free" });
  });

  it("checkout: two parallel first checkouts end with one customer", async () => {
    const rider = await signUp(t.app);
    const before = stripeApi.requests.length;
    const answers = await Promise.all([1, 2].map(() => rider.request("POST", "/api/billing/checkout")));
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    const [row] = await t.db.select().from(subscriptions).where(eq(subscriptions.userId, rider.userId));
    const sessions = stripeApi.requests
      .slice(before)
      .filter((r) => r.method === "POST" && r.path === "/v1/checkout/sessions");
    expect(sessions.map((s) => s.body.customer)).toEqual([row!.stripeCustomerId, row!.stripeCustomerId]);
  });

  it("checkout: refused while Stripe already bills the customer for Premium, before its webhook has arrived", async () => {
    // Paid, but Stripe's webhook is still on its way: the plan here still says Free.
    const { rider, customerId } = await customer();
    subscribe(customerId);
    expect(await status(rider)).toMatchObject({ subscribed: false });
    const sessionsBefore = stripeApi.calls("POST", "/v1/checkout/sessions").length;

    const again = await rider.request("POST", "/api/billing/checkout");
    expect(again.status).toBe(400);
    expect(((await again.json()) as { error: { message: string } }).error.message).toBe(
      "You are already on Premium. Manage your plan from Account Settings.",
    );
    // No second Checkout Session, so no second subscription charged every month.
    expect(stripeApi.calls("POST", "/v1/checkout/sessions")).toHaveLength(sessionsBefore);
  });

  it("checkout: only the newest checkout can be paid, so Upgrade in two tabs cannot start two subscriptions", async () => {
    const rider = await signUp(t.app);
    const sessionOf = async () =>
      (await json<{ url: string }>(rider.request("POST", "/api/billing/checkout"))).url.split("/").pop()!;
    const firstTab = await sessionOf();
    const secondTab = await sessionOf();
    expect(stripeApi.checkoutSessions.get(firstTab)!.status).toBe("expired");
    expect(stripeApi.checkoutSessions.get(secondTab)!.status).toBe("open");
  });

  it("checkout: an ended or unpaid earlier subscription does not stop a new one", async () => {
    const { rider, customerId } = await customer();
    const ended = subscribe(customerId);
    stripeApi.subscriptions.get(ended.id)!.status = "canceled";
    const expired = subscribe(customerId);
    stripeApi.subscriptions.get(expired.id)!.status = "incomplete_expired";
    expect((await rider.request("POST", "/api/billing/checkout")).status).toBe(200);
  });

  it("portal: a Stripe customer portal session for the user's customer, returning to Account", async () => {
    const { rider, customerId } = await customer();
    const answer = await json<{ url: string; mode: string }>(rider.request("POST", "/api/billing/portal"));
    expect(answer).toEqual({
      url: expect.stringMatching(/^https:\/\/billing\.stripe\.test\//),
      mode: "stripe",
    });
    const [call] = stripeApi.calls("POST", "/v1/billing_portal/sessions").slice(-1);
    expect(call!.body).toEqual({ customer: customerId, return_url: "http://localhost:3000/account" });
  });

  it("the test-mode routes do not exist: paying is the only way to Premium", async () => {
    const rider = await signUp(t.app);
    for (const path of [
      "/api/billing/test/confirm",
      "/api/billing/test/cancel",
      "/api/billing/test/resume",
    ]) {
      expect((await rider.request("POST", path)).status, path).toBe(404);
    }
    expect(await status(rider)).toMatchObject({ subscribed: false });
  });

  it("webhook: checkout.session.completed grants Premium until the period's end; the replay changes nothing", async () => {
    const { rider, customerId } = await customer();
    const sub = subscribe(customerId);

    const delivered = await deliver(sub.completed);
    expect(delivered.status).toBe(200);
    expect(await delivered.json()).toEqual({ received: true, outcome: "applied" });
    expect(await status(rider)).toMatchObject({
      subscribed: true,
      subscriptionTier: "premium",
      bicycleLimit: 10,
      subscriptionEnd: new Date(sub.periodEnd * 1000).toISOString(),
      cancelAtPeriodEnd: false,
    });
    expect(fetchesOf(sub.id)).toHaveLength(1);

    // Stripe delivers the same event again (at-least-once): it is not applied twice, even though
    // Stripe would now answer something else.
    stripeApi.subscriptions.set(sub.id, { ...stripeApi.subscriptions.get(sub.id)!, status: "canceled" });
    const replay = await deliver(sub.completed);
    expect(replay.status).toBe(200);
    expect(await replay.json()).toEqual({ received: true, outcome: "duplicate" });
    expect(fetchesOf(sub.id)).toHaveLength(1);
    expect(await status(rider)).toMatchObject({ subscribed: true, subscriptionTier: "premium" });

    // Premium's limit applies in the bicycle-creating transaction.
    const created = await Promise.all(
      Array.from({ length: 12 }, (_, i) => rider.request("POST", "/api/bicycles", { name: `Bike ${i}` })),
    );
    expect(created.filter((r) => r.status === 201)).toHaveLength(10);
  });

  it("webhook: the same event delivered five times at once is applied exactly once", async () => {
    const { rider, customerId } = await customer();
    const sub = subscribe(customerId);
    const answers = await Promise.all(
      Array.from(
        { length: 5 },
        async () => ((await (await deliver(sub.completed)).json()) as { outcome: string }).outcome,
      ),
    );
    expect(answers.filter((o) => o === "applied")).toHaveLength(1);
    expect(answers.filter((o) => o === "duplicate")).toHaveLength(4);
    expect(await t.db.select().from(stripeEvents).where(eq(stripeEvents.id, sub.completed.id))).toHaveLength(
      1,
    );
    expect(await status(rider)).toMatchObject({ subscribed: true });
  });

  it("webhook: a missing or bad signature is a 400 and changes nothing", async () => {
    const { rider, customerId } = await customer();
    const sub = subscribe(customerId);
    const payload = JSON.stringify(sub.completed);
    const signedForOtherSecret = sdk.webhooks.generateTestHeaderString({
      payload,
      secret: "whsec_someone_else",
    });
    const signedForOtherBody = sdk.webhooks.generateTestHeaderString({
      payload: JSON.stringify({ ...sub.completed, id: "evt_other" }),
      secret: WEBHOOK_SECRET,
    });
    const tooOld = sdk.webhooks.generateTestHeaderString({
      payload,
      secret: WEBHOOK_SECRET,
      timestamp: now() - 3600,
    });
    for (const [label, signature] of [
      ["missing", ""],
      ["garbage", "t=1,v1=nonsense"],
      ["another secret", signedForOtherSecret],
      ["another body", signedForOtherBody],
      ["replayed after the tolerance", tooOld],
    ] as const) {
      const response = await deliver(sub.completed, signature);
      expect(response.status, label).toBe(400);
      expect(((await response.json()) as { error: { code: string } }).error.code, label).toBe("VALIDATION");
    }
    const unsigned = await t.app.request("/api/billing/webhook", { method: "POST", body: payload });
    expect(unsigned.status).toBe(400);

    expect(await status(rider)).toMatchObject({ subscribed: false, subscriptionTier: "free" });
    expect(await t.db.select().from(stripeEvents).where(eq(stripeEvents.id, sub.completed.id))).toEqual([]);
    expect(fetchesOf(sub.id)).toHaveLength(0);

    // The genuine delivery still works afterwards.
    expect((await deliver(sub.completed)).status).toBe(200);
    expect(await status(rider)).toMatchObject({ subscribed: true });
  });

  it("webhook: out of order, a deleted event then an older updated event leaves the user Free", async () => {
    const { rider, customerId } = await customer();
    const sub = subscribe(customerId);
    const start = now();
    const active = subscriptionObject(stripeApi.subscriptions.get(sub.id)!);
    const olderUpdated = event("customer.subscription.updated", active, start + 1);
    expect((await deliver(event("customer.subscription.created", active, start))).status).toBe(200);
    expect(await status(rider)).toMatchObject({ subscribed: true });

    // The subscription ends; Stripe sends deleted, and the older updated event arrives after it.
    stripeApi.subscriptions.set(sub.id, { ...stripeApi.subscriptions.get(sub.id)!, status: "canceled" });
    const canceled = subscriptionObject(stripeApi.subscriptions.get(sub.id)!);
    expect((await deliver(event("customer.subscription.deleted", canceled, start + 2))).status).toBe(200);
    expect(await status(rider)).toMatchObject({
      subscribed: false,
      subscriptionTier: "free",
      bicycleLimit: 1,
    });
    expect((await deliver(olderUpdated)).status).toBe(200);
    expect(await status(rider)).toMatchObject({ subscribed: false, subscriptionTier: "free" });

    // Even a stale read of the subscription (an old answer landing late) cannot revive an ended one.
    stripeApi.subscriptions.set(sub.id, { ...stripeApi.subscriptions.get(sub.id)!, status: "active" });
    const late = await deliver(event("customer.subscription.updated", active, start + 1));
    expect(await late.json()).toEqual({ received: true, outcome: "stale" });
    expect(await status(rider)).toMatchObject({ subscribed: false, subscriptionTier: "free" });
  });

  it("webhook: one of two subscriptions ending leaves Premium from the one still charged", async () => {
    // Two subscriptions (two checkouts paid in two tabs): both are charged every month.
    const { rider, customerId } = await customer();
    const first = subscribe(customerId);
    const second = subscribe(customerId, now() + 20 * DAY);
    expect((await deliver(first.completed)).status).toBe(200);
    expect((await deliver(second.completed)).status).toBe(200);
    expect(await status(rider)).toMatchObject({ subscribed: true });

    // The rider cancels the second one; the first still runs and is still charged.
    stripeApi.subscriptions.get(second.id)!.status = "canceled";
    const deleted = subscriptionObject(stripeApi.subscriptions.get(second.id)!);
    const answer = await deliver(event("customer.subscription.deleted", deleted));
    expect(answer.status).toBe(200);
    expect(await status(rider)).toMatchObject({
      subscribed: true,
      subscriptionTier: "premium",
      bicycleLimit: 10,
      subscriptionEnd: new Date(first.periodEnd * 1000).toISOString(),
    });

    // Then the first one ends too: Free.
    stripeApi.subscriptions.get(first.id)!.status = "canceled";
    const last = subscriptionObject(stripeApi.subscriptions.get(first.id)!);
    expect((await deliver(event("customer.subscription.deleted", last))).status).toBe(200);
    expect(await status(rider)).toMatchObject({ subscribed: false, subscriptionTier: "free" });
  });

  it("webhook: cancel at period end keeps Premium until the end, then Free with every bicycle kept", async () => {
    const { rider, customerId } = await customer();
    const sub = subscribe(customerId, now() + 10 * DAY);
    await deliver(sub.completed);
    for (let i = 0; i < 3; i++) await rider.request("POST", "/api/bicycles", { name: `Bike ${i}` });

    // Cancelled in the Stripe portal: still active, ending at the period's end.
    stripeApi.subscriptions.set(sub.id, { ...stripeApi.subscriptions.get(sub.id)!, cancelAtPeriodEnd: true });
    const updated = subscriptionObject(stripeApi.subscriptions.get(sub.id)!);
    expect((await deliver(event("customer.subscription.updated", updated))).status).toBe(200);
    expect(await status(rider)).toMatchObject({
      subscribed: true,
      subscriptionTier: "premium",
      cancelAtPeriodEnd: true,
      subscriptionEnd: new Date(sub.periodEnd * 1000).toISOString(),
      bicycleLimit: 10,
    });
    // A cancelled-but-running plan is resumed in the portal, not bought twice.
    expect((await rider.request("POST", "/api/billing/checkout")).status).toBe(400);

    // The period ends: Stripe deletes the subscription.
    stripeApi.subscriptions.set(sub.id, { ...stripeApi.subscriptions.get(sub.id)!, status: "canceled" });
    const deleted = subscriptionObject(stripeApi.subscriptions.get(sub.id)!);
    expect((await deliver(event("customer.subscription.deleted", deleted))).status).toBe(200);
    expect(await status(rider)).toMatchObject({
      subscribed: false,
      subscriptionTier: "free",
      bicycleLimit: 1,
      bicycleCount: 3,
    });
    expect((await rider.request("POST", "/api/bicycles", { name: "One more" })).status).toBe(409);
  });

  it("webhook: other events and other customers are acknowledged and change nothing", async () => {
    const { rider } = await customer();
    const stranger = subscribe("cus_not_ours");
    const answer = await deliver(stranger.completed);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ received: true, outcome: "unknown-customer" });
    const other = await deliver(event("invoice.paid", { id: "in_1", object: "invoice" }));
    expect(await other.json()).toEqual({ received: true, outcome: "ignored" });
    expect(await status(rider)).toMatchObject({ subscribed: false });
  });

  it("webhook: Stripe's API failing is a 500 (Stripe retries) and the event is not marked processed", async () => {
    const { rider, customerId } = await customer();
    const completed = event("checkout.session.completed", {
      id: "cs_test_missing",
      object: "checkout.session",
      mode: "subscription",
      customer: customerId,
      subscription: "sub_that_stripe_does_not_know",
    });
    expect((await deliver(completed)).status).toBe(500);
    expect(await t.db.select().from(stripeEvents).where(eq(stripeEvents.id, completed.id))).toEqual([]);
    expect(await status(rider)).toMatchObject({ subscribed: false });
  });

  it("webhook: hostile input, signed or not, is never a 500 and changes nothing", async () => {
    const { rider } = await customer();
    const processed = async () => (await t.db.select({ n: count() }).from(stripeEvents))[0]!.n;
    const before = await processed();
    await fc.assert(
      fc.asyncProperty(
        fc.string({ maxLength: 400 }),
        fc.string({ maxLength: 200 }),
        async (body, signature) => {
          const response = await t.app.request("/api/billing/webhook", {
            method: "POST",
            headers: { "Stripe-Signature": signature },
            body,
          });
          expect(response.status).toBe(400);
        },
      ),
      { numRuns: 60 },
    );
    expect(await processed()).toBe(before);

    // Correctly signed but malformed events (Stripe would never send them) are acknowledged, not a 500.
    const odd: object[] = [
      {},
      { id: 42, type: "checkout.session.completed" },
      { id: "evt_odd_1", type: "checkout.session.completed" },
      { id: "evt_odd_2", type: "checkout.session.completed", data: null },
      { id: "evt_odd_3", type: "checkout.session.completed", data: { object: null } },
      { id: "evt_odd_4", type: "checkout.session.completed", data: { object: { mode: "subscription" } } },
      {
        id: "evt_odd_5",
        type: "customer.subscription.updated",
        data: { object: { object: "subscription" } },
      },
      { id: "evt_odd_6", type: "customer.subscription.deleted", data: { object: [] } },
    ];
    for (const body of odd) {
      const response = await deliver(body);
      expect(response.status, JSON.stringify(body)).toBe(200);
    }
    expect(await status(rider)).toMatchObject({ subscribed: false });
  });

  it("webhook: exempt from the same-origin check and the session, so only the signature decides", async () => {
    const { rider, customerId } = await customer();
    const sub = subscribe(customerId);
    const payload = JSON.stringify(sub.completed);
    const send = (signature: string) =>
      t.app.request("/api/billing/webhook", {
        method: "POST",
        headers: {
          Origin: "https://evil.example",
          "Sec-Fetch-Site": "cross-site",
          Cookie: rider.cookie,
          "Stripe-Signature": signature,
        },
        body: payload,
      });
    expect((await send("t=1,v1=forged")).status).toBe(400);
    expect(await status(rider)).toMatchObject({ subscribed: false });
    expect(
      (await send(sdk.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }))).status,
    ).toBe(200);
    expect(await status(rider)).toMatchObject({ subscribed: true });
  });

  it("deleting the account cancels its running Stripe subscriptions, so it is never charged again", async () => {
    const { rider, customerId } = await customer();
    const sub = subscribe(customerId);
    await deliver(sub.completed);
    // A second one whose webhook has not arrived yet, and an ended one that needs nothing.
    const pending = subscribe(customerId);
    const ended = subscribe(customerId);
    stripeApi.subscriptions.get(ended.id)!.status = "canceled";

    const deleted = await rider.request("POST", "/api/auth/delete-user", { password: "correct-horse" });
    expect(deleted.status).toBe(200);
    const cancelled = stripeApi.requests.filter((r) => r.method === "DELETE").map((r) => r.path);
    expect(cancelled).toEqual(
      expect.arrayContaining([`/v1/subscriptions/${sub.id}`, `/v1/subscriptions/${pending.id}`]),
    );
    expect(cancelled).not.toContain(`/v1/subscriptions/${ended.id}`);
    expect(stripeApi.subscriptions.get(sub.id)!.status).toBe("canceled");
    expect(stripeApi.subscriptions.get(pending.id)!.status).toBe("canceled");
    expect(await t.db.select().from(subscriptions).where(eq(subscriptions.userId, rider.userId))).toEqual([]);

    // Stripe's deleted event for a customer that no longer exists here is acknowledged and ignored.
    const gone = subscriptionObject(stripeApi.subscriptions.get(sub.id)!);
    const answer = await deliver(event("customer.subscription.deleted", gone));
    expect(await answer.json()).toEqual({ received: true, outcome: "unknown-customer" });
  });

  it("deleting the account closes its open Stripe Checkout, so a tab left open cannot start paying", async () => {
    // Upgrade was pressed (Stripe's checkout tab is open), then the account is deleted before paying.
    const rider = await signUp(t.app);
    const { url } = await json<{ url: string }>(rider.request("POST", "/api/billing/checkout"));
    const sessionId = url.split("/").pop()!;
    expect(stripeApi.checkoutSessions.get(sessionId)!.status).toBe("open");

    const deleted = await rider.request("POST", "/api/auth/delete-user", { password: "correct-horse" });
    expect(deleted.status).toBe(200);
    // Stripe's page would now refuse to take the payment.
    expect(stripeApi.checkoutSessions.get(sessionId)!.status).toBe("expired");
  });

  it("webhook: a body over the limit is refused before anything is parsed", async () => {
    const response = await t.app.request("/api/billing/webhook", {
      method: "POST",
      headers: { "Stripe-Signature": "t=1,v1=x", "Content-Type": "application/json" },
      body: JSON.stringify({ padding: "x".repeat(300 * 1024) }),
    });
    expect(response.status).toBe(413);
  });
});
