import { count, eq } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  apiTokens,
  bicycles,
  components,
  feedback,
  serviceEntries,
  sharedBikes,
  subscriptions,
  userSettings,
} from "./db/schema.ts";
import { createTestApp, signUp, type TestApp, type TestClient } from "./testing/test-app.ts";

/**
 * Every JSON write route, with a valid body to mutate and the ids it needs. Not here: uploads (multipart,
 * features/files) and Stripe's webhook (a signed raw body without a session; its hostile input is tested
 * in features/billing/stripe.test.ts).
 */
const ROUTES: [method: string, path: string, valid: Record<string, unknown>][] = [
  [
    "POST",
    "/api/bicycles",
    { name: "Bike", price: 10, purchaseDate: "2024-01-01", storeLink: "https://x.example" },
  ],
  ["PUT", "/api/bicycles/:bicycle", { name: "Bike" }],
  ["POST", "/api/bicycles/:bicycle/share", { notes: "n", includeCosts: true }],
  ["POST", "/api/components", { name: "Chain", type: "Drivetrain", mileage: 5, bicycleId: null }],
  ["PUT", "/api/components/:component", { name: "Chain", type: "Drivetrain" }],
  ["POST", "/api/components/:spare/assign", { bicycleId: ":bicycle" }],
  ["POST", "/api/components/:component/services", { date: "2024-01-01", description: "x", cost: 1 }],
  ["PUT", "/api/services/:service", { date: "2024-01-01", description: "x", cost: 1 }],
  ["POST", "/api/import/components", { components: [{ name: "Fork", type: "Fork", brand: null }] }],
  ["POST", "/api/import/url", { url: "https://example.com" }],
  ["POST", "/api/feedback", { title: "t", feedback: "f" }],
  ["PUT", "/api/settings", { distanceUnit: "mi" }],
  ["POST", "/api/api-tokens", { name: "Script", scope: "read", expiresInDays: 30 }],
];

/** Values known to break careless code: each is tried in every field of every route. */
const EDGE_VALUES: unknown[] = [
  null,
  "",
  " ",
  "2024-02-30",
  "0000-00-00",
  "9999-99-99",
  "javascript:alert(1)",
  "<script>alert(1)</script>",
  "\u0000",
  "\uD800",
  "👩‍🔧".repeat(500),
  "x".repeat(100_000),
  -1,
  -0,
  1e308,
  Number.MAX_SAFE_INTEGER,
  0.001,
  123.456,
  true,
  [],
  {},
  { $gt: "" },
  "00000000-0000-4000-8000-000000000000",
];

/** Adversarial values: wrong types, huge and odd strings, deep nesting, edge numbers, impossible dates. */
const nasty = fc.oneof(
  fc.jsonValue({ maxDepth: 6 }),
  fc.constantFrom(...EDGE_VALUES),
  fc.string({ maxLength: 300, unit: "grapheme" }),
  fc.double(),
);

/** Replaces one field of a valid body (or the whole body) with a nasty value. */
const bodyFor = (valid: Record<string, unknown>) =>
  fc.oneof(
    nasty,
    fc
      .record({ key: fc.constantFrom(...Object.keys(valid), "userId", "id", "__proto__"), value: nasty })
      .map(({ key, value }) => ({
        ...valid,
        [key]: value,
      })),
  );

describe("hostile input on every write route", () => {
  let t: TestApp;
  let rider: TestClient;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp("pglite");
    rider = await signUp(t.app);
    await t.db.insert(subscriptions).values({ userId: rider.userId, tier: "premium" });
    const post = async (path: string, body: unknown) =>
      (await (await rider.request("POST", path, body)).json()) as Record<string, { id: string }>;
    ids.bicycle = (await post("/api/bicycles", { name: "Base" })).bicycle!.id;
    ids.component = (await post("/api/components", { name: "Fork", type: "Fork", bicycleId: ids.bicycle }))
      .component!.id;
    ids.spare = (await post("/api/components", { name: "Spare", type: "Tires" })).component!.id;
    ids.service = (
      await post(`/api/components/${ids.component}/services`, {
        date: "2024-01-01",
        description: "x",
        cost: 1,
      })
    ).service!.id;
  });
  afterAll(() => t.close());

  async function rowCounts() {
    const counts = await Promise.all(
      [bicycles, components, serviceEntries, sharedBikes, feedback, userSettings, apiTokens].map(
        async (table) => {
          const [row] = await t.db.select({ n: count() }).from(table).where(eq(table.userId, rider.userId));
          return row!.n;
        },
      ),
    );
    return counts.join(",");
  }

  const fill = (value: unknown) =>
    JSON.parse(JSON.stringify(value).replace(/":([a-z]+)"/g, (_m, k: string) => `"${ids[k] ?? k}"`));

  it.each(ROUTES)(
    "%s %s never answers 500, and a refusal says why and changes nothing",
    async (method, path, valid) => {
      const url = path.replace(/:([a-z]+)/g, (_m, k: string) => ids[k]!);
      await fc.assert(
        fc.asyncProperty(bodyFor(valid), async (body) => {
          const before = await rowCounts();
          const response = await rider.request(method, url, fill(body));
          expect(response.status, JSON.stringify(body).slice(0, 200)).toBeLessThan(500);
          if (response.status >= 400) {
            const payload = (await response.json()) as { error?: { code?: string; message?: string } };
            expect(payload.error?.message?.length ?? 0).toBeGreaterThan(0);
            expect(await rowCounts()).toBe(before);
          }
        }),
        { numRuns: 40 },
      );
    },
    120_000,
  );

  it.each(ROUTES)(
    "%s %s: every edge value in every field is answered without a 500",
    async (method, path, valid) => {
      const url = path.replace(/:([a-z]+)/g, (_m, k: string) => ids[k]!);
      for (const key of Object.keys(valid)) {
        for (const value of EDGE_VALUES) {
          const response = await rider.request(method, url, fill({ ...valid, [key]: value }));
          expect(response.status, `${key} = ${JSON.stringify(value)?.slice(0, 60)}`).toBeLessThan(500);
        }
      }
    },
    120_000,
  );

  it("refuses bodies that are not JSON, or too large, without a 500", async () => {
    for (const raw of ["{", "[1,2", "\u0000\u0001", "null", "true", `{"name":"${"x".repeat(1_100_000)}"}`]) {
      const response = await rider.request("POST", "/api/bicycles", raw);
      expect(response.status, raw.slice(0, 20)).toBeGreaterThanOrEqual(400);
      expect(response.status, raw.slice(0, 20)).toBeLessThan(500);
    }
  });
});
