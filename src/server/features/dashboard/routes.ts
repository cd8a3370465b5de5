import { Hono } from "hono";
import type { AppDeps, AppEnv } from "../../http/context.ts";
import { requireUser, signedIn } from "../../http/session.ts";
import { dashboardStats } from "./service.ts";

export function dashboardRoutes({ db, config }: AppDeps) {
  return new Hono<AppEnv>().get("/", signedIn(), async (c) => {
    return c.json(await dashboardStats(db, requireUser(c.get("user")).id, config.billingMode));
  });
}
