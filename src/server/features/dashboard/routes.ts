import { Hono } from "hono";
import type { AppDeps, AppEnv } from "../../http/context.ts";
import { jsonText } from "../../http/json-text.ts";
import { requireUser, signedIn } from "../../http/session.ts";
import { dashboardJson } from "./service.ts";

export function dashboardRoutes({ db }: AppDeps) {
  return new Hono<AppEnv>().get("/", signedIn(), async (c) => {
    return jsonText(c, await dashboardJson(db, requireUser(c.get("user")).id));
  });
}
