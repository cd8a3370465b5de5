import { createRoute } from "@hono/zod-openapi";
import {
  healthFailingSchema,
  healthSchema,
  liveSchema,
  notReadySchema,
  readySchema,
} from "../../../shared/schemas/health.ts";
import { checkDatabase } from "../../db/index.ts";
import type { AppDeps } from "../../http/context.ts";
import { apiRouter, auth, json } from "../../http/openapi.ts";

const tags = ["Instance"];

/**
 * /api/health: the database check (also the readiness probe, /api/health/ready; main.ts answers 503 there
 * once shutdown has begun). /api/health/live: the process answers at all.
 */
export function healthRoutes({ db, logger }: AppDeps) {
  const ready = async () => {
    try {
      await checkDatabase(db);
      return true;
    } catch (error) {
      logger.error({ err: error }, "health check: database unavailable");
      return false;
    }
  };
  return apiRouter()
    .openapi(
      createRoute({
        method: "get",
        path: "/",
        tags,
        summary: "Health: the server and its database",
        security: auth.public,
        responses: {
          200: json(healthSchema, "Healthy."),
          503: json(healthFailingSchema, "The database does not answer."),
        },
      }),
      async (c) =>
        (await ready())
          ? c.json({ status: "ok", database: "ok" } as const, 200)
          : c.json({ status: "error", database: "unavailable" } as const, 503),
    )
    .openapi(
      createRoute({
        method: "get",
        path: "/live",
        tags,
        summary: "Liveness: the process answers",
        security: auth.public,
        responses: { 200: json(liveSchema, "Alive.") },
      }),
      (c) => c.json({ status: "alive" } as const, 200),
    )
    .openapi(
      createRoute({
        method: "get",
        path: "/ready",
        tags,
        summary: "Readiness: take requests (503 while the database is unavailable or the server stops)",
        security: auth.public,
        responses: { 200: json(readySchema, "Ready."), 503: json(notReadySchema, "Not ready.") },
      }),
      async (c) =>
        (await ready())
          ? c.json({ status: "ready" } as const, 200)
          : c.json({ status: "not_ready", database: "unavailable" } as const, 503),
    );
}
