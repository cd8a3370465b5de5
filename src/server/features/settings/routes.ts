import { Hono } from "hono";
import { settingsSchema } from "../../../shared/schemas/settings.ts";
import type { AppDeps, AppEnv } from "../../http/context.ts";
import { requireUser, signedIn } from "../../http/session.ts";
import { validate } from "../../http/validate.ts";
import { getSettings, saveSettings } from "./service.ts";

/** Mounted at /api/settings: the user's preferences. */
export function settingsRoutes({ db }: AppDeps) {
  return new Hono<AppEnv>()
    .use(signedIn())
    .get("/", async (c) => c.json(await getSettings(db, requireUser(c.get("user")).id)))
    .put("/", validate("json", settingsSchema), async (c) =>
      c.json(await saveSettings(db, requireUser(c.get("user")).id, c.req.valid("json"))),
    );
}
