import { Hono } from "hono";
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
import { stripeWebhookRoutes } from "./features/billing/webhook.ts";
import { componentRoutes } from "./features/components/routes.ts";
import { dashboardRoutes } from "./features/dashboard/routes.ts";
import { feedbackRoutes } from "./features/feedback/routes.ts";
import { fileRoutes } from "./features/files/routes.ts";
import { healthRoutes } from "./features/health/routes.ts";
import { importRoutes } from "./features/import/routes.ts";
import { bicycleRideRoutes, rideRoutes } from "./features/rides/routes.ts";
import { componentServiceRoutes, serviceRoutes } from "./features/services/routes.ts";
import { settingsRoutes } from "./features/settings/routes.ts";
import { sharePageHead } from "./features/shares/page-head.ts";
import { shareRoutes } from "./features/shares/routes.ts";
import { subscriptionRoutes } from "./features/subscriptions/routes.ts";
import { bodyLimit } from "./http/body-limit.ts";
import { revalidatedJson } from "./http/caching.ts";
import { CLIENT_IP_HEADER, clientAddress, trustedProxyList } from "./http/client-ip.ts";
import type { AppDeps, AppEnv } from "./http/context.ts";
import { refuseDeeplyNestedJson } from "./http/json-depth.ts";
import { createMetrics } from "./http/metrics.ts";
import { sameOriginWrites, securityHeaders } from "./http/security.ts";
import { seoRoutes } from "./http/seo.ts";
import { sessionMiddleware } from "./http/session.ts";
import { mountWebApp } from "./http/web.ts";

const MAX_JSON_BODY = 1024 * 1024;

/** The whole HTTP application, with every route mounted; it does not listen. */
export function createApp(deps: AppDeps) {
  const { auth, logger } = deps;
  const app = new Hono<AppEnv>();

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
  // has its own body limit (features/billing/webhook.ts).
  app.route("/api/billing/webhook", stripeWebhookRoutes(deps));
  app.use("/api/*", sameOriginWrites([deps.config.publicUrl, ...deps.config.trustedOrigins]));
  // Uploads and ride files have their own, larger limits (features/files/routes.ts, features/rides/routes.ts).
  app.use(
    "/api/*",
    except(
      ["/api/files", "/api/bicycles/:id/rides/files"],
      bodyLimit(MAX_JSON_BODY, messages.request.tooLarge),
      refuseDeeplyNestedJson,
    ),
  );
  if (metrics) app.get("/api/metrics", metrics.serve);
  // Before the auth library's routes: it refuses API tokens there (http/session.ts).
  app.use("/api/*", sessionMiddleware(auth, deps.db));
  const trustedProxies = trustedProxyList(deps.config.trustedProxies);
  app.on(["GET", "POST"], "/api/auth/*", (c) => {
    // The auth library's event log lines carry this request's id (auth/events.ts).
    const request = new Request(c.req.raw);
    request.headers.set("x-request-id", c.get("requestId"));
    // Rate limits count by this address, which only our server sets (http/client-ip.ts).
    const address = clientAddress(c, trustedProxies);
    if (address) request.headers.set(CLIENT_IP_HEADER, address);
    else request.headers.delete(CLIENT_IP_HEADER);
    return auth.handler(request);
  });
  app.use("/api/*", revalidatedJson());
  app.route("/api/auth-options", authOptionsRoutes(deps));
  app.route("/api/health", healthRoutes(deps));
  app.route("/api/subscription", subscriptionRoutes(deps));
  app.route("/api/bicycles", bicycleRoutes(deps));
  app.route("/api/bicycles", bicycleRideRoutes(deps));
  app.route("/api/rides", rideRoutes(deps));
  app.route("/api/components", componentRoutes(deps));
  app.route("/api/components", componentServiceRoutes(deps));
  app.route("/api/services", serviceRoutes(deps));
  app.route("/api/dashboard", dashboardRoutes(deps));
  app.route("/api", shareRoutes(deps));
  app.route("/api/import", importRoutes(deps));
  app.route("/api/feedback", feedbackRoutes(deps));
  // With BILLING_MODE=off nothing is sold: every /api/billing route is a 404 (the API's own, below).
  if (deps.config.billingMode !== "off") app.route("/api/billing", billingRoutes(deps));
  app.route("/api/settings", settingsRoutes(deps));
  app.route("/api/api-tokens", apiTokenRoutes(deps));
  app.route("/api/files", fileRoutes(deps));
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
    });
  }

  app.onError((error, c) => {
    if (error instanceof AppError) return c.json(error.toBody(), error.status);
    if (error instanceof HTTPException && error.status < 500) {
      // e.g. a body that is not JSON: the client's mistake, said plainly.
      const message = error.status === 400 ? "The request body must be valid JSON." : error.message;
      return c.json({ error: { code: "VALIDATION", message } }, error.status);
    }
    logger.error({ err: error, requestId: c.get("requestId"), path: c.req.path }, "unhandled error");
    return c.json({ error: { code: "INTERNAL", message: messages.generic.error } }, 500);
  });

  return app;
}

export type App = ReturnType<typeof createApp>;
