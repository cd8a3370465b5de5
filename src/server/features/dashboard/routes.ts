import { Hono } from "hono";
import { AnswerCache, type VersionedAnswer } from "../../db/data-version.ts";
import type { AppDeps, AppEnv } from "../../http/context.ts";
import { jsonText } from "../../http/json-text.ts";
import { foldsSession, withSession } from "../../http/session.ts";
import { dashboardOfSession } from "./service.ts";

export function dashboardRoutes({ db, auth }: AppDeps) {
  // By session: each request still reads the session, the figures, the plan and the lists' version
  // (decision 0027).
  const lists = new AnswerCache();
  return new Hono<AppEnv>().get("/", foldsSession, async (c) => {
    let token = "";
    let known: VersionedAnswer | undefined;
    const { row } = await withSession(c, auth, (sessionToken) => {
      token = sessionToken;
      known = lists.get(token);
      return dashboardOfSession(db, token, known);
    });
    if (row.lists !== known) lists.set(token, row.lists);
    return jsonText(c, row.json);
  });
}
