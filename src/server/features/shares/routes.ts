import { createRoute, z } from "@hono/zod-openapi";
import { etag } from "hono/etag";
import { idParamSchema } from "../../../shared/schemas/common.ts";
import { createShareSchema, sharedBikeViewSchema, sharedLinkSchema } from "../../../shared/schemas/share.ts";
import type { AppDeps } from "../../http/context.ts";
import { apiRouter, auth, errors, json, jsonBody, noContent, writeErrors } from "../../http/openapi.ts";
import { requireUser, signedIn } from "../../http/session.ts";
import { fileBytes, sendFile } from "../files/routes.ts";
import { createShare, deleteShare, findSharedPhoto, listShares, viewShare } from "./service.ts";

const tags = ["Share links"];
const tokenParamSchema = z.object({ token: z.string() });

/** Mounted at /api: the owner's share links, and the public view by token with the photos it shows. */
export function shareRoutes({ db, storage }: AppDeps) {
  return apiRouter()
    .openapi(
      createRoute({
        method: "post",
        path: "/bicycles/{id}/share",
        tags,
        summary: "Make a read-only share link of a bicycle (a snapshot taken now)",
        security: auth.signedIn,
        middleware: [signedIn()] as const,
        request: { params: idParamSchema, body: jsonBody(createShareSchema) },
        responses: {
          201: json(z.object({ link: sharedLinkSchema }), "The new link."),
          ...errors(...writeErrors, 404),
        },
      }),
      async (c) => {
        const user = requireUser(c.get("user"));
        const link = await createShare(db, user.id, c.req.valid("param").id, c.req.valid("json"));
        return c.json({ link }, 201);
      },
    )
    .openapi(
      createRoute({
        method: "get",
        path: "/shared-links",
        tags,
        summary: "List your share links",
        security: auth.signedIn,
        middleware: [signedIn()] as const,
        responses: {
          200: json(z.object({ links: z.array(sharedLinkSchema) }), "Your links."),
          ...errors(401),
        },
      }),
      async (c) => c.json({ links: await listShares(db, requireUser(c.get("user")).id) }, 200),
    )
    .openapi(
      createRoute({
        method: "delete",
        path: "/shared-links/{id}",
        tags,
        summary: "Delete a share link (it stops working at once)",
        security: auth.signedIn,
        middleware: [signedIn()] as const,
        request: { params: idParamSchema },
        responses: { 204: noContent, ...errors(400, 401, 403, 404) },
      }),
      async (c) => {
        await deleteShare(db, storage, requireUser(c.get("user")).id, c.req.valid("param").id);
        return c.body(null, 204);
      },
    )
    .openapi(
      createRoute({
        method: "get",
        path: "/shared/{token}",
        tags,
        summary: "What a share link shows (public: the token is the key)",
        security: auth.public,
        request: { params: tokenParamSchema },
        responses: { 200: json(sharedBikeViewSchema, "The shared bicycle."), ...errors(400, 404) },
      }),
      async (c) => {
        c.header("Cache-Control", "no-store");
        return c.json(await viewShare(db, c.req.valid("param").token), 200);
      },
    )
    .openapi(
      createRoute({
        method: "get",
        path: "/shared/{token}/files/{id}",
        tags,
        summary: "A photo a share link shows",
        security: auth.public,
        middleware: [etag()] as const,
        request: { params: tokenParamSchema.extend({ id: z.string() }) },
        responses: {
          200: fileBytes,
          304: { description: "Not modified (If-None-Match)." },
          ...errors(400, 404),
        },
      }),
      async (c) => {
        const { token, id } = c.req.valid("param");
        return sendFile(c, storage, await findSharedPhoto(db, token, id));
      },
    );
}
