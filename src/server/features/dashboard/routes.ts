import { Hono } from "hono";
import type { AppDeps, AppEnv } from "../../http/context.ts";
import { jsonText } from "../../http/json-text.ts";
import { foldsSession, withSession } from "../../http/session.ts";
import { dashboardOfSession } from "./service.ts";

export function dashboardRoutes({ db, auth }: AppDeps) {
  return new Hono<AppEnv>().get("/", foldsSession, async (c) => {
    const { row } = await withSession(c, auth, (token) => dashboardOfSession(db, token));
    return jsonText(c, row.json);
  });
}
