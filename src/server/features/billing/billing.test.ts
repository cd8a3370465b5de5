import { count, eq } from "drizzle-orm";
import { expect, it } from "vitest";
import type { Bicycle } from "../../../shared/schemas/bicycle.ts";
import type { SubscriptionStatus } from "../../../shared/schemas/subscription.ts";
import { bicycles, subscriptions, testCheckouts } from "../../db/schema.ts";
import {
  anonymous,
  describeEachDatabase,
  json,
  signUp,
  type TestClient,
  useTestApp,
} from "../../testing/test-app.ts";

describeEachDatabase("billing in test mode", (kind) => {
  const t = useTestApp(kind);

  const status = (rider: TestClient) => json<SubscriptionStatus>(rider.request("GET", "/api/subscription"));

  /** Starts a test-mode checkout as the Upgrade button does; its id is in the checkout page's URL. */
  async function startCheckout(rider: TestClient): Promise<string> {
    const { url } = await json<{ url: string }>(rider.request("POST", "/api/billing/checkout"));
    const id = new URL(url, "http://localhost").searchParams.get("id");
    expect(url).toBe(`/billing/checkout?id=${id}`);
    return id!;
  }

  const confirm = (rider: TestClient, checkoutId: string) =>
    rider.request("POST", "/api/billing/test/confirm", { checkoutId });

  async function upgrade(rider: TestClient): Promise<void> {
    expect((await confirm(rider, await startCheckout(rider))).status).toBe(200);
  }

  const daysLeft = (subscription: SubscriptionStatus) =>
    (Date.parse(subscription.subscriptionEnd!) - Date.now()) / 86_400_000;

  it("upgrades through our own checkout to Premium for a month, then 10 bicycles are allowed", async () => {
    const rider = await signUp(t.app);
    expect(await status(rider)).toMatchObject({
      subscribed: false,
      subscriptionTier: "free",
      bicycleLimit: 1,
      billingMode: "test",
    });
    const checkout = await json<{ url: string; mode: string }>(
      rider.request("POST", "/api/billing/checkout"),
    );
    expect(checkout).toEqual({
      url: expect.stringMatching(/^\/billing\/checkout\?id=[0-9a-f-]{36}$/),
      mode: "test",
    });
    const checkoutId = new URL(checkout.url, "http://localhost").searchParams.get("id")!;
    expect(await json(confirm(rider, checkoutId))).toEqual({ redirectTo: "/pricing?success=true" });

    const premium = await status(rider);
    expect(premium).toMatchObject({
      subscribed: true,
      subscriptionTier: "premium",
      bicycleLimit: 10,
      cancelAtPeriodEnd: false,
    });
    expect(daysLeft(premium)).toBeGreaterThan(27);
    expect(daysLeft(premium)).toBeLessThan(32);

    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => rider.request("POST", "/api/bicycles", { name: `Bike ${i}` })),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(10);
    const [row] = await t.db.select({ n: count() }).from(bicycles).where(eq(bicycles.userId, rider.userId));
    expect(row!.n).toBe(10);
    const again = await rider.request("POST", "/api/billing/checkout");
    expect(again.status).toBe(400);
  });

  it("cancels at period end: Premium until then, Free after, keeping every bicycle", async () => {
    const rider = await signUp(t.app);
    await upgrade(rider);
    for (let i = 0; i < 3; i++) await rider.request("POST", "/api/bicycles", { name: `Bike ${i}` });
    expect(await json(rider.request("POST", "/api/billing/portal"))).toEqual({
      url: "/billing/portal",
      mode: "test",
    });
    expect((await rider.request("POST", "/api/billing/test/cancel")).status).toBe(200);
    expect(await status(rider)).toMatchObject({
      subscriptionTier: "premium",
      cancelAtPeriodEnd: true,
      bicycleLimit: 10,
    });

    // The period ends.
    await t.db
      .update(subscriptions)
      .set({ currentPeriodEnd: new Date(Date.now() - 1000) })
      .where(eq(subscriptions.userId, rider.userId));
    expect(await status(rider)).toMatchObject({
      subscribed: false,
      subscriptionTier: "free",
      bicycleLimit: 1,
      bicycleCount: 3,
    });
    const { bicycles: list } = await json<{ bicycles: Bicycle[] }>(rider.request("GET", "/api/bicycles"));
    expect(list).toHaveLength(3);
    expect((await rider.request("PUT", `/api/bicycles/${list[0]!.id}`, { name: "Still mine" })).status).toBe(
      200,
    );
    expect((await rider.request("POST", "/api/bicycles", { name: "One more" })).status).toBe(409);
    expect((await rider.request("DELETE", `/api/bicycles/${list[1]!.id}`)).status).toBe(204);
  });

  it("resumes a cancelled subscription, and refuses to cancel or resume a Free plan", async () => {
    const rider = await signUp(t.app);
    expect((await rider.request("POST", "/api/billing/test/cancel")).status).toBe(400);
    expect((await rider.request("POST", "/api/billing/test/resume")).status).toBe(400);
    await upgrade(rider);
    await rider.request("POST", "/api/billing/test/cancel");
    await rider.request("POST", "/api/billing/test/resume");
    expect(await status(rider)).toMatchObject({ subscriptionTier: "premium", cancelAtPeriodEnd: false });
  });

  it("gives one period per checkout, once: confirming it again is refused and changes nothing", async () => {
    const rider = await signUp(t.app);
    const checkoutId = await startCheckout(rider);
    expect((await confirm(rider, checkoutId)).status).toBe(200);
    const premium = await status(rider);

    const again = await confirm(rider, checkoutId);
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ error: { message: "This checkout is already confirmed." } });
    expect(await status(rider)).toEqual(premium);
  });

  it("20 parallel confirms of one checkout give one month", async () => {
    const rider = await signUp(t.app);
    const { url } = await json<{ url: string }>(rider.request("POST", "/api/billing/checkout"));
    const checkoutId = new URL(url, "http://localhost").searchParams.get("id") ?? "";
    const answers = await Promise.all(Array.from({ length: 20 }, () => confirm(rider, checkoutId)));
    const premium = await status(rider);
    expect(premium.subscriptionTier).toBe("premium");
    expect(daysLeft(premium)).toBeGreaterThan(27);
    expect(daysLeft(premium)).toBeLessThan(32);
    expect(answers.map((a) => a.status).sort()).toEqual([200, ...Array<number>(19).fill(409)]);
  });

  it("checkouts started together while Free give one month: the others are refused while Premium renews", async () => {
    const rider = await signUp(t.app);
    const checkoutIds = await Promise.all(Array.from({ length: 5 }, () => startCheckout(rider)));
    const answers = await Promise.all(checkoutIds.map((id) => confirm(rider, id)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400, 400, 400, 400]);
    expect(daysLeft(await status(rider))).toBeLessThan(32);
  });

  it("refuses a confirm without a checkout, with an unknown or another user's, or an expired one", async () => {
    const rider = await signUp(t.app);
    const other = await signUp(t.app);
    const othersCheckout = await startCheckout(other);

    expect((await rider.request("POST", "/api/billing/test/confirm")).status).toBe(400);
    expect((await rider.request("POST", "/api/billing/test/confirm", {})).status).toBe(400);
    expect((await confirm(rider, "not-a-checkout")).status).toBe(400);
    expect((await confirm(rider, crypto.randomUUID())).status).toBe(404);
    const stolen = await confirm(rider, othersCheckout);
    expect(stolen.status).toBe(404);
    expect(await stolen.json()).toMatchObject({ error: { code: "NOT_FOUND" } });

    const stale = await startCheckout(rider);
    await t.db
      .update(testCheckouts)
      .set({ createdAt: new Date(Date.now() - 25 * 60 * 60 * 1000) })
      .where(eq(testCheckouts.id, stale));
    expect((await confirm(rider, stale)).status).toBe(409);

    for (const client of [rider, other]) {
      expect(await status(client)).toMatchObject({ subscribed: false, subscriptionTier: "free" });
    }
    // The other user's checkout is still theirs to confirm.
    expect((await confirm(other, othersCheckout)).status).toBe(200);
  });

  it("starts at most 20 checkouts or portal visits an hour per rider; other riders are not held up", async () => {
    const rider = await signUp(t.app);
    for (let i = 0; i < 19; i++) await startCheckout(rider);
    expect((await rider.request("POST", "/api/billing/portal")).status).toBe(200);

    const refused = await rider.request("POST", "/api/billing/checkout");
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({
      error: {
        message:
          "Checkout or the customer portal was opened many times in a short time. Please try again in an hour.",
      },
    });
    expect((await rider.request("POST", "/api/billing/portal")).status).toBe(429);
    const stored = await t.db.select().from(testCheckouts).where(eq(testCheckouts.userId, rider.userId));
    expect(stored).toHaveLength(19);

    const other = await signUp(t.app);
    await upgrade(other);
  });

  it("needs a session", async () => {
    for (const path of ["/api/billing/checkout", "/api/billing/portal", "/api/billing/test/confirm"]) {
      expect((await anonymous(t.app).request("POST", path)).status).toBe(401);
    }
  });
});

describeEachDatabase("BILLING_MODE=off", (kind) => {
  const t = useTestApp(kind, { env: { BILLING_MODE: "off" } });

  it("has no plan limit: a rider keeps more bicycles than any plan allows, created in parallel", async () => {
    const rider = await signUp(t.app);
    const created = await Promise.all(
      Array.from({ length: 12 }, (_, i) => rider.request("POST", "/api/bicycles", { name: `Bike ${i}` })),
    );
    expect(created.map((r) => r.status)).toEqual(Array<number>(12).fill(201));
    expect(await json(rider.request("GET", "/api/subscription"))).toEqual({
      subscribed: false,
      subscriptionTier: "free",
      subscriptionEnd: null,
      cancelAtPeriodEnd: false,
      billingMode: "off",
      bicycleLimit: null,
      bicycleCount: 12,
    });
    expect(await json(rider.request("GET", "/api/dashboard"))).toMatchObject({
      totalBicycles: 12,
      plan: { bicycleLimit: null },
    });
  });

  it("sells nothing: every billing route is a 404", async () => {
    const rider = await signUp(t.app);
    const checkoutId = crypto.randomUUID();
    for (const path of [
      "/api/billing/checkout",
      "/api/billing/portal",
      "/api/billing/test/confirm",
      "/api/billing/test/cancel",
      "/api/billing/test/resume",
      "/api/billing/webhook",
    ]) {
      const answer = await rider.request("POST", path, { checkoutId });
      expect(answer.status, path).toBe(404);
    }
    expect(await json(rider.request("GET", "/api/subscription"))).toMatchObject({ subscribed: false });
  });
});
