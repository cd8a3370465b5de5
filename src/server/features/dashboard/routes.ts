import { Hono } from "hono";
import { AnswerCache } from "../../db/data-version.ts";
import type { AppDeps, AppEnv } from "../../http/context.ts";
import { jsonText } from "../../http/json-text.ts";
import { foldsSession, withSession } from "../../http/session.ts";
import { dashboardOfSession, type KeptDashboard } from "./service.ts";

export function dashboardRoutes({ db, auth }: AppDeps) {
  // By session: each request still reads the session and the user's data version (decisions 0027, 0028).
  const dashboards = new AnswerCache<KeptDashboard>();
  return new Hono<AppEnv>().get("/", foldsSession, async (c) => {
    let token = "";
    let known: KeptDashboard | undefined;
    const { row } = await withSession(c, auth, (sessionToken) => {
      token = sessionToken;
      known = dashboards.get(token);
      return dashboardOfSession(db, token, known);
    });
    if (row.answer !== known) dashboards.set(token, row.answer);
    return jsonText(c, row.answer.json);
  });
}
