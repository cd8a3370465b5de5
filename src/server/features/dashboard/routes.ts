import { Hono } from "hono";
import { AnswerCache } from "../../db/data-version.ts";
import type { AppDeps, AppEnv } from "../../http/context.ts";
import { jsonText } from "../../http/json-text.ts";
import { keptOrRead } from "../../http/kept-answer.ts";
import { foldsSession } from "../../http/session.ts";
import { dashboardOfSession, type KeptDashboard, stillCurrent } from "./service.ts";

export function dashboardRoutes({ db, auth }: AppDeps) {
  // By session: each request still reads the session and the user's data version (decisions 0027 to 0029).
  const answers = new AnswerCache<KeptDashboard>({ usable: (known) => stillCurrent(known, Date.now()) });
  return new Hono<AppEnv>().get("/", foldsSession, async (c) => {
    const answer = await keptOrRead(c, db, auth, {
      answers,
      key: (token) => token,
      read: (token, known) => dashboardOfSession(db, token, known),
    });
    return jsonText(c, answer!.json);
  });
}
