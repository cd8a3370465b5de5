import { Hono } from "hono";
import { messages } from "../../../shared/messages.ts";
import { importComponentsSchema } from "../../../shared/schemas/import.ts";
import type { AppDeps, AppEnv } from "../../http/context.ts";
import { requireUser, signedIn } from "../../http/session.ts";
import { validate } from "../../http/validate.ts";
import { importToPartsBin } from "./service.ts";

const m = messages.import;

/** Mounted at /api/import. */
export function importRoutes({ db }: AppDeps) {
  return new Hono<AppEnv>().post(
    "/components",
    signedIn(m.mustBeLoggedIn),
    validate("json", importComponentsSchema),
    async (c) => {
      const imported = await importToPartsBin(
        db,
        requireUser(c.get("user")).id,
        c.req.valid("json").components,
      );
      return c.json({ imported }, 201);
    },
  );
}
