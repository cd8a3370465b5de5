import { count, eq } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { subscriptions } from "./db/schema.ts";
import { OWNED_TABLES } from "./testing/owned-tables.ts";
import {
  createTestApp,
  describeEachDatabase,
  signUp,
  type TestApp,
  type TestClient,
  tokenClient,
} from "./testing/test-app.ts";

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
  ["PUT", "/api/settings", { distanceUnit: "mi", timeZone: "Europe/Berlin" }],
  ["POST", "/api/api-tokens", { name: "Script", scope: "read", expiresInDays: 30 }],
  ["POST", "/api/components/assign", { componentIds: [":spare"], bicycleId: ":bicycle" }],
  [
    "POST",
    "/api/bicycles/:bicycle/rides",
    { name: "Loop", startedAt: "2024-05-01T08:00:00Z", distanceKm: 42, movingSeconds: 5400 },
  ],
  ["PUT", "/api/rides/:ride", { name: "Loop", distanceKm: 40 }],
  ["POST", "/api/components/:component/intervals", { label: "Lower service", everyHours: 50 }],
  ["PUT", "/api/intervals/:interval", { label: "Lower service", everyKm: 500 }],
  ["PUT", "/api/reminders", { emailDigest: false }],
  [
    "POST",
    "/api/services/import",
    {
      dateFormat: "iso",
      bicycleId: ":bicycle",
      rows: [{ row: 2, date: "2024-06-01", component: "Fork", description: "Imported", cost: "5" }],
    },
  ],
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

/** zod's own wording ("Invalid input: expected string, received number"): a message that names no field. */
const ZOD_WORDING = /^(Invalid input|Invalid option|Too (big|small):|Unrecognized key)/;

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
    ids.ride = (
      await post(`/api/bicycles/${ids.bicycle}/rides`, {
        name: "Base ride",
        startedAt: "2024-05-01T08:00:00Z",
        distanceKm: 10,
        movingSeconds: 1800,
      })
    ).ride!.id;
    ids.interval = (
      await post(`/api/components/${ids.component}/intervals`, { label: "Chain", everyKm: 500 })
    ).interval!.id;
  });
  afterAll(() => t.close());

  async function rowCounts() {
    const counts = await Promise.all(
      OWNED_TABLES.map(async (table) => {
        const [row] = await t.db.select({ n: count() }).from(table).where(eq(table.userId, rider.userId));
        return row!.n;
      }),
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
            expect(payload.error?.message, JSON.stringify(body).slice(0, 200)).not.toMatch(ZOD_WORDING);
            expect(await rowCounts()).toBe(before);
          }
        }),
        { numRuns: 40 },
      );
    },
    120_000,
  );

  it.each(ROUTES)(
    "%s %s: every edge value in every field is answered without a 500, a refusal in words of its own",
    async (method, path, valid) => {
      const url = path.replace(/:([a-z]+)/g, (_m, k: string) => ids[k]!);
      for (const key of Object.keys(valid)) {
        for (const value of EDGE_VALUES) {
          const response = await rider.request(method, url, fill({ ...valid, [key]: value }));
          const tried = `${key} = ${JSON.stringify(value)?.slice(0, 60)}`;
          expect(response.status, tried).toBeLessThan(500);
          if (response.status >= 400) {
            const payload = (await response.json()) as { error?: { message?: string } };
            expect(payload.error?.message, tried).not.toMatch(ZOD_WORDING);
          }
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

interface DocumentOperation {
  security?: Record<string, string[]>[];
  parameters?: { in: string; name: string }[];
  requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
}

/** Ids that are no id of ours: not a UUID, an unknown UUID, encoded tricks and a very long one. */
const BAD_IDS = [
  "x",
  "00000000-0000-4000-8000-000000000000",
  "%00",
  "..%2F..",
  "%E0%A4%A",
  "-1",
  "a".repeat(3000),
];
/** Query values of the wrong type, out of range, repeated or huge. */
const BAD_QUERY_VALUES = [
  "",
  "-1",
  "abc",
  "1e400",
  "99999999999999999999",
  "%00",
  "2024-13-45",
  "x".repeat(5000),
];
/** Bodies that are not the object a route takes, and values of the wrong type for any field. */
const BAD_BODIES: unknown[] = [null, [], "text", 1, {}];
const BAD_FIELD_VALUES: unknown[] = [
  null,
  "",
  "x".repeat(20_000),
  -1,
  1e308,
  true,
  [],
  { $gt: "" },
  "\uD800",
];

/**
 * Every operation of the published document, so a new route is covered without being listed here: bad ids
 * in its path, bad values in each of its query parameters, and bad bodies and field values, sent with a
 * read-and-write API token where the route takes one and with the session cookie where only a browser may
 * call it. Nothing may answer 5xx, and every refusal has the one error body with a message in our words.
 */
describeEachDatabase("hostile input on every route of the API document", (kind) => {
  it("never answers 500, and every refusal has the error body in words that name the field", async () => {
    const t = await createTestApp(kind, {
      // Strava on, so that its routes are in the document too (nothing here reaches Strava).
      env: { STRAVA_CLIENT_ID: "4242", STRAVA_CLIENT_SECRET: "strava-secret-for-the-walk" },
    });
    try {
      const rider = await signUp(t.app);
      const doc = (await (await t.app.request("/api/openapi.json")).json()) as {
        paths: Record<string, Record<string, DocumentOperation>>;
      };
      // A token has 120 requests a minute: a fresh one every 100 requests.
      let token: ReturnType<typeof tokenClient> | undefined;
      let used = 0;
      const asToken = async () => {
        if (!token || used >= 100) {
          const created = await rider.request("POST", "/api/api-tokens", { name: "walk", scope: "write" });
          token = tokenClient(t.app, ((await created.json()) as { secret: string }).secret);
          used = 0;
        }
        used++;
        return token;
      };
      const problems: string[] = [];
      let sent = 0;
      for (const [template, methods] of Object.entries(doc.paths)) {
        for (const [method, operation] of Object.entries(methods)) {
          // Webhooks have their own senders and tests (features/billing, features/strava).
          if (template.endsWith("/webhook")) continue;
          const bearer = operation.security?.some((requirement) => "bearerAuth" in requirement);
          const queryNames = (operation.parameters ?? []).filter((p) => p.in === "query").map((p) => p.name);
          const json = operation.requestBody?.content?.["application/json"];
          const fields = Object.keys(json?.schema?.properties ?? {});
          const bodies: unknown[] = json
            ? [
                ...BAD_BODIES,
                ...fields.map((field, i) => ({ [field]: BAD_FIELD_VALUES[i % BAD_FIELD_VALUES.length] })),
              ]
            : [undefined];
          const paths = template.includes("{")
            ? BAD_IDS.map((id) => template.replaceAll(/\{[^}]+\}/g, id))
            : [template];
          const urls = paths.flatMap((path) => [
            path,
            ...queryNames.flatMap((name, i) =>
              // Each parameter alone, with a rotating bad value; and the same parameter twice.
              [BAD_QUERY_VALUES[i % BAD_QUERY_VALUES.length]!, "1&" + name + "=2"].map(
                (value) => `${path}?${name}=${value}`,
              ),
            ),
          ]);
          for (const url of urls) {
            for (const body of bodies) {
              const client = bearer ? await asToken() : rider;
              const response = await client.request(method.toUpperCase(), url, body);
              sent++;
              const label = `${method.toUpperCase()} ${url.slice(0, 100)} ${JSON.stringify(body)?.slice(0, 60)}`;
              if (response.status >= 500) problems.push(`${response.status} ${label}`);
              else if (response.status >= 400) {
                const text = await response.text();
                const error = (() => {
                  try {
                    return (JSON.parse(text) as { error?: { code?: string; message?: string } }).error;
                  } catch {
                    return undefined;
                  }
                })();
                if (!error?.code || !error.message)
                  problems.push(`${response.status} without the error body: ${label}`);
                // zod's own wording ("Invalid input: expected string, received number") names no field.
                else if (ZOD_WORDING.test(error.message))
                  problems.push(`${response.status} in zod's words: ${label}: ${error.message}`);
              }
            }
          }
        }
      }
      expect(sent).toBeGreaterThan(500);
      expect(problems).toEqual([]);
    } finally {
      await t.close();
    }
  }, 300_000);
});
