import { Hono } from "hono";
import { etag } from "hono/etag";
import { z } from "zod";
import { idParamSchema } from "../../../shared/schemas/common.ts";
import { createShareSchema } from "../../../shared/schemas/share.ts";
import type { AppDeps, AppEnv } from "../../http/context.ts";
import { requireUser, signedIn } from "../../http/session.ts";
import { validate } from "../../http/validate.ts";
import { sendFile } from "../files/routes.ts";
import { createShare, deleteShare, findSharedPhoto, listShares, viewShare } from "./service.ts";

/** Mounted at /api: the owner's share links, and the public view by token with the photos it shows. */
export function shareRoutes({ db, storage }: AppDeps) {
  return new Hono<AppEnv>()
    .post(
      "/bicycles/:id/share",
      signedIn(),
      validate("param", idParamSchema),
      validate("json", createShareSchema),
      async (c) => {
        const user = requireUser(c.get("user"));
        const link = await createShare(db, user.id, c.req.valid("param").id, c.req.valid("json"));
        return c.json({ link }, 201);
      },
    )
    .get("/shared-links", signedIn(), async (c) => {
      return c.json({ links: await listShares(db, requireUser(c.get("user")).id) });
    })
    .delete("/shared-links/:id", signedIn(), validate("param", idParamSchema), async (c) => {
      await deleteShare(db, requireUser(c.get("user")).id, c.req.valid("param").id);
      return c.body(null, 204);
    })
    .get("/shared/:token", validate("param", z.object({ token: z.string() })), async (c) => {
      c.header("Cache-Control", "no-store");
      return c.json(await viewShare(db, c.req.valid("param").token));
    })
    .get(
      "/shared/:token/files/:id",
      validate("param", z.object({ token: z.string(), id: z.string() })),
      etag(),
      async (c) => {
        const { token, id } = c.req.valid("param");
        return sendFile(c, storage, await findSharedPhoto(db, token, id));
      },
    );
}
