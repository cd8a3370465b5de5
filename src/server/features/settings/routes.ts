import { createRoute } from "@hono/zod-openapi";
import { settingsInputSchema, settingsSchema } from "../../../shared/schemas/settings.ts";
import type { AppDeps } from "../../http/context.ts";
import { apiRouter, auth, errors, json, jsonBody, writeErrors } from "../../http/openapi.ts";
import { requireUser, signedIn } from "../../http/session.ts";
import { getSettings, saveSettings } from "./service.ts";

const tags = ["Account"];

/** Mounted at /api/settings: the user's preferences. */
export function settingsRoutes({ db }: AppDeps) {
  return apiRouter()
    .openapi(
      createRoute({
        method: "get",
        path: "/",
        tags,
        summary: "Your preferences",
        security: auth.signedIn,
        middleware: [signedIn()] as const,
        responses: { 200: json(settingsSchema, "The preferences."), ...errors(401) },
      }),
      async (c) => c.json(await getSettings(db, requireUser(c.get("user")).id), 200),
    )
    .openapi(
      createRoute({
        method: "put",
        path: "/",
        tags,
        summary: "Save your preferences",
        security: auth.signedIn,
        middleware: [signedIn()] as const,
        request: { body: jsonBody(settingsInputSchema) },
        responses: { 200: json(settingsSchema, "The saved preferences."), ...errors(...writeErrors) },
      }),
      async (c) => c.json(await saveSettings(db, requireUser(c.get("user")).id, c.req.valid("json")), 200),
    );
}
