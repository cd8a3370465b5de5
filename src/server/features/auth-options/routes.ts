import { createRoute } from "@hono/zod-openapi";
import { authOptionsSchema } from "../../../shared/schemas/health.ts";
import type { AppDeps } from "../../http/context.ts";
import { apiRouter, auth, json } from "../../http/openapi.ts";

/** Mounted at /api/auth-options: public, what the sign-in page may offer. */
export function authOptionsRoutes({ config }: AppDeps) {
  return apiRouter().openapi(
    createRoute({
      method: "get",
      path: "/",
      tags: ["Instance"],
      summary:
        "The sign-in methods this instance offers besides email and password, and whether Strava can be connected",
      security: auth.public,
      responses: { 200: json(authOptionsSchema, "The options.") },
    }),
    (c) => c.json({ google: config.google !== null, strava: config.strava !== null }, 200),
  );
}
