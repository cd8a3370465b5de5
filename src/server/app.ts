import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import { except } from "hono/combine";
import { HTTPException } from "hono/http-exception";
import { requestId } from "hono/request-id";
import { messages } from "../shared/messages.ts";
import { redactTokens } from "./auth/events.ts";
import { AppError } from "./errors.ts";
import { apiTokenRoutes } from "./features/api-tokens/routes.ts";
import { authOptionsRoutes } from "./features/auth-options/routes.ts";
import { bicycleRoutes } from "./features/bicycles/routes.ts";
import { billingRoutes } from "./features/billing/routes.ts";
import { stripeWebhookRoutes } from "./features/billing/webhook-routes.ts";
import { componentRoutes } from "./features/components/routes.ts";
import { spendingRoutes } from "./features/costs/routes.ts";
import { csvRoutes } from "./features/csv/routes.ts";
import { dashboardRoutes } from "./features/dashboard/routes.ts";
import { archiveRoutes } from "./features/export/routes.ts";
import { feedbackRoutes } from "./features/feedback/routes.ts";
import { fileRoutes } from "./features/files/routes.ts";
import { healthRoutes } from "./features/health/routes.ts";
import { importRoutes } from "./features/import/routes.ts";
import {
  bicycleIntervalRoutes,
  componentIntervalRoutes,
  intervalRoutes,
} from "./features/intervals/routes.ts";
import { passportRoutes } from "./features/passport/routes.ts";
import { calendarRoutes, reminderRoutes } from "./features/reminders/routes.ts";
import { bicycleRideRoutes, rideRoutes } from "./features/rides/routes.ts";
import { componentServiceRoutes, serviceRoutes } from "./features/services/routes.ts";
import { settingsRoutes } from "./features/settings/routes.ts";
import { shareRoutes } from "./features/shares/routes.ts";
import { stravaRoutes } from "./features/strava/routes.ts";
import { stravaWebhookRoutes } from "./features/strava/webhook-routes.ts";
import { subscriptionRoutes } from "./features/subscriptions/routes.ts";
import { apiDocsPage, apiDocsScript, apiDocsScriptPath } from "./http/api-docs.ts";
import { bodyLimit } from "./http/body-limit.ts";
import { revalidatedJson } from "./http/caching.ts";
import { CLIENT_IP_HEADER, clientAddress, trustedProxyList } from "./http/client-ip.ts";
import type { AppDeps, AppEnv } from "./http/context.ts";
import { refuseDeeplyNestedJson } from "./http/json-depth.ts";
import { createMetrics } from "./http/metrics.ts";
import { errors, json, auth as security } from "./http/openapi.ts";
import { sameOriginWrites, securityHeaders } from "./http/security.ts";
import { seoRoutes } from "./http/seo.ts";
import { sessionMiddleware } from "./http/session.ts";
import { sharePageHead } from "./http/share-page-head.ts";
import { mountWebApp } from "./http/web.ts";

const MAX_JSON_BODY = 1024 * 1024;

/**
 * The auth library's answers (a session and its token, the sessions list, backup codes) are kept by no
 * cache, a browser's or a proxy's: the library sets no Cache-Control on most of them.
 */
function withoutCaching(answer: Response): Response {
  if (answer.headers.has("Cache-Control")) return answer;
  const copy = new Response(answer.body, answer);
  copy.headers.set("Cache-Control", "no-store");
  return copy;
}

/**
 * Every /api route of ours (not the auth library's /api/auth/*), mounted at /api. Chained, so its type
 * carries each route's input and answers: the web app's client is typed from `ApiRoutes` (web/lib/api-client.ts).
 */
export function apiRoutes(deps: AppDeps) {
  return new OpenAPIHono<AppEnv>()
    .route("/auth-options", authOptionsRoutes(deps))
    .route("/health", healthRoutes(deps))
    .route("/subscription", subscriptionRoutes(deps))
    .route("/bicycles", bicycleRoutes(deps))
    .route("/bicycles", bicycleRideRoutes(deps))
    .route("/bicycles", bicycleIntervalRoutes(deps))
    .route("/bicycles", passportRoutes(deps))
    .route("/rides", rideRoutes(deps))
    .route("/components", componentRoutes(deps))
    .route("/components", componentServiceRoutes(deps))
    .route("/components", componentIntervalRoutes(deps))
    .route("/intervals", intervalRoutes(deps))
    .route("/services", serviceRoutes(deps))
    .route("/", csvRoutes(deps))
    .route("/dashboard", dashboardRoutes(deps))
    .route("/spending", spendingRoutes(deps))
    .route("/", shareRoutes(deps))
    .route("/import", importRoutes(deps))
    .route("/", archiveRoutes(deps))
    .route("/feedback", feedbackRoutes(deps))
    .route("/billing", billingRoutes(deps))
    .route("/settings", settingsRoutes(deps))
    .route("/reminders", reminderRoutes(deps))
    .route("/calendar", calendarRoutes(deps))
    .route("/strava", stravaRoutes(deps))
    .route("/api-tokens", apiTokenRoutes(deps))
    .route("/files", fileRoutes(deps));
}

export type ApiRoutes = ReturnType<typeof apiRoutes>;

/** The OpenAPI document's header: what the API is and how callers authenticate (docs/api.md). */
const documentInfo = {
  openapi: "3.1.0",
  info: {
    title: "Velolog API",
    version: "1",
    description:
      "The API the Velolog web app uses: bicycles, components, the parts bin, service logs, share links and account settings. Changes within /api are additive only (docs/api.md). Errors are `{error:{code,message,fields?}}`.",
  },
  tags: [
    "Bicycles",
    "Rides",
    "Components",
    "Services",
    "Dashboard",
    "Share links",
    "Import",
    "Export",
    "Files",
    "Account",
    "Feedback",
    "Billing",
    "Strava",
    "Instance",
  ].map((name) => ({ name })),
};

/** The document's tags that name an operation: Strava's or billing's are left out while they are off. */
function withUsedTags<Doc extends { paths?: object; tags?: { name: string }[] }>(doc: Doc): Doc {
  const used = new Set(
    Object.values(doc.paths ?? {}).flatMap((methods: Record<string, { tags?: string[] }>) =>
      Object.values(methods).flatMap((operation) => operation.tags ?? []),
    ),
  );
  return { ...doc, tags: doc.tags?.filter((tag) => used.has(tag.name)) };
}

type Operation = { security?: Record<string, string[]>[]; responses?: Record<string, object> };

/**
 * Every operation a personal API token may call can answer 429: 120 requests a minute per token (one check,
 * http/session.ts, before every route), so the document says so once here rather than in each route.
 */
function withTokenRateLimit<Doc extends { paths?: object }>(doc: Doc): Doc {
  for (const methods of Object.values(doc.paths ?? {}) as Record<string, Operation>[]) {
    for (const operation of Object.values(methods)) {
      // The error body, as the operation's own 401 (or, for a file, its 404) gives it.
      const error = operation.responses?.["401"] ?? operation.responses?.["404"];
      if (!operation.security?.some((scheme) => "bearerAuth" in scheme) || !error) continue;
      operation.responses!["429"] ??= {
        ...error,
        description:
          "Too many requests (RATE_LIMITED): 120 a minute per API token; `Retry-After` says when to try again.",
      };
    }
  }
  return doc;
}

/** The whole HTTP application, with every route mounted; it does not listen. */
export function createApp(deps: AppDeps) {
  const { auth, logger } = deps;
  const app = new OpenAPIHono<AppEnv>();
  app.openAPIRegistry.registerComponent("securitySchemes", "cookieAuth", {
    type: "apiKey",
    in: "cookie",
    name: "better-auth.session_token",
    description: "The session cookie the web app's sign-in sets (`__Secure-` prefixed over HTTPS).",
  });
  app.openAPIRegistry.registerComponent("securitySchemes", "bearerAuth", {
    type: "http",
    scheme: "bearer",
    description:
      "A personal API token, `Authorization: Bearer …`. Not taken by /api/auth/*, account deletion, token management, billing or Strava.",
  });

  app.use("*", requestId());
  // Prometheus metrics only when METRICS_TOKEN is set (http/metrics.ts); nothing is collected otherwise.
  const metrics = deps.config.metricsToken ? createMetrics(deps.config.metricsToken) : null;
  if (metrics) app.use("*", metrics.record);
  app.use("*", async (c, next) => {
    const started = performance.now();
    await next();
    logger.info(
      {
        requestId: c.get("requestId"),
        method: c.req.method,
        path: redactTokens(c.req.path),
        status: c.res.status,
        ms: Math.round(performance.now() - started),
      },
      "request",
    );
  });

  app.use("*", securityHeaders(deps.config.publicUrl));
  // Stripe's webhook comes before the same-origin check, the JSON body limit and the session middleware:
  // Stripe sends no Origin and no cookie, the signature on the raw body authenticates it, and the route
  // has its own body limit (features/billing/webhook-routes.ts).
  app.route("/api/billing/webhook", stripeWebhookRoutes(deps));
  // Strava's webhook likewise: no Origin, no cookie, and its own body limit (features/strava/webhook-routes.ts).
  app.route("/api/strava/webhook", stravaWebhookRoutes(deps));
  // Not for the digest's one-click unsubscribe, which a webmail may post from its own page (RFC 8058): its
  // token authenticates it, and it can only turn mail off.
  app.use(
    "/api/*",
    except(
      "/api/reminders/unsubscribe/one-click",
      sameOriginWrites([deps.config.publicUrl, ...deps.config.trustedOrigins]),
    ),
  );
  // Uploads, ride files and account archives have their own, larger limits (features/files/routes.ts,
  // features/rides/routes.ts, features/export/routes.ts).
  app.use(
    "/api/*",
    except(
      ["/api/files", "/api/bicycles/:id/rides/files", "/api/import/archive"],
      bodyLimit(MAX_JSON_BODY, messages.request.tooLarge),
      refuseDeeplyNestedJson,
    ),
  );
  if (metrics) {
    const metricsRoute = createRoute({
      method: "get",
      path: "/api/metrics",
      tags: ["Instance"],
      summary: "Prometheus metrics (only with METRICS_TOKEN set; that token as a bearer token)",
      security: [{ metricsToken: [] }],
      responses: {
        200: {
          description: "Metrics, Prometheus text format.",
          content: { "text/plain": { schema: z.string() } },
        },
        ...errors(401),
      },
    });
    app.openAPIRegistry.registerComponent("securitySchemes", "metricsToken", {
      type: "http",
      scheme: "bearer",
    });
    // The metrics are text, not a typed JSON answer; the route is declared for the document.
    app.openapi(metricsRoute, metrics.serve as never);
  }
  // Before the auth library's routes: it refuses API tokens there (http/session.ts).
  const session = sessionMiddleware(auth, deps.db);
  app.use("/api/*", session);
  const trustedProxies = trustedProxyList(deps.config.trustedProxies);
  app.on(["GET", "POST"], "/api/auth/*", async (c) => {
    // The auth library's event log lines carry this request's id (auth/events.ts).
    const request = new Request(c.req.raw);
    request.headers.set("x-request-id", c.get("requestId"));
    // Rate limits count by this address, which only our server sets (http/client-ip.ts).
    const address = clientAddress(c, trustedProxies);
    if (address) request.headers.set(CLIENT_IP_HEADER, address);
    else request.headers.delete(CLIENT_IP_HEADER);
    return withoutCaching(await auth.handler(request));
  });
  app.use("/api/*", revalidatedJson());
  app.route("/api", apiRoutes(deps));
  app.openapi(
    createRoute({
      method: "get",
      path: "/api/openapi.json",
      tags: ["Instance"],
      summary: "This document (OpenAPI 3.1)",
      security: security.public,
      responses: { 200: json(z.record(z.string(), z.unknown()), "The OpenAPI document.") },
    }),
    (c) => c.json(withTokenRateLimit(withUsedTags(app.getOpenAPI31Document(documentInfo))), 200),
  );
  app.openapi(
    createRoute({
      method: "get",
      path: "/api/docs",
      tags: ["Instance"],
      summary: "A readable reference of this document",
      security: security.public,
      responses: { 200: { description: "An HTML page.", content: { "text/html": { schema: z.string() } } } },
    }),
    apiDocsPage(),
  );
  app.openapi(
    createRoute({
      method: "get",
      path: apiDocsScriptPath,
      tags: ["Instance"],
      summary: "The reference page's script",
      security: security.public,
      responses: {
        200: { description: "JavaScript.", content: { "text/javascript": { schema: z.string() } } },
      },
    }),
    apiDocsScript,
  );
  app.all("/api/*", () => {
    throw new AppError("NOT_FOUND", "No such API route.");
  });

  app.route("/", seoRoutes(deps.config.publicUrl));
  if (deps.webDir) {
    mountWebApp(app, {
      webDir: deps.webDir,
      logger,
      supportEmail: deps.config.supportEmail,
      publicUrl: deps.config.publicUrl,
      billingMode: deps.config.billingMode,
      pageHead: sharePageHead(deps.db, deps.config.publicUrl),
      session,
    });
  }

  app.onError((error, c) => {
    if (error instanceof AppError) return c.json(error.toBody(), error.status);
    if (error instanceof HTTPException && error.status < 500) {
      // e.g. a body that is not JSON: the client's mistake, said plainly.
      const message =
        error.status === 400
          ? "The request body must be valid JSON."
          : error.status === 415
            ? "The request body must be JSON (Content-Type: application/json)."
            : error.message;
      return c.json({ error: { code: "VALIDATION", message } }, error.status);
    }
    logger.error(
      { err: error, requestId: c.get("requestId"), path: redactTokens(c.req.path) },
      "unhandled error",
    );
    return c.json({ error: { code: "INTERNAL", message: messages.generic.error } }, 500);
  });

  return app;
}

export type App = ReturnType<typeof createApp>;
