import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { RouteConfig } from "@hono/zod-openapi";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import sharp from "sharp";
import Stripe from "stripe";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { ZodType } from "zod";
import { unsubscribeToken } from "./features/reminders/tokens.ts";
import { type StravaStandIn, startStravaStandIn } from "./testing/strava-stand-in.ts";
import { type StripeStandIn, startStripeStandIn } from "./testing/stripe-stand-in.ts";
import {
  anonymous,
  createTestApp,
  describeEachDatabase,
  signUp,
  TEST_ORIGIN,
  type TestApp,
  type TestClient,
} from "./testing/test-app.ts";

/**
 * The contract holds for real answers: every answer a route gives, success or error, matches the schema
 * its declaration gives for that status, and every declared route is called and answers successfully at
 * least once, on both databases.
 */

const METRICS_TOKEN = "metrics-token-for-the-contract-test";
const STRIPE_KEY = "sk_test_contract";
const WEBHOOK_SECRET = "whsec_contract";
const STRAVA = { clientId: "4242", clientSecret: "strava-contract-secret" };
const STRAVA_VERIFY_TOKEN = "strava-contract-verify-token";
const STRAVA_SUBSCRIPTION = 31;

type Declared = Pick<RouteConfig, "method" | "path" | "responses">;

function declaredRoutes(app: TestApp["app"]): Declared[] {
  return app.openAPIRegistry.definitions.flatMap((definition) =>
    definition.type === "route" ? [definition.route] : [],
  );
}

/** The declared route a request reaches: the one matching its path with the fewest parameters. */
function routeOf(routes: Declared[], method: string, path: string): Declared | undefined {
  const matching = routes.filter(
    (route) =>
      route.method === method.toLowerCase() &&
      new RegExp(`^${route.path.replaceAll(/\{[^}]+\}/g, "[^/]+")}$`).test(path),
  );
  const params = (route: Declared) => route.path.split("{").length;
  return matching.sort((a, b) => params(a) - params(b))[0];
}

const isZod = (schema: unknown): schema is ZodType =>
  typeof (schema as ZodType | undefined)?.safeParse === "function";

/**
 * The published document's schema for one answer, compiled with ajv: what a client generated from
 * /api/openapi.json expects, which can differ from the zod schema it was made from.
 */
function documentValidator(doc: object) {
  // OpenAPI 3.1 schemas are JSON Schema 2020-12; `example` and the like are OpenAPI's, not errors.
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  (addFormats as unknown as { default: (ajv: Ajv2020) => void }).default(ajv);
  ajv.addSchema(doc, "openapi.json");
  const pointer = (...parts: string[]) =>
    parts.map((p) => p.replaceAll("~", "~0").replaceAll("/", "~1")).join("/");
  return (path: string, method: string, status: number, body: unknown) => {
    const ref = `openapi.json#/${pointer("paths", path, method, "responses", String(status), "content", "application/json", "schema")}`;
    const validate = ajv.getSchema(ref);
    if (!validate) return `no schema at ${ref}`;
    return validate(body) ? null : ajv.errorsText(validate.errors);
  };
}

describeEachDatabase("the API contract", (kind) => {
  let t: TestApp;
  let stripeApp: TestApp;
  let stripeApi: StripeStandIn;
  let stravaApp: TestApp;
  let stravaApi: StravaStandIn;
  let page: Server;
  let pageUrl: string;
  /** Every route that answered, by `METHOD path`, with the statuses it gave. */
  const answered = new Map<string, Set<number>>();

  beforeAll(async () => {
    page = createServer((_req, res) => {
      res.writeHead(200, { "Content-Type": "text/html" });
      res.end("<html><body><ul><li>Fork: RockShox Pike</li><li>Chain: Shimano XT</li></ul></body></html>");
    });
    await new Promise<void>((resolve) => page.listen(0, "127.0.0.1", resolve));
    pageUrl = `http://127.0.0.1:${(page.address() as AddressInfo).port}/bike.html`;
    t = await createTestApp(kind, { allowLoopbackImports: true, env: { METRICS_TOKEN } });
    stripeApi = await startStripeStandIn(STRIPE_KEY);
    stripeApp = await createTestApp(kind, {
      env: {
        STRIPE_SECRET_KEY: STRIPE_KEY,
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_PRICE_ID: "price_contract",
        STRIPE_API_BASE_URL: stripeApi.url,
      },
    });
    stravaApi = await startStravaStandIn(STRAVA);
    stravaApp = await createTestApp(kind, {
      env: {
        STRAVA_CLIENT_ID: STRAVA.clientId,
        STRAVA_CLIENT_SECRET: STRAVA.clientSecret,
        STRAVA_API_BASE_URL: stravaApi.url,
        STRAVA_WEBHOOK_VERIFY_TOKEN: STRAVA_VERIFY_TOKEN,
        STRAVA_WEBHOOK_SUBSCRIPTION_ID: String(STRAVA_SUBSCRIPTION),
      },
    });
  });
  afterAll(async () => {
    await t?.close();
    await stripeApp?.close();
    await stripeApi?.close();
    await stravaApp?.close();
    await stravaApi?.close();
    page?.close();
  });

  const documents = new Map<TestApp, Promise<ReturnType<typeof documentValidator>>>();
  /** Each app's own document (Stripe's and Strava's apps list routes the plain one leaves out). */
  function documentOf(app: TestApp) {
    let made = documents.get(app);
    if (!made) {
      made = (async () => documentValidator(await (await app.app.request("/api/openapi.json")).json()))();
      documents.set(app, made);
    }
    return made;
  }

  /** Checks one answer against its route's declaration and the published document, and notes that the route answered. */
  async function checked(app: TestApp, method: string, path: string, response: Response) {
    const url = new URL(path, TEST_ORIGIN);
    const route = routeOf(declaredRoutes(app.app), method, url.pathname);
    expect(route, `${method} ${url.pathname} is not declared`).toBeDefined();
    const declared = route!.responses[response.status];
    expect(
      declared,
      `${method} ${route!.path} answered ${response.status}, which it does not declare`,
    ).toBeDefined();
    const contentType = response.headers.get("Content-Type")?.split(";")[0] ?? null;
    const content = declared && "content" in declared ? declared.content : undefined;
    if (!content) {
      expect(await response.clone().text(), `${method} ${route!.path} ${response.status} has a body`).toBe(
        "",
      );
    } else {
      expect(Object.keys(content), `${method} ${route!.path} ${response.status}`).toContain(contentType);
      const media = content[contentType!];
      const schema = media && "schema" in media ? media.schema : undefined;
      if (contentType === "application/json" && isZod(schema)) {
        const body = await response.clone().json();
        const result = schema.safeParse(body);
        expect(
          result.success,
          `${method} ${route!.path} ${response.status}: ${JSON.stringify(result.error?.issues)}`,
        ).toBe(true);
        const documented = (await documentOf(app))(route!.path, route!.method, response.status, body);
        expect(
          documented,
          `${method} ${route!.path} ${response.status} against /api/openapi.json`,
        ).toBeNull();
      }
    }
    const key = `${route!.method.toUpperCase()} ${route!.path}`;
    answered.set(key, (answered.get(key) ?? new Set()).add(response.status));
    return response;
  }

  /** A caller whose every answer is checked. */
  function checkedClient(client: TestClient, app = t) {
    return async (method: string, path: string, body?: unknown) =>
      checked(app, method, path, await client.request(method, path, body));
  }

  async function answer<T>(response: Promise<Response>, status: number): Promise<T> {
    const done = await response;
    expect(done.status, await done.clone().text()).toBe(status);
    const isJson = done.headers.get("Content-Type")?.startsWith("application/json");
    return (isJson ? await done.json() : undefined) as T;
  }

  it("signed-in routes answer as declared", async () => {
    const riderClient = await signUp(t.app);
    const rider = checkedClient(riderClient);
    const { bicycle } = await answer<{ bicycle: { id: string } }>(
      rider("POST", "/api/bicycles", { name: "Gravel", price: "1499.50", purchaseCondition: "new" }),
      201,
    );
    await answer(rider("GET", "/api/bicycles"), 200);
    await answer(rider("GET", `/api/bicycles/${bicycle.id}`), 200);
    await answer(rider("PUT", `/api/bicycles/${bicycle.id}`, { name: "Gravel 2" }), 200);

    const { component } = await answer<{ component: { id: string } }>(
      rider("POST", "/api/components", {
        name: "Chain",
        type: "Drivetrain",
        bicycleId: bicycle.id,
        mileage: "120",
      }),
      201,
    );
    await answer(rider("GET", `/api/bicycles/${bicycle.id}/components`), 200);
    await answer(rider("GET", `/api/components/${component.id}`), 200);
    await answer(
      rider("PUT", `/api/components/${component.id}`, { name: "Chain XT", type: "Drivetrain" }),
      200,
    );
    await answer(rider("POST", `/api/components/${component.id}/move-to-parts-bin`), 200);
    await answer(rider("GET", "/api/components/parts-bin"), 200);
    await answer(rider("GET", `/api/components/${component.id}/installations`), 200);
    const ride = { name: "Loop", startedAt: "2024-05-01T08:00:00Z", distanceKm: 42.5, movingSeconds: 5400 };
    const created = await answer<{ ride: { id: string } }>(
      rider("POST", `/api/bicycles/${bicycle.id}/rides`, ride),
      201,
    );
    await answer(rider("GET", `/api/bicycles/${bicycle.id}/rides`), 200);
    await answer(rider("GET", "/api/rides?page=1"), 200);
    await answer(rider("PUT", `/api/rides/${created.ride.id}`, { ...ride, elevationGainM: 300 }), 200);
    await answer(rider("POST", `/api/bicycles/${bicycle.id}/rides/files?name=notes.gpx`, ride), 200);
    await answer(rider("DELETE", `/api/rides/${created.ride.id}`), 204);
    await answer(rider("POST", `/api/components/${component.id}/assign`, { bicycleId: bicycle.id }), 200);
    await answer(rider("POST", `/api/components/${component.id}/move-to-parts-bin`), 200);
    await answer(
      rider("POST", "/api/components/assign", { componentIds: [component.id], bicycleId: bicycle.id }),
      200,
    );

    const { service } = await answer<{ service: { id: string } }>(
      rider("POST", `/api/components/${component.id}/services`, {
        date: "2024-05-01",
        description: "Waxed",
        cost: 12.5,
      }),
      201,
    );
    await answer(rider("GET", `/api/components/${component.id}/services`), 200);
    await answer(rider("GET", `/api/bicycles/${bicycle.id}/services`), 200);
    const imported = {
      row: 2,
      date: "2024-06-01",
      component: "chain xt",
      description: "Imported",
      cost: "5",
    };
    await answer(
      rider("POST", "/api/services/import", { dateFormat: "iso", dryRun: true, rows: [imported] }),
      200,
    );
    await answer(rider("POST", "/api/services/import", { dateFormat: "iso", rows: [imported] }), 200);
    await answer(rider("GET", "/api/export/csv/services"), 200);
    await answer(rider("POST", `/api/bicycles/${bicycle.id}/intervals/defaults`), 200);
    const { interval } = await answer<{ interval: { id: string } }>(
      rider("POST", `/api/components/${component.id}/intervals`, { label: "Wax", everyKm: 400 }),
      201,
    );
    await answer(rider("GET", `/api/components/${component.id}/intervals`), 200);
    await answer(rider("PUT", `/api/intervals/${interval.id}`, { label: "Wax", everyMonths: 2 }), 200);
    await answer(rider("GET", "/api/intervals"), 200);
    await answer(rider("GET", "/api/intervals/due"), 200);
    await answer(rider("GET", "/api/intervals/due-count"), 200);
    await answer(
      rider("POST", `/api/components/${component.id}/services`, {
        date: "2024-05-03",
        description: "Waxed",
        cost: 0,
        resetsIntervalIds: [interval.id],
      }),
      201,
    );
    await answer(rider("DELETE", `/api/intervals/${interval.id}`), 204);
    await answer(
      rider("PUT", `/api/services/${service.id}`, { date: "2024-05-02", description: "Waxed", cost: 10 }),
      200,
    );
    await answer(rider("GET", "/api/dashboard"), 200);
    await answer(rider("GET", "/api/spending"), 200);
    await answer(rider("GET", "/api/subscription"), 200);
    await answer(rider("GET", "/api/settings"), 200);
    await answer(rider("PUT", "/api/settings", { distanceUnit: "mi" }), 200);
    await answer(rider("GET", "/api/reminders"), 200);
    await answer(rider("PUT", "/api/reminders", { emailDigest: true }), 200);
    const { calendarUrl } = await answer<{ calendarUrl: string }>(
      rider("POST", "/api/reminders/calendar-link"),
      200,
    );
    const visitor = checkedClient(anonymous(t.app));
    await answer(visitor("GET", new URL(calendarUrl).pathname), 200);
    await answer(rider("DELETE", "/api/reminders/calendar-link"), 200);
    await answer(visitor("GET", new URL(calendarUrl).pathname), 404);
    await answer(
      visitor("POST", "/api/reminders/unsubscribe", {
        token: unsubscribeToken(t.config.authSecret, riderClient.userId),
      }),
      200,
    );
    await answer(
      visitor(
        "GET",
        `/api/reminders/unsubscribe/one-click?token=${unsubscribeToken(t.config.authSecret, riderClient.userId)}`,
      ),
      302,
    );
    await answer(
      visitor(
        "POST",
        `/api/reminders/unsubscribe/one-click?token=${unsubscribeToken(t.config.authSecret, riderClient.userId)}`,
      ),
      200,
    );
    const { token } = await answer<{ token: { id: string } }>(
      rider("POST", "/api/api-tokens", { name: "Script", scope: "read", expiresInDays: 30 }),
      201,
    );
    await answer(rider("GET", "/api/api-tokens"), 200);
    await answer(rider("DELETE", `/api/api-tokens/${token.id}`), 204);
    await answer(rider("POST", "/api/feedback", { title: "Hello", feedback: "Nice app" }), 201);
    await answer(
      rider("POST", "/api/import/components", { components: [{ name: "Fork", type: "Fork" }] }),
      201,
    );
    await answer(rider("POST", "/api/import/url", { url: pageUrl }), 200);

    await answer(rider("DELETE", `/api/services/${service.id}`), 204);
    await answer(rider("DELETE", `/api/components/${component.id}`), 204);
    await answer(rider("DELETE", `/api/bicycles/${bicycle.id}`), 204);
  });

  it("files and share links answer as declared, the public view too", async () => {
    const client = await signUp(t.app);
    const rider = checkedClient(client);
    const form = new FormData();
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#c33" } })
      .png()
      .toBuffer();
    form.set("file", new File([new Uint8Array(png)], "bike.png", { type: "image/png" }));
    form.set("purpose", "bicycle-image");
    const uploadResponse = await t.app.request("/api/files", {
      method: "POST",
      headers: { Origin: TEST_ORIGIN, Cookie: client.cookie },
      body: form,
    });
    const { file } = await answer<{ file: { id: string; url: string } }>(
      Promise.resolve(checked(t, "POST", "/api/files", uploadResponse)),
      201,
    );
    await answer(rider("GET", file.url), 200);
    const { bicycle } = await answer<{ bicycle: { id: string } }>(
      rider("POST", "/api/bicycles", { name: "Shared", imageUrl: file.url }),
      201,
    );
    const { link } = await answer<{ link: { id: string; token: string } }>(
      rider("POST", `/api/bicycles/${bicycle.id}/share`, { notes: "For sale", includeCosts: false }),
      201,
    );
    await answer(rider("GET", "/api/shared-links"), 200);
    await answer(rider("GET", `/api/bicycles/${bicycle.id}/passport`), 200);
    await answer(rider("GET", `/api/bicycles/${bicycle.id}/passport.pdf?costs=false`), 200);
    // The account export, and its import (into the same account: everything is already there).
    const exported = await rider("GET", "/api/export");
    expect(exported.status).toBe(200);
    const archive = await exported.arrayBuffer();
    const importArchive = (body: BodyInit) =>
      t.app.request("/api/import/archive", {
        method: "POST",
        headers: { Origin: TEST_ORIGIN, Cookie: client.cookie, "Content-Type": "application/zip" },
        body,
      });
    await answer(
      checked(t, "POST", "/api/import/archive", await importArchive(new Uint8Array(archive))),
      200,
    );
    await answer(checked(t, "POST", "/api/import/archive", await importArchive("not a zip")), 400);
    const visitor = checkedClient(anonymous(t.app));
    const view = await answer<{ snapshot: { bike: { imageUrl: string } } }>(
      visitor("GET", `/api/shared/${link.token}`),
      200,
    );
    await answer(visitor("GET", view.snapshot.bike.imageUrl), 200);
    await answer(rider("DELETE", `/api/shared-links/${link.id}`), 204);
    await answer(visitor("GET", `/api/shared/${link.token}`), 404);
  });

  it("test-mode billing answers as declared", async () => {
    const rider = checkedClient(await signUp(t.app));
    const checkout = await answer<{ url: string }>(rider("POST", "/api/billing/checkout"), 200);
    const checkoutId = new URL(checkout.url, TEST_ORIGIN).searchParams.get("id");
    await answer(rider("POST", "/api/billing/test/confirm", { checkoutId }), 200);
    await answer(rider("POST", "/api/billing/portal"), 200);
    await answer(rider("POST", "/api/billing/test/cancel"), 200);
    await answer(rider("POST", "/api/billing/test/resume"), 200);
  });

  it("Stripe's webhook answers as declared", async () => {
    const payload = JSON.stringify({ id: "evt_contract", object: "event", type: "invoice.paid", data: {} });
    const signature = new Stripe(STRIPE_KEY).webhooks.generateTestHeaderString({
      payload,
      secret: WEBHOOK_SECRET,
    });
    const deliver = (header: string) =>
      stripeApp.app.request("/api/billing/webhook", {
        method: "POST",
        headers: { "Content-Type": "application/json", "Stripe-Signature": header },
        body: payload,
      });
    await answer(checked(stripeApp, "POST", "/api/billing/webhook", await deliver(signature)), 200);
    await answer(checked(stripeApp, "POST", "/api/billing/webhook", await deliver("t=1,v1=forged")), 400);
  });

  it("Strava's routes answer as declared", async () => {
    const client = await signUp(stravaApp.app);
    const rider = checkedClient(client, stravaApp);
    const athlete = stravaApi.addAthlete(1, [{ id: "b77", name: "Road bike" }]);
    stravaApi.addActivity(athlete.id, { start_date: "2024-06-01T07:00:00Z", distance: 50_000 });
    await answer(rider("GET", "/api/strava"), 200);
    await answer(rider("GET", "/api/strava/bikes"), 404);
    const start = await rider("POST", "/api/strava/connect");
    const stateCookie = start.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const { url } = await answer<{ url: string }>(Promise.resolve(start), 200);
    const back = new URL((await fetch(url, { redirect: "manual" })).headers.get("location")!);
    const callback = await stravaApp.app.request(`${back.pathname}${back.search}`, {
      headers: { Cookie: `${client.cookie}; ${stateCookie}` },
    });
    await answer(checked(stravaApp, "GET", back.pathname, callback), 302);
    await answer(rider("POST", "/api/strava/import"), 400);
    const { bicycle } = await answer<{ bicycle: { id: string } }>(
      rider("POST", "/api/bicycles", { name: "Road" }),
      201,
    );
    await answer(rider("PUT", "/api/strava/bikes/b77", { bicycleId: "nope" }), 400);
    await answer(rider("PUT", "/api/strava/bikes/b77", { bicycleId: bicycle.id }), 200);
    await answer(rider("GET", "/api/strava/bikes"), 200);
    await answer(rider("POST", "/api/strava/import"), 200);
    const webhook = checkedClient(anonymous(stravaApp.app), stravaApp);
    const check = "/api/strava/webhook?hub.mode=subscribe&hub.challenge=abc&hub.verify_token=";
    await answer(webhook("GET", `${check}${STRAVA_VERIFY_TOKEN}`), 200);
    await answer(webhook("GET", `${check}wrong-token`), 403);
    await answer(
      webhook("POST", "/api/strava/webhook", stravaApi.event(STRAVA_SUBSCRIPTION, athlete.id, 1, "delete")),
      200,
    );
    await answer(webhook("POST", "/api/strava/webhook", { object_type: "activity" }), 400);
    await answer(rider("DELETE", "/api/strava"), 204);
  });

  it("public and instance routes answer as declared", async () => {
    const visitor = checkedClient(anonymous(t.app));
    for (const path of ["/api/health", "/api/health/live", "/api/health/ready", "/api/auth-options"]) {
      await answer(visitor("GET", path), 200);
    }
    await answer(visitor("GET", "/api/openapi.json"), 200);
    await answer(visitor("GET", "/api/docs"), 200);
    await answer(visitor("GET", "/api/docs/scalar.js"), 200);
    const metrics = await t.app.request("/api/metrics", {
      headers: { Authorization: `Bearer ${METRICS_TOKEN}` },
    });
    await answer(checked(t, "GET", "/api/metrics", metrics), 200);
    await answer(visitor("GET", "/api/metrics"), 401);
  });

  it("error answers carry the declared error body", async () => {
    const visitor = checkedClient(anonymous(t.app));
    const rider = checkedClient(await signUp(t.app));
    const missing = "00000000-0000-4000-8000-000000000000";
    await answer(visitor("GET", "/api/bicycles"), 401);
    await answer(visitor("POST", "/api/bicycles", { name: "x" }), 401);
    await answer(rider("POST", "/api/bicycles", { name: "" }), 400);
    await answer(rider("GET", `/api/bicycles/${missing}`), 404);
    await answer(rider("GET", `/api/bicycles/${missing}/passport`), 404);
    await answer(rider("GET", `/api/bicycles/${missing}/passport.pdf?costs=yes`), 400);
    await answer(rider("PUT", `/api/components/${missing}`, { name: "x", type: "Drivetrain" }), 404);
    await answer(rider("POST", `/api/components/${missing}/services`, { description: "x" }), 400);
    await answer(rider("DELETE", `/api/services/${missing}`), 404);
    await answer(rider("PUT", `/api/intervals/${missing}`, { label: "x", everyKm: 10 }), 404);
    await answer(rider("POST", `/api/components/${missing}/intervals`, { label: "x" }), 400);
    await answer(rider("PUT", "/api/settings", { distanceUnit: "furlongs" }), 400);
    await answer(rider("PUT", "/api/reminders", { emailDigest: "yes" }), 400);
    await answer(visitor("POST", "/api/reminders/unsubscribe", { token: "forged.token" }), 404);
    await answer(visitor("POST", "/api/reminders/unsubscribe", {}), 400);
    await answer(visitor("POST", "/api/reminders/unsubscribe/one-click?token=forged.token"), 404);
    await answer(visitor("POST", "/api/reminders/unsubscribe/one-click"), 400);
    await answer(visitor("GET", "/api/calendar/no-such-token/velolog.ics"), 404);
    await answer(rider("POST", "/api/billing/test/cancel"), 400);
    await answer(rider("GET", `/api/files/${missing}`), 404);
    await answer(visitor("GET", "/api/shared/no-such-token"), 404);
    await answer(rider("GET", "/api/export/csv/passwords"), 400);
    await answer(visitor("GET", "/api/export/csv/rides"), 401);
    const badRow = { row: 2, date: "31/02/2024", component: "Nothing", description: "x", cost: "-1" };
    await answer(rider("POST", "/api/services/import", { dateFormat: "dmy", rows: [badRow] }), 400);
    await answer(
      rider("POST", "/api/services/import", { dateFormat: "iso", bicycleId: missing, rows: [badRow] }),
      404,
    );
  });

  it("every declared route answered, and successfully", () => {
    for (const app of [t, stripeApp, stravaApp]) {
      for (const route of declaredRoutes(app.app)) {
        if (app === stripeApp && !route.path.endsWith("/webhook")) continue;
        if (app === t && route.path.endsWith("/webhook")) continue;
        if (app === stravaApp && !route.path.startsWith("/api/strava")) continue;
        const statuses = [...(answered.get(`${route.method.toUpperCase()} ${route.path}`) ?? [])];
        // Success, or the redirect a route declares as its answer (Strava's callback).
        expect(
          statuses.some((status) => status < 400 && route.responses[status] !== undefined),
          `${route.method.toUpperCase()} ${route.path} never answered successfully (${statuses.join(", ") || "never called"})`,
        ).toBe(true);
      }
    }
  });
});
