import { createHash, timingSafeEqual } from "node:crypto";
import { createRequire } from "node:module";
import type { Context, MiddlewareHandler } from "hono";
import { routePath } from "hono/route";
import { AppError } from "../errors.ts";
import type { AppEnv } from "./context.ts";

const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

/**
 * Prometheus metrics, only when METRICS_TOKEN is set: request counts and durations by method, route
 * pattern (`/api/bicycles/:id`, never the path itself, so no ids, tokens or e-mail addresses) and status,
 * plus Node's process metrics. Served at GET /api/metrics to a request bearing the token.
 */
export function createMetrics(token: string) {
  // Loaded only when metrics are on: prom-client costs ~20 MB of memory nobody else needs.
  const { Counter, collectDefaultMetrics, Histogram, Registry } = createRequire(import.meta.url)(
    "prom-client",
  ) as typeof import("prom-client");
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const labelNames = ["method", "route", "status"] as const;
  const requests = new Counter({
    name: "http_requests_total",
    help: "HTTP requests answered, by method, route pattern and status.",
    labelNames,
    registers: [registry],
  });
  const duration = new Histogram({
    name: "http_request_duration_seconds",
    help: "Time to answer an HTTP request, by method, route pattern and status.",
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const expected = digest(token);

  /** Counts every request by the route that answered it (the pattern it matched). */
  const record: MiddlewareHandler<AppEnv> = async (c, next) => {
    const started = performance.now();
    try {
      await next();
    } finally {
      const labels = {
        method: METHODS.has(c.req.method) ? c.req.method : "OTHER",
        route: routeOf(c),
        status: String(c.res.status),
      };
      requests.inc(labels);
      duration.observe(labels, (performance.now() - started) / 1000);
    }
  };

  /** GET /api/metrics: the token as `Authorization: Bearer ...`; anything else is a 401. */
  const serve = async (c: Context<AppEnv>) => {
    const given = /^Bearer (.+)$/.exec(c.req.header("Authorization") ?? "")?.[1];
    if (!given || !timingSafeEqual(digest(given), expected)) {
      c.header("WWW-Authenticate", 'Bearer realm="metrics"');
      throw new AppError("UNAUTHENTICATED", "The metrics need the METRICS_TOKEN as a bearer token.");
    }
    c.header("Content-Type", registry.contentType);
    c.header("Cache-Control", "no-store");
    return c.body(await registry.metrics());
  };

  return { record, serve, registry };
}

function digest(text: string): Buffer {
  return createHash("sha256").update(text).digest();
}

/** The pattern of the route that answered (`*` for the web app's pages, `/api/*` for an unknown API path). */
function routeOf(c: Context<AppEnv>): string {
  return routePath(c) || "unknown";
}
