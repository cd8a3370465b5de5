import { createRoute, z } from "@hono/zod-openapi";
import {
  apiTokenSchema,
  createApiTokenSchema,
  createdApiTokenSchema,
} from "../../../shared/schemas/api-token.ts";
import { idParamSchema } from "../../../shared/schemas/common.ts";
import type { AppDeps } from "../../http/context.ts";
import { apiRouter, auth, errors, json, jsonBody, noContent, writeErrors } from "../../http/openapi.ts";
import { requireUser, signedIn } from "../../http/session.ts";
import { createApiToken, listApiTokens, revokeApiToken } from "./service.ts";

const tags = ["Account"];

/**
 * Mounted at /api/api-tokens: the user's personal API tokens. Only a signed-in browser session manages
 * them; a token itself is refused here by the session middleware (http/session.ts).
 */
export function apiTokenRoutes({ db }: AppDeps) {
  return apiRouter()
    .openapi(
      createRoute({
        method: "get",
        path: "/",
        tags,
        summary: "Your personal API tokens (never their secrets)",
        security: auth.sessionOnly,
        middleware: [signedIn()] as const,
        responses: {
          200: json(z.object({ tokens: z.array(apiTokenSchema) }), "The tokens."),
          ...errors(401, 403),
        },
      }),
      async (c) => c.json({ tokens: await listApiTokens(db, requireUser(c.get("user")).id) }, 200),
    )
    .openapi(
      createRoute({
        method: "post",
        path: "/",
        tags,
        summary: "Create a personal API token; its secret is in this answer only",
        security: auth.sessionOnly,
        middleware: [signedIn()] as const,
        request: { body: jsonBody(createApiTokenSchema) },
        responses: {
          201: json(createdApiTokenSchema, "The token and its secret."),
          // 409 LIMIT_REACHED: the user has API_TOKEN_LIMIT tokens already.
          ...errors(...writeErrors, 409),
        },
      }),
      async (c) => c.json(await createApiToken(db, requireUser(c.get("user")).id, c.req.valid("json")), 201),
    )
    .openapi(
      createRoute({
        method: "delete",
        path: "/{id}",
        tags,
        summary: "Revoke a personal API token",
        security: auth.sessionOnly,
        middleware: [signedIn()] as const,
        request: { params: idParamSchema },
        responses: { 204: noContent, ...errors(400, 401, 403, 404) },
      }),
      async (c) => {
        await revokeApiToken(db, requireUser(c.get("user")).id, c.req.valid("param").id);
        return c.body(null, 204);
      },
    );
}
