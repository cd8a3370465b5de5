import { count, eq } from "drizzle-orm";
import { expect, it } from "vitest";
import type { Bicycle } from "../../../shared/schemas/bicycle.ts";
import type { SubscriptionStatus } from "../../../shared/schemas/subscription.ts";
import { bicycles, subscriptions } from "../../db/schema.ts";
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

  it("upgrades through our own checkout to Premium for a month, then 10 bicycles are allowed", async () => {
    const rider = await signUp(t.app);
    expect(await status(rider)).toMatchObject({
      subscribed: false,
      subscriptionTier: "free",
      bicycleLimit: 1,
      billingMode: "test",
    });
    expect(await json(rider.request("POST", "/api/billing/checkout"))).toEqual({
      url: "/billing/checkout",
      mode: "test",
    });
    expect(await json(rider.request("POST", "/api/billing/test/confirm"))).toEqual({
      redirectTo: "/pricing?success=true",
    });

    const premium = await status(rider);
    expect(premium).toMatchObject({
      subscribed: true,
      subscriptionTier: "premium",
      bicycleLimit: 10,
      cancelAtPeriodEnd: false,
    });
    const days = (Date.parse(premium.subscriptionEnd!) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(27);
    expect(days).toBeLessThan(32);

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
    await rider.request("POST", "/api/billing/test/confirm");
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

  it("resumes a cancelled subscription, and refuses to cancel a Free plan", async () => {
    const rider = await signUp(t.app);
    expect((await rider.request("POST", "/api/billing/test/cancel")).status).toBe(400);
    await rider.request("POST", "/api/billing/test/confirm");
    await rider.request("POST", "/api/billing/test/cancel");
    await rider.request("POST", "/api/billing/test/resume");
    expect(await status(rider)).toMatchObject({ subscriptionTier: "premium", cancelAtPeriodEnd: false });
  });

  it("needs a session", async () => {
    for (const path of ["/api/billing/checkout", "/api/billing/portal", "/api/billing/test/confirm"]) {
      expect((await anonymous(t.app).request("POST", path)).status).toBe(401);
    }
  });
});
