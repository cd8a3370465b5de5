import { Hono } from "hono";
import { checkDatabase } from "../../db/index.ts";
import type { AppDeps, AppEnv } from "../../http/context.ts";

export function healthRoutes({ db, logger }: AppDeps) {
  return new Hono<AppEnv>().get("/", async (c) => {
    try {
      await checkDatabase(db);
      return c.json({ status: "ok", database: "ok" });
    } catch (error) {
      logger.error({ err: error }, "health check: database unavailable");
      return c.json({ status: "error", database: "unavailable" }, 503);
    }
  });
}
