/**
 * Dashboard stats for a user with 10 bicycles, 300 components and 3,000 service entries: time per
 * request through the whole app (session check included), on in-memory PGlite and, when
 * TEST_DATABASE_URL is set, on PostgreSQL.
 */
import { bicycles, components, serviceEntries, subscriptions } from "../src/server/db/schema.ts";
import { createTestApp, type DatabaseKind, signUp } from "../src/server/testing/test-app.ts";

export interface DashboardResult {
  database: DatabaseKind;
  requests: number;
  p50Ms: number;
  p99Ms: number;
  queriesPerRequest: number;
}

export async function benchDashboard(kind: DatabaseKind, requests = 200): Promise<DashboardResult> {
  const t = await createTestApp(kind);
  try {
    const rider = await signUp(t.app);
    await t.db.insert(subscriptions).values({ userId: rider.userId, tier: "premium" });
    const bikes = await t.db
      .insert(bicycles)
      .values(Array.from({ length: 10 }, (_, i) => ({ userId: rider.userId, name: `Bike ${i}` })))
      .returning({ id: bicycles.id });
    const parts = await t.db
      .insert(components)
      .values(
        Array.from({ length: 300 }, (_, i) => ({
          userId: rider.userId,
          bicycleId: bikes[i % 10]!.id,
          name: `Part ${i}`,
          type: "Other",
        })),
      )
      .returning({ id: components.id });
    const entries = parts.flatMap((p, i) =>
      Array.from({ length: 10 }, (_, k) => ({
        userId: rider.userId,
        componentId: p.id,
        date: `2024-${String((k % 12) + 1).padStart(2, "0")}-${String((i % 28) + 1).padStart(2, "0")}`,
        description: "Serviced",
        cost: "12.34",
      })),
    );
    for (let i = 0; i < entries.length; i += 500)
      await t.db.insert(serviceEntries).values(entries.slice(i, i + 500));

    for (let i = 0; i < 20; i++) await rider.request("GET", "/api/dashboard"); // warm-up
    t.queries.count = 0;
    const times: number[] = [];
    for (let i = 0; i < requests; i++) {
      const started = performance.now();
      const response = await rider.request("GET", "/api/dashboard");
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`dashboard answered ${response.status}`);
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    const at = (q: number) =>
      Math.round(times[Math.min(times.length - 1, Math.floor(q * times.length))]! * 10) / 10;
    return {
      database: kind,
      requests,
      p50Ms: at(0.5),
      p99Ms: at(0.99),
      queriesPerRequest: t.queries.count / requests,
    };
  } finally {
    await t.close();
  }
}
