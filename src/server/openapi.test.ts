import { Validator } from "@seriousme/openapi-schema-validator";
import { expect, it } from "vitest";
import { API_TOKEN_EXPIRY_DAYS } from "../shared/schemas/api-token.ts";
import { describeEachDatabase, useTestApp } from "./testing/test-app.ts";

interface Operation {
  security?: Record<string, string[]>[];
  parameters?: unknown[];
  requestBody?: unknown;
  responses: Record<
    string,
    { content?: Record<string, { schema: { properties?: Record<string, unknown> } }> }
  >;
}
interface Document {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, unknown> };
  tags: { name: string }[];
}

const WRITE_METHODS = new Set(["post", "put", "patch", "delete"]);

describeEachDatabase("the OpenAPI document", (kind) => {
  // Strava configured, so that its routes are in the document (the test calls no Strava).
  const t = useTestApp(kind, {
    env: {
      METRICS_TOKEN: "metrics-token-for-the-openapi-test",
      STRAVA_CLIENT_ID: "4242",
      STRAVA_CLIENT_SECRET: "strava-secret-for-the-openapi-test",
    },
  });

  async function document(): Promise<Document> {
    const response = await t.app.request("/api/openapi.json");
    expect(response.status).toBe(200);
    return (await response.json()) as Document;
  }

  const operations = (doc: Document) =>
    Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({
        name: `${method.toUpperCase()} ${path}`,
        method,
        operation,
      })),
    );

  it("is a valid OpenAPI 3.1 document", async () => {
    const doc = await document();
    expect(doc.openapi).toBe("3.1.0");
    const result = await new Validator().validate(doc as unknown as Record<string, unknown>);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it("has every /api route of the app's route table, except the auth library's /api/auth/*", async () => {
    const doc = await document();
    const routes = t.app.routes.filter(
      (route) =>
        route.method !== "ALL" && route.path.startsWith("/api/") && !route.path.startsWith("/api/auth/"),
    );
    expect(routes.length).toBeGreaterThan(30);
    const missing = routes
      .map((route) => ({
        method: route.method.toLowerCase(),
        path: route.path.replaceAll(/:(\w+)/g, "{$1}"),
      }))
      .filter(({ method, path }) => !doc.paths[path]?.[method])
      .map(({ method, path }) => `${method.toUpperCase()} ${path}`);
    expect(missing).toEqual([]);
    expect(Object.keys(doc.paths).some((path) => path.startsWith("/api/auth/"))).toBe(false);
  });

  it("gives every route its auth and its errors, each with the one error body", async () => {
    const doc = await document();
    expect(Object.keys(doc.components.securitySchemes)).toEqual(
      expect.arrayContaining(["cookieAuth", "bearerAuth"]),
    );
    for (const { name, method, operation } of operations(doc)) {
      expect(operation.security, `${name} says who may call it`).toBeDefined();
      const statuses = Object.keys(operation.responses);
      // An uploaded file is a 404 for everyone but its owner, signed in or not, and for an id that is not
      // one (decision 0033).
      const fileRoute = name === "GET /api/files/{id}";
      // Strava's callback is a page the browser opens: without a session it redirects to sign in.
      const browserRoute = name === "GET /api/strava/callback";
      if (operation.security!.length > 0)
        expect(statuses, `${name}: not signed in`).toContain(
          fileRoute ? "404" : browserRoute ? "302" : "401",
        );
      if (operation.parameters?.length || operation.requestBody)
        expect(statuses, `${name}: bad input`).toContain(fileRoute ? "404" : "400");
      const signedIn = operation.security!.some((requirement) => "cookieAuth" in requirement);
      if (WRITE_METHODS.has(method) && signedIn) expect(statuses, `${name}: another site`).toContain("403");
      // A personal API token has 120 requests a minute, whatever the route.
      const token = operation.security!.some((requirement) => "bearerAuth" in requirement);
      if (token) expect(statuses, `${name}: a token's rate limit`).toContain("429");
      for (const status of statuses.filter((s) => Number(s) >= 400 && Number(s) < 500)) {
        const schema = operation.responses[status]!.content?.["application/json"]?.schema;
        expect(Object.keys(schema?.properties ?? {}), `${name} ${status}`).toEqual(["error"]);
      }
    }
  });

  it("offers API tokens on data routes but not on billing", async () => {
    const doc = await document();
    const schemes = (path: string, method: string) =>
      doc.paths[path]![method]!.security!.flatMap((requirement) => Object.keys(requirement));
    expect(schemes("/api/bicycles", "get")).toEqual(["cookieAuth", "bearerAuth"]);
    expect(schemes("/api/billing/checkout", "post")).toEqual(["cookieAuth"]);
    expect(schemes("/api/shared/{token}", "get")).toEqual([]);
  });

  it("lists every expiry a new API token may have", async () => {
    const body = (await document()).paths["/api/api-tokens"]!.post!.requestBody as {
      content: Record<string, { schema: { properties: Record<string, unknown> } }>;
    };
    const schema = JSON.stringify(body.content["application/json"]!.schema.properties.expiresInDays);
    const listed = [...schema.matchAll(/"enum":\[([\d,]+)\]/g)].flatMap((match) =>
      match[1]!.split(",").map(Number),
    );
    expect(listed).toEqual([...API_TOKEN_EXPIRY_DAYS]);
  });

  it("says what an API token's fields mean, and that a read-only token's write is a 403", async () => {
    const tokens = (await document()).paths["/api/api-tokens"]!;
    type Schema = { properties: Record<string, { description?: string; properties?: never }> };
    const body = tokens.post!.requestBody as { content: Record<string, { schema: Schema }> };
    const input = body.content["application/json"]!.schema.properties;
    expect(input.scope?.description).toMatch(/^read: GET and HEAD only .*; write: reads and changes/);
    expect(input.expiresInDays?.description).toMatch(/null \(the default\): until revoked/);
    const created = tokens.post!.responses["201"]!.content!["application/json"]!.schema as unknown as {
      properties: { secret: { description?: string }; token: Schema };
    };
    expect(created.properties.secret.description).toMatch(/Only in this answer/);
    const token = created.properties.token.properties;
    for (const field of ["scope", "start", "lastUsedAt", "expiresAt"]) {
      expect(token[field]?.description, field).toBeTruthy();
    }
    const forbidden = (tokens.get!.responses["403"] as { description: string }).description;
    expect(forbidden).toContain("a write with a read-only API token");
    expect(forbidden).toContain("an API token on a route that takes only a signed-in session");
  });

  it("leaves billing out when BILLING_MODE is off", async () => {
    const { createTestApp } = await import("./testing/test-app.ts");
    const off = await createTestApp(kind, { env: { BILLING_MODE: "off" } });
    try {
      const doc = (await (await off.app.request("/api/openapi.json")).json()) as Document;
      // Only Stripe's webhook stays: it answers 404 whenever Stripe is not configured.
      expect(Object.keys(doc.paths).filter((path) => path.startsWith("/api/billing/"))).toEqual([
        "/api/billing/webhook",
      ]);
      expect(doc.paths["/api/bicycles"]).toBeDefined();
      // Strava is not configured here: no empty group of it in the reference.
      expect(doc.tags.map((tag) => tag.name)).not.toContain("Strava");
      expect(doc.tags.map((tag) => tag.name)).toContain("Bicycles");
    } finally {
      await off.close();
    }
  });

  it("serves a reference page whose only inline script carries this answer's nonce", async () => {
    const response = await t.app.request("/api/docs");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toContain("text/html");
    const html = await response.text();
    const nonce = /script-src 'self' 'nonce-([^']+)'/.exec(
      response.headers.get("Content-Security-Policy") ?? "",
    )?.[1];
    expect(nonce).toBeTruthy();
    expect(html).toContain('<script src="/api/docs/scalar.js"');
    expect(html).toContain("/api/openapi.json");
    expect(html).not.toContain("cdn.jsdelivr.net");
    for (const tag of html.match(/<script[^>]*>/g) ?? []) expect(tag).toContain(`nonce="${nonce}"`);
    const script = await t.app.request("/api/docs/scalar.js");
    expect(script.status).toBe(200);
    expect(script.headers.get("Content-Type")).toContain("javascript");
    expect((await script.arrayBuffer()).byteLength).toBeGreaterThan(100_000);
  });
});
