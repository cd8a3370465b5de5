import { Hono } from "hono";
import { createApiTokenSchema } from "../../../shared/schemas/api-token.ts";
import { idParamSchema } from "../../../shared/schemas/common.ts";
import type { AppDeps, AppEnv } from "../../http/context.ts";
import { requireUser, signedIn } from "../../http/session.ts";
import { validate } from "../../http/validate.ts";
import { createApiToken, listApiTokens, revokeApiToken } from "./service.ts";

/**
 * Mounted at /api/api-tokens: the user's personal API tokens. Only a signed-in browser session manages
 * them; a token itself is refused here by the session middleware (http/session.ts).
 */
export function apiTokenRoutes({ db }: AppDeps) {
  return new Hono<AppEnv>()
    .use(signedIn())
    .get("/", async (c) => c.json({ tokens: await listApiTokens(db, requireUser(c.get("user")).id) }))
    .post("/", validate("json", createApiTokenSchema), async (c) => {
      const created = await createApiToken(db, requireUser(c.get("user")).id, c.req.valid("json"));
      return c.json(created, 201);
    })
    .delete("/:id", validate("param", idParamSchema), async (c) => {
      await revokeApiToken(db, requireUser(c.get("user")).id, c.req.valid("param").id);
      return c.body(null, 204);
    });
}
