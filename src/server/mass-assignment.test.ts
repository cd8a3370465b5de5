import { and, type Column, eq, getTableColumns, lt, or } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bicycles, files, subscriptions } from "./db/schema.ts";
import { OWNED_TABLES } from "./testing/owned-tables.ts";
import { createTestApp, signUp, TEST_ORIGIN, type TestApp, type TestClient } from "./testing/test-app.ts";

/**
 * Mass assignment, route by route. Each JSON write route gets a valid body plus fields a client must not
 * control: owner ids, object ids, timestamps, plan and subscription fields, share tokens and counters. The
 * table says what each route does with them: "ignored" (the write succeeds and none of them took effect)
 * or "refused" (an error naming the field, nothing changed). A field that legitimately names another
 * object (a bicycle, a photo, a receipt) is tried with the other user's object: always refused.
 */
type Outcome = "ignored" | "refused";
type Row = [method: string, path: string, body: Record<string, unknown>, outcome: Outcome, status: number];

const PAST = "2001-01-01T00:00:00.000Z";
const CUTOFF = new Date("2002-01-01");

/** Fields no client may set, with values pointing at the victim or granting more than the user has. */
const FORBIDDEN = {
  id: ":victimBicycle",
  userId: ":victimUser",
  user_id: ":victimUser",
  ownerId: ":victimUser",
  createdAt: PAST,
  updatedAt: PAST,
  created_at: PAST,
  tier: "premium",
  plan: "premium",
  subscribed: true,
  subscriptionEnd: "2099-01-01T00:00:00.000Z",
  stripeCustomerId: "cus_attacker",
  token: "chosen-token-chosen-token-chosen",
  viewCount: 1_000_000,
  componentCount: 99,
  bicycleId: ":victimBicycle",
  componentId: ":victimComponent",
};

const service = { date: "2024-05-01", description: "Checked", cost: 10 };
const ride = { name: "Loop", startedAt: "2024-05-01T08:00:00Z", distanceKm: 42, movingSeconds: 5400 };

const TABLE: Row[] = [
  // Fields that are not part of a route's schema are dropped by its validator: "ignored".
  ["POST", "/api/bicycles", { name: "New" }, "ignored", 201],
  ["PUT", "/api/bicycles/:bicycle", { name: "Renamed" }, "ignored", 200],
  ["POST", "/api/bicycles/:bicycle/share", { includeCosts: true }, "ignored", 201],
  ["PUT", "/api/components/:component", { name: "Renamed", type: "Frame" }, "ignored", 200],
  ["POST", "/api/components/:component/services", service, "ignored", 201],
  ["PUT", "/api/services/:service", service, "ignored", 200],
  ["POST", "/api/feedback", { title: "Hi", feedback: "Nice" }, "ignored", 201],
  ["PUT", "/api/settings", { distanceUnit: "mi" }, "ignored", 200],
  ["POST", "/api/api-tokens", { name: "Script", scope: "read" }, "ignored", 201],
  ["POST", "/api/bicycles/:bicycle/rides", ride, "ignored", 201],
  [
    "POST",
    "/api/components/:component/intervals",
    { label: "Lower service", everyHours: 50 },
    "ignored",
    201,
  ],
  ["PUT", "/api/intervals/:interval", { label: "Lower service", everyKm: 500 }, "ignored", 200],
  ["PUT", "/api/reminders", { emailDigest: false }, "ignored", 200],
  [
    "POST",
    "/api/services/import",
    {
      dateFormat: "iso",
      bicycleId: ":bicycle",
      rows: [{ row: 2, date: "2024-06-01", component: "Fork", description: "Imported", cost: "5" }],
    },
    "ignored",
    200,
  ],
  // bicycleId is a real field of these: the victim's bicycle is someone else's object, so a 404.
  ["POST", "/api/components", { name: "Chain", type: "Drivetrain" }, "refused", 404],
  ["POST", "/api/components/:spare/assign", {}, "refused", 404],
  ["POST", "/api/components/assign", { componentIds: [":spare"] }, "refused", 404],
  // Moving a ride (decision 0080): onto the victim's bicycle is a 404.
  ["PUT", "/api/rides/:ride", { name: "Loop", distanceKm: 40 }, "refused", 404],
  ["POST", "/api/import/components", { components: [{ name: "Fork", type: "Fork" }] }, "refused", 404],
  // The rider's own bicycle, but the victim's component among the ones to assign: all refused, none moved.
  [
    "POST",
    "/api/components/assign",
    { componentIds: [":spare", ":victimComponent"], bicycleId: ":bicycle" },
    "refused",
    404,
  ],
  // Photo and receipt fields naming the victim's uploaded file: to this user it does not exist.
  ["POST", "/api/bicycles", { name: "New", imageUrl: ":victimFileUrl" }, "refused", 404],
  ["PUT", "/api/bicycles/:bicycle", { name: "New", imageUrl: ":victimFileUrl" }, "refused", 404],
  [
    "PUT",
    "/api/components/:component",
    { name: "Renamed", type: "Frame", imageUrl: ":victimFileUrl" },
    "refused",
    404,
  ],
  [
    "POST",
    "/api/components/:component/services",
    { ...service, receiptUrl: ":victimFileUrl" },
    "refused",
    404,
  ],
];

describe("mass assignment on every JSON write route", () => {
  let t: TestApp;
  let victim: TestClient;
  const ids: Record<string, string> = {};

  async function uploadReceipt(client: TestClient): Promise<string> {
    const form = new FormData();
    form.append("purpose", "receipt");
    form.append("file", new Blob([Buffer.from("%PDF-1.4\n%%EOF\n")], { type: "application/pdf" }), "r.pdf");
    const response = await t.app.request("/api/files", {
      method: "POST",
      headers: { Origin: TEST_ORIGIN, Cookie: client.cookie },
      body: form,
    });
    return ((await response.json()) as { file: { url: string } }).file.url;
  }

  beforeAll(async () => {
    t = await createTestApp("pglite");
    victim = await signUp(t.app);
    const bicycle = (await (await victim.request("POST", "/api/bicycles", { name: "Victim's" })).json()) as {
      bicycle: { id: string };
    };
    const component = (await (
      await victim.request("POST", "/api/components", {
        name: "Victim's fork",
        type: "Fork",
        bicycleId: bicycle.bicycle.id,
      })
    ).json()) as { component: { id: string } };
    ids.victimUser = victim.userId;
    ids.victimBicycle = bicycle.bicycle.id;
    ids.victimComponent = component.component.id;
    ids.victimFileUrl = await uploadReceipt(victim);
  });
  afterAll(() => t.close());

  /** A fresh Premium-free rider with a bicycle, a fitted component with an entry, and a spare part. */
  async function riderWithObjects() {
    const rider = await signUp(t.app);
    const post = async (path: string, body: unknown) =>
      (await (await rider.request("POST", path, body)).json()) as Record<string, { id: string }>;
    const bicycle = (await post("/api/bicycles", { name: "Mine" })).bicycle!.id;
    const component = (await post("/api/components", { name: "Fork", type: "Fork", bicycleId: bicycle }))
      .component!.id;
    const spare = (await post("/api/components", { name: "Spare", type: "Tires" })).component!.id;
    const serviceId = (await post(`/api/components/${component}/services`, service)).service!.id;
    const rideId = (await post(`/api/bicycles/${bicycle}/rides`, ride)).ride!.id;
    const interval = (await post(`/api/components/${component}/intervals`, { label: "Wax", everyKm: 300 }))
      .interval!.id;
    return {
      rider,
      own: { bicycle, component, spare, service: serviceId, ride: rideId, interval } as Record<
        string,
        string
      >,
    };
  }

  async function victimState() {
    const read = async (path: string) => (await victim.request("GET", path)).json();
    return JSON.stringify([
      await read("/api/bicycles"),
      await read(`/api/bicycles/${ids.victimBicycle}/components`),
      await read("/api/components/parts-bin"),
      await read("/api/shared-links"),
      await read("/api/subscription"),
      await read("/api/settings"),
      await read(`/api/bicycles/${ids.victimBicycle}/rides`),
      await read(`/api/components/${ids.victimComponent}/intervals`),
      await read("/api/reminders"),
    ]);
  }

  /** Rows of the rider's that carry a timestamp the client sent, in any owned table. */
  async function backdatedRows(userId: string) {
    let found = 0;
    for (const table of OWNED_TABLES) {
      const columns = getTableColumns(table) as Record<string, Column>;
      const stamps = [columns.createdAt, columns.updatedAt].filter((c): c is Column => c !== undefined);
      const rows = await t.db
        .select({ userId: table.userId })
        .from(table)
        .where(and(eq(table.userId, userId), or(...stamps.map((column) => lt(column, CUTOFF)))));
      found += rows.length;
    }
    return found;
  }

  const fill = (value: unknown, own: Record<string, string>) =>
    JSON.parse(
      JSON.stringify(value).replace(
        /":([a-zA-Z]+)"/g,
        (_m, key: string) => `"${own[key] ?? ids[key] ?? key}"`,
      ),
    );

  it.each(TABLE)("%s %s %j: %s", async (method, path, body, outcome, status) => {
    // A Free rider adding a bicycle needs room under the limit: a new account with nothing yet.
    const { rider, own } =
      method === "POST" && path === "/api/bicycles"
        ? { rider: await signUp(t.app), own: {} as Record<string, string> }
        : await riderWithObjects();
    const before = await victimState();
    const url = path.replace(/:([a-z]+)/g, (_m, key: string) => own[key]!);
    const response = await rider.request(method, url, {
      ...fill(FORBIDDEN, own),
      ...fill(body, own),
    });
    expect(response.status).toBe(status);
    const payload = (await response.json()) as Record<string, unknown> & { error?: { message?: string } };
    if (outcome === "refused") {
      expect(payload.error?.message?.length ?? 0, "a refusal says why").toBeGreaterThan(0);
    } else {
      const created = Object.values(payload).find(
        (v): v is { id?: string; token?: string } => typeof v === "object" && v !== null && "id" in v,
      );
      if (created) {
        expect(created.id).not.toBe(ids.victimBicycle);
        expect(created.token).not.toBe(FORBIDDEN.token);
      }
    }
    // Nothing belonging to the victim changed, and the rider gained no plan, no backdated rows, no victim rows.
    expect(await victimState()).toBe(before);
    const subscription = await t.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.userId, rider.userId));
    expect(subscription.every((s) => s.tier === "free")).toBe(true);
    expect(await backdatedRows(rider.userId)).toBe(0);
    const [victimBike] = await t.db.select().from(bicycles).where(eq(bicycles.id, ids.victimBicycle!));
    expect(victimBike?.userId).toBe(victim.userId);
  });

  it("POST /api/files (multipart): owner, id, key and timestamps in form fields are ignored", async () => {
    const rider = await signUp(t.app);
    const form = new FormData();
    form.append("purpose", "receipt");
    for (const [name, value] of Object.entries({
      userId: victim.userId,
      id: "00000000-0000-4000-8000-000000000000",
      key: "bicycle_images/1-victim.webp",
      createdAt: PAST,
      contentType: "text/html",
    })) {
      form.append(name, value);
    }
    form.append("file", new Blob([Buffer.from("%PDF-1.4\n%%EOF\n")], { type: "application/pdf" }), "r.pdf");
    const response = await t.app.request("/api/files", {
      method: "POST",
      headers: { Origin: TEST_ORIGIN, Cookie: rider.cookie },
      body: form,
    });
    expect(response.status).toBe(201);
    const { file } = (await response.json()) as { file: { id: string } };
    const [row] = await t.db.select().from(files).where(eq(files.id, file.id));
    expect(row).toMatchObject({ userId: rider.userId, contentType: "application/pdf" });
    expect(row!.id).not.toBe("00000000-0000-4000-8000-000000000000");
    expect(row!.key).not.toBe("bicycle_images/1-victim.webp");
    expect(row!.createdAt.getTime()).toBeGreaterThan(CUTOFF.getTime());
  });

  it("covers every JSON write route the hostile-input test knows", async () => {
    const source = await import("node:fs").then((fs) =>
      fs.readFileSync(new URL("./hostile-input.test.ts", import.meta.url), "utf8"),
    );
    // Rows written over several lines too: `[` and the method on lines of their own.
    const writeRoutes = [...source.matchAll(/\[\s*"(POST|PUT|PATCH)",\s*"([^"]+)"/g)]
      .map(([, method, path]) => `${method} ${path}`)
      .filter((route) => route !== "POST /api/import/url"); // takes only a URL and writes nothing
    const covered = new Set(TABLE.map(([method, path]) => `${method} ${path}`));
    expect(writeRoutes.filter((route) => !covered.has(route))).toEqual([]);
  });
});
