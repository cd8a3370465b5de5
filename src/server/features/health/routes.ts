import { Hono } from "hono";
import { checkDatabase } from "../../db/index.ts";
import type { AppDeps, AppEnv } from "../../http/context.ts";

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
  return new Hono<AppEnv>()
    .get("/", async (c) =>
      (await ready())
        ? c.json({ status: "ok", database: "ok" })
        : c.json({ status: "error", database: "unavailable" }, 503),
    )
    .get("/live", (c) => c.json({ status: "alive" }))
    .get("/ready", async (c) =>
      (await ready())
        ? c.json({ status: "ready" })
        : c.json({ status: "not_ready", database: "unavailable" }, 503),
    );
}
