import { createRoute } from "@hono/zod-openapi";
import { spendingSchema } from "../../../shared/schemas/spending.ts";
import type { AppDeps } from "../../http/context.ts";
import { apiRouter, auth, errors, json } from "../../http/openapi.ts";
import { requireUser, signedIn } from "../../http/session.ts";
import { spending } from "./service.ts";

/** Mounted at /api/spending. */
export function spendingRoutes({ db }: AppDeps) {
  return apiRouter().openapi(
    createRoute({
      method: "get",
      path: "/",
      tags: ["Dashboard"],
      summary: "Your service costs of the last 12 months, by month and by bicycle",
      security: auth.signedIn,
      middleware: [signedIn()] as const,
      responses: { 200: json(spendingSchema, "The spending figures."), ...errors(401) },
    }),
    async (c) => c.json(await spending(db, requireUser(c.get("user")).id), 200),
  );
}
