import { describe, expect, it } from "vitest";
import { subscriptions, testCheckouts } from "./db/schema.ts";
import { unsubscribeToken } from "./features/reminders/tokens.ts";
import { anonymous, signUp, type TestClient, tokenClient, useTestApp } from "./testing/test-app.ts";

/**
 * Every API route with what it answers for the object's owner, another signed-in user, and a visitor
 * with no session. Another user's object is always a 404 and changes nothing. The demo is what a visitor
 * with no session sees: its data ships with the web app and it never calls a write route, so the "visitor"
 * column is also the demo's (every write answers 401). The auth library's own routes (/api/auth/*) are
 * tested in src/server/auth.
 *
 * Personal API tokens are the third kind of caller: TOKENS gives what the owner's read-and-write token and
 * read token get on each route (features/api-tokens/api-tokens.test.ts tests the tokens themselves).
 */
type Row = [method: string, path: string, body: unknown, owner: number, other: number, visitor: number];

const service = { date: "2024-05-01", description: "Checked", cost: 10 };
const interval = { label: "Lower service", everyHours: 50 };
const ride = { name: "Loop", startedAt: "2024-05-01T08:00:00Z", distanceKm: 42, movingSeconds: 5400 };

const MATRIX: Row[] = [
  ["GET", "/api/health", undefined, 200, 200, 200],
  ["GET", "/api/auth-options", undefined, 200, 200, 200],
  ["GET", "/api/health/live", undefined, 200, 200, 200],
  ["GET", "/api/health/ready", undefined, 200, 200, 200],
  ["GET", "/api/openapi.json", undefined, 200, 200, 200],
  ["GET", "/api/docs", undefined, 200, 200, 200],
  ["GET", "/api/docs/scalar.js", undefined, 200, 200, 200],
  // Off unless METRICS_TOKEN is set; then it answers the token, never a session (http/metrics.test.ts).
  ["GET", "/api/metrics", undefined, 404, 404, 404],
  ["GET", "/api/subscription", undefined, 200, 200, 401],
  ["GET", "/api/dashboard", undefined, 200, 200, 401],
  ["GET", "/api/spending", undefined, 200, 200, 401],
  ["GET", "/api/bicycles", undefined, 200, 200, 401],
  ["POST", "/api/bicycles", { name: "New" }, 201, 201, 401],
  ["GET", "/api/bicycles/:bicycle", undefined, 200, 404, 401],
  ["PUT", "/api/bicycles/:bicycle", { name: "Renamed" }, 200, 404, 401],
  ["DELETE", "/api/bicycles/:bicycle", undefined, 204, 404, 401],
  ["GET", "/api/bicycles/:bicycle/components", undefined, 200, 404, 401],
  ["GET", "/api/bicycles/:bicycle/services", undefined, 200, 404, 401],
  ["POST", "/api/bicycles/:bicycle/share", {}, 201, 404, 401],
  ["GET", "/api/bicycles/:bicycle/passport", undefined, 200, 404, 401],
  ["GET", "/api/bicycles/:bicycle/passport.pdf?costs=false", undefined, 200, 404, 401],
  ["GET", "/api/bicycles/:bicycle/rides", undefined, 200, 404, 401],
  ["POST", "/api/bicycles/:bicycle/rides", ride, 201, 404, 401],
  // A ride file (here a body that is no ride file: the owner is told it could not be read).
  ["POST", "/api/bicycles/:bicycle/rides/files?name=ride.gpx", ride, 200, 404, 401],
  ["GET", "/api/rides", undefined, 200, 200, 401],
  ["PUT", "/api/rides/:ride", ride, 200, 404, 401],
  ["DELETE", "/api/rides/:ride", undefined, 204, 404, 401],
  ["GET", "/api/components/parts-bin", undefined, 200, 200, 401],
  ["POST", "/api/components", { name: "Chain", type: "Drivetrain", bicycleId: ":bicycle" }, 201, 404, 401],
  ["GET", "/api/components/:component", undefined, 200, 404, 401],
  ["GET", "/api/components/:component/installations", undefined, 200, 404, 401],
  ["PUT", "/api/components/:component", { name: "Renamed", type: "Frame" }, 200, 404, 401],
  ["DELETE", "/api/components/:component", undefined, 204, 404, 401],
  ["POST", "/api/components/:component/move-to-parts-bin", undefined, 200, 404, 401],
  ["POST", "/api/components/:spare/assign", { bicycleId: ":bicycle" }, 200, 404, 401],
  ["POST", "/api/components/assign", { componentIds: [":spare"], bicycleId: ":bicycle" }, 200, 404, 401],
  ["GET", "/api/components/:component/services", undefined, 200, 404, 401],
  ["POST", "/api/components/:component/services", service, 201, 404, 401],
  ["PUT", "/api/services/:service", service, 200, 404, 401],
  ["GET", "/api/intervals", undefined, 200, 200, 401],
  ["GET", "/api/intervals/due", undefined, 200, 200, 401],
  ["GET", "/api/intervals/due-count", undefined, 200, 200, 401],
  ["GET", "/api/components/:component/intervals", undefined, 200, 404, 401],
  ["POST", "/api/components/:component/intervals", interval, 201, 404, 401],
  ["PUT", "/api/intervals/:interval", interval, 200, 404, 401],
  ["DELETE", "/api/intervals/:interval", undefined, 204, 404, 401],
  ["POST", "/api/bicycles/:bicycle/intervals/defaults", undefined, 200, 404, 401],
  ["DELETE", "/api/services/:service", undefined, 204, 404, 401],
  ["GET", "/api/shared-links", undefined, 200, 200, 401],
  ["DELETE", "/api/shared-links/:share", undefined, 204, 404, 401],
  ["GET", "/api/shared/:token", undefined, 200, 200, 200],
  ["POST", "/api/import/components", { components: [{ name: "Fork", type: "Fork" }] }, 201, 201, 401],
  [
    "POST",
    "/api/import/components",
    { components: [{ name: "Fork", type: "Fork" }], bicycleId: ":bicycle" },
    201,
    404,
    401,
  ],
  ["POST", "/api/import/url", { url: "http://127.0.0.1/" }, 400, 400, 401],
  ["GET", "/api/export", undefined, 200, 200, 401],
  // An account archive (here a body that is no .zip: refused, nothing changes).
  ["POST", "/api/import/archive", { not: "a zip" }, 400, 400, 401],
  ["POST", "/api/feedback", { title: "Hi", feedback: "Nice" }, 201, 201, 401],
  ["POST", "/api/billing/checkout", undefined, 400, 200, 401],
  ["POST", "/api/billing/portal", undefined, 200, 200, 401],
  // The owner's checkout cannot add a period to a Premium plan that renews; another user's is not theirs.
  ["POST", "/api/billing/test/confirm", { checkoutId: ":checkout" }, 400, 404, 401],
  ["POST", "/api/billing/test/cancel", undefined, 200, 400, 401],
  ["POST", "/api/billing/test/resume", undefined, 200, 400, 401],
  // Stripe's webhook: no session, authenticated by its signature (features/billing/stripe.test.ts). This
  // app runs billing in test mode, where there is no Stripe and so no webhook.
  ["POST", "/api/billing/webhook", undefined, 404, 404, 404],
  // Strava: off unless STRAVA_CLIENT_ID/SECRET are set, as here (features/strava/strava.test.ts tests it on).
  ["GET", "/api/strava", undefined, 404, 404, 404],
  ["POST", "/api/strava/connect", undefined, 404, 404, 404],
  ["GET", "/api/strava/callback?code=abc&state=xyz", undefined, 404, 404, 404],
  ["GET", "/api/strava/bikes", undefined, 404, 404, 404],
  ["PUT", "/api/strava/bikes/:gear", { bicycleId: ":bicycle" }, 404, 404, 404],
  ["POST", "/api/strava/import", undefined, 404, 404, 404],
  ["DELETE", "/api/strava", undefined, 404, 404, 404],
  [
    "GET",
    "/api/strava/webhook?hub.mode=subscribe&hub.challenge=a&hub.verify_token=b",
    undefined,
    404,
    404,
    404,
  ],
  [
    "POST",
    "/api/strava/webhook",
    { object_type: "activity", object_id: 1, aspect_type: "create", owner_id: 1, subscription_id: 1 },
    404,
    404,
    404,
  ],
  ["GET", "/api/settings", undefined, 200, 200, 401],
  ["PUT", "/api/settings", { distanceUnit: "mi" }, 200, 200, 401],
  ["GET", "/api/reminders", undefined, 200, 200, 401],
  ["PUT", "/api/reminders", { emailDigest: false }, 200, 200, 401],
  ["POST", "/api/reminders/calendar-link", undefined, 200, 200, 401],
  // Another user turning off a feed turns off their own (none here), never the owner's.
  ["DELETE", "/api/reminders/calendar-link", undefined, 200, 200, 401],
  // The mail's link needs no session: whoever holds the owner's signed token turns the owner's mail off.
  ["POST", "/api/reminders/unsubscribe", { token: ":unsubscribe" }, 200, 200, 200],
  ["POST", "/api/reminders/unsubscribe/one-click?token=:unsubscribe", undefined, 200, 200, 200],
  // Opened like a link, it only leads on to the unsubscribe page, which asks.
  ["GET", "/api/reminders/unsubscribe/one-click?token=:unsubscribe", undefined, 302, 302, 302],
  // The feed's private URL is its own credential: it shows its owner's dates to whoever has it.
  ["GET", "/api/calendar/:calendar/velolog.ics", undefined, 200, 200, 200],
  ["GET", "/api/api-tokens", undefined, 200, 200, 401],
  ["POST", "/api/api-tokens", { name: "Script", scope: "read" }, 201, 201, 401],
  ["DELETE", "/api/api-tokens/:apitoken", undefined, 204, 404, 401],
  // Uploads are multipart: their ownership and validation are tested in features/files/files.test.ts.
  ["POST", "/api/files", undefined, 400, 400, 401],
  // A stored file (here a receipt) is its owner's alone; a share link serves only the photos it shows,
  // never a receipt (features/shares/shares.test.ts).
  ["GET", "/api/files/:file", undefined, 200, 404, 404],
  // CSV downloads: each user gets a file of their own rows (features/csv/csv.test.ts checks whose rows).
  ["GET", "/api/export/csv/:entity", undefined, 200, 200, 401],
  [
    "POST",
    "/api/services/import",
    {
      dateFormat: "iso",
      bicycleId: ":bicycle",
      rows: [{ row: 2, date: "2024-06-01", component: "Fork", description: "Imported", cost: "5" }],
    },
    200,
    404,
    401,
  ],
  ["GET", "/api/shared/:token/files/:file", undefined, 404, 404, 404],
];

/**
 * What the owner's tokens get on each route of MATRIX: [read and write, read]. A read token's writes are
 * 403; tokens are refused (403) on token management and billing; otherwise a token is its owner.
 */
const TOKENS: Record<string, [write: number, read: number]> = {
  "GET /api/health": [200, 200],
  "GET /api/openapi.json": [200, 200],
  "GET /api/docs": [200, 200],
  "GET /api/docs/scalar.js": [200, 200],
  "GET /api/auth-options": [200, 200],
  "GET /api/health/live": [200, 200],
  "GET /api/health/ready": [200, 200],
  "GET /api/metrics": [404, 404],
  "GET /api/subscription": [200, 200],
  "GET /api/dashboard": [200, 200],
  "GET /api/spending": [200, 200],
  "GET /api/bicycles": [200, 200],
  "POST /api/bicycles": [201, 403],
  "GET /api/bicycles/:bicycle": [200, 200],
  "PUT /api/bicycles/:bicycle": [200, 403],
  "DELETE /api/bicycles/:bicycle": [204, 403],
  "GET /api/bicycles/:bicycle/components": [200, 200],
  "GET /api/bicycles/:bicycle/services": [200, 200],
  "POST /api/bicycles/:bicycle/share": [201, 403],
  "GET /api/bicycles/:bicycle/passport": [200, 200],
  "GET /api/bicycles/:bicycle/passport.pdf?costs=false": [200, 200],
  "GET /api/bicycles/:bicycle/rides": [200, 200],
  "POST /api/bicycles/:bicycle/rides": [201, 403],
  "POST /api/bicycles/:bicycle/rides/files?name=ride.gpx": [200, 403],
  "GET /api/rides": [200, 200],
  "PUT /api/rides/:ride": [200, 403],
  "DELETE /api/rides/:ride": [204, 403],
  "GET /api/components/parts-bin": [200, 200],
  "POST /api/components": [201, 403],
  "GET /api/components/:component": [200, 200],
  "GET /api/components/:component/installations": [200, 200],
  "PUT /api/components/:component": [200, 403],
  "DELETE /api/components/:component": [204, 403],
  "POST /api/components/:component/move-to-parts-bin": [200, 403],
  "POST /api/components/:spare/assign": [200, 403],
  "POST /api/components/assign": [200, 403],
  "GET /api/components/:component/services": [200, 200],
  "POST /api/components/:component/services": [201, 403],
  "PUT /api/services/:service": [200, 403],
  "GET /api/intervals": [200, 200],
  "GET /api/intervals/due": [200, 200],
  "GET /api/intervals/due-count": [200, 200],
  "GET /api/components/:component/intervals": [200, 200],
  "POST /api/components/:component/intervals": [201, 403],
  "PUT /api/intervals/:interval": [200, 403],
  "DELETE /api/intervals/:interval": [204, 403],
  "POST /api/bicycles/:bicycle/intervals/defaults": [200, 403],
  "DELETE /api/services/:service": [204, 403],
  "GET /api/shared-links": [200, 200],
  "DELETE /api/shared-links/:share": [204, 403],
  "GET /api/shared/:token": [200, 200],
  "POST /api/import/components": [201, 403],
  "POST /api/import/url": [400, 403],
  "GET /api/export": [200, 200],
  "POST /api/import/archive": [400, 403],
  "POST /api/feedback": [201, 403],
  "POST /api/billing/checkout": [403, 403],
  "POST /api/billing/portal": [403, 403],
  "POST /api/billing/test/confirm": [403, 403],
  "POST /api/billing/test/cancel": [403, 403],
  "POST /api/billing/test/resume": [403, 403],
  "POST /api/billing/webhook": [404, 404],
  // Tokens cannot touch the Strava connection (http/session.ts); the webhook takes no token at all.
  "GET /api/strava": [403, 403],
  "POST /api/strava/connect": [403, 403],
  "GET /api/strava/callback?code=abc&state=xyz": [403, 403],
  "GET /api/strava/bikes": [403, 403],
  "PUT /api/strava/bikes/:gear": [403, 403],
  "POST /api/strava/import": [403, 403],
  "DELETE /api/strava": [403, 403],
  "GET /api/strava/webhook?hub.mode=subscribe&hub.challenge=a&hub.verify_token=b": [404, 404],
  "POST /api/strava/webhook": [404, 404],
  "GET /api/settings": [200, 200],
  "PUT /api/settings": [200, 403],
  "GET /api/reminders": [200, 200],
  "PUT /api/reminders": [200, 403],
  "POST /api/reminders/calendar-link": [200, 403],
  "DELETE /api/reminders/calendar-link": [200, 403],
  "POST /api/reminders/unsubscribe": [200, 403],
  "POST /api/reminders/unsubscribe/one-click?token=:unsubscribe": [200, 403],
  "GET /api/reminders/unsubscribe/one-click?token=:unsubscribe": [302, 302],
  "GET /api/calendar/:calendar/velolog.ics": [200, 200],
  "GET /api/api-tokens": [403, 403],
  "POST /api/api-tokens": [403, 403],
  "DELETE /api/api-tokens/:apitoken": [403, 403],
  "POST /api/files": [400, 403],
  "GET /api/files/:file": [200, 200],
  "GET /api/shared/:token/files/:file": [404, 404],
  "GET /api/export/csv/:entity": [200, 200],
  "POST /api/services/import": [200, 403],
};

interface Objects {
  /** Not an object: the CSV download's entity, filled into its path like the ids. */
  entity: string;
  file: string;
  bicycle: string;
  component: string;
  spare: string;
  service: string;
  interval: string;
  ride: string;
  share: string;
  token: string;
  checkout: string;
  apitoken: string;
  unsubscribe: string;
  calendar: string;
}

describe("authorization matrix", () => {
  const t = useTestApp("pglite");

  /** A Premium owner with a bicycle, a fitted component with a service entry, a spare part, a ride and a share link. */
  async function ownerWithObjects(): Promise<{ owner: TestClient; ids: Objects }> {
    const owner = await signUp(t.app);
    await t.db.insert(subscriptions).values({ userId: owner.userId, tier: "premium" });
    const post = async (path: string, body: unknown) =>
      (await (await owner.request("POST", path, body)).json()) as Record<
        string,
        { id: string; token: string }
      >;
    const bicycle = (await post("/api/bicycles", { name: "Owned" })).bicycle!.id;
    const component = (await post("/api/components", { bicycleId: bicycle, name: "Fork", type: "Fork" }))
      .component!.id;
    const spare = (await post("/api/components", { name: "Spare", type: "Tires" })).component!.id;
    const intervalId = (await post(`/api/components/${component}/intervals`, interval)).interval!.id;
    const serviceId = (await post(`/api/components/${component}/services`, service)).service!.id;
    const rideId = (await post(`/api/bicycles/${bicycle}/rides`, ride)).ride!.id;
    const link = (await post(`/api/bicycles/${bicycle}/share`, {})).link!;
    const form = new FormData();
    form.append("purpose", "receipt");
    form.append(
      "file",
      new Blob([Buffer.from("%PDF-1.4\n%%EOF\n")], { type: "application/pdf" }),
      "receipt.pdf",
    );
    const uploaded = await t.app.request("/api/files", {
      method: "POST",
      headers: { Origin: "http://localhost:3000", Cookie: owner.cookie },
      body: form,
    });
    const file = ((await uploaded.json()) as { file: { id: string } }).file.id;
    // A test-mode checkout, as one started before the upgrade (a Premium owner cannot start one now).
    const [checkout] = await t.db
      .insert(testCheckouts)
      .values({ userId: owner.userId })
      .returning({ id: testCheckouts.id });
    const apiToken = (await post("/api/api-tokens", { name: "Backup script", scope: "read" })).token!.id;
    const { calendarUrl } = (await (await owner.request("POST", "/api/reminders/calendar-link")).json()) as {
      calendarUrl: string;
    };
    return {
      owner,
      ids: {
        entity: "services",
        apitoken: apiToken,
        unsubscribe: unsubscribeToken(t.config.authSecret, owner.userId),
        calendar: new URL(calendarUrl).pathname.split("/")[3]!,
        file,
        bicycle,
        component,
        spare,
        service: serviceId,
        interval: intervalId,
        ride: rideId,
        share: link.id,
        token: link.token,
        checkout: checkout!.id,
      },
    };
  }

  const fill = (text: string, ids: Objects) =>
    text.replace(/:([a-z]+)/g, (_m, key: string) => ids[key as keyof Objects] ?? `:${key}`);
  const fillBody = (body: unknown, ids: Objects) =>
    body === undefined ? undefined : JSON.parse(fill(JSON.stringify(body), ids));

  async function ownerState(owner: TestClient, ids: Objects) {
    const read = async (path: string) => (await owner.request("GET", path)).json();
    return JSON.stringify([
      await read(`/api/bicycles/${ids.bicycle}`),
      await read(`/api/components/${ids.component}`),
      await read(`/api/components/${ids.component}/services`),
      await read(`/api/components/${ids.component}/installations`),
      await read(`/api/components/${ids.component}/intervals`),
      await read(`/api/bicycles/${ids.bicycle}/rides`),
      await read("/api/components/parts-bin"),
      await read("/api/shared-links"),
      await read("/api/subscription"),
      // Without the last-used times, which a token's own requests move.
      ((await read("/api/api-tokens")) as { tokens: { id: string; name: string }[] }).tokens.map((token) => [
        token.id,
        token.name,
      ]),
    ]);
  }

  it.each(MATRIX)("%s %s", async (method, path, body, ownerStatus, otherStatus, visitorStatus) => {
    const { owner, ids } = await ownerWithObjects();
    const other = await signUp(t.app);
    const before = await ownerState(owner, ids);

    const asVisitor = await anonymous(t.app).request(method, fill(path, ids), fillBody(body, ids));
    expect(asVisitor.status, "no session").toBe(visitorStatus);
    const asOther = await other.request(method, fill(path, ids), fillBody(body, ids));
    expect(asOther.status, "another user").toBe(otherStatus);
    if (otherStatus === 404) {
      expect(((await asOther.json()) as { error: { code: string } }).error.code).toBe("NOT_FOUND");
    }
    expect(await ownerState(owner, ids), "the owner's data after the others' attempts").toBe(before);

    const asOwner = await owner.request(method, fill(path, ids), fillBody(body, ids));
    expect(asOwner.status, "owner").toBe(ownerStatus);
  });

  it("has the tokens' answers for every route of the matrix", () => {
    const routes = new Set(MATRIX.map(([method, path]) => `${method} ${path}`));
    expect([...routes].sort()).toEqual(Object.keys(TOKENS).sort());
  });

  it.each(MATRIX)("%s %s with the owner's API tokens", async (method, path, body) => {
    const { owner, ids } = await ownerWithObjects();
    const [writeStatus, readStatus] = TOKENS[`${method} ${path}`]!;
    const mint = async (scope: string) => {
      const created = await owner.request("POST", "/api/api-tokens", { name: scope, scope });
      return tokenClient(t.app, ((await created.json()) as { secret: string }).secret);
    };
    const [writer, reader] = [await mint("write"), await mint("read")];
    const before = await ownerState(owner, ids);

    const asReader = await reader.request(method, fill(path, ids), fillBody(body, ids));
    expect(asReader.status, "read token").toBe(readStatus);
    expect(await ownerState(owner, ids), "the owner's data after the read token's attempt").toBe(before);

    const asWriter = await writer.request(method, fill(path, ids), fillBody(body, ids));
    expect(asWriter.status, "read-and-write token").toBe(writeStatus);
    if (writeStatus === 403) {
      expect(await ownerState(owner, ids), "the owner's data after a refused token").toBe(before);
    }
  });

  it("lists every API route the app has, so a new route cannot skip the matrix", () => {
    const listed = new Set(
      MATRIX.map(([method, path]) => `${method} ${path.split("?")[0]!.replace(/:[a-z]+/g, ":id")}`),
    );
    const routes = t.app.routes
      .filter((r) => r.method !== "ALL" && r.path.startsWith("/api/") && !r.path.startsWith("/api/auth/"))
      .map((r) => `${r.method} ${r.path.replace(/:[a-z]+/gi, ":id")}`);
    const missing = [...new Set(routes)].filter((route) => !listed.has(route));
    expect(missing).toEqual([]);
  });
});
