import { createRoute } from "@hono/zod-openapi";
import { dashboardStatsSchema } from "../../../shared/schemas/dashboard.ts";
import type { AppDeps } from "../../http/context.ts";
import { apiRouter, auth, errors, json } from "../../http/openapi.ts";
import { requireUser, signedIn } from "../../http/session.ts";
import { dashboardStats } from "./service.ts";

/** Mounted at /api/dashboard. */
export function dashboardRoutes({ db, config }: AppDeps) {
  return apiRouter().openapi(
    createRoute({
      method: "get",
      path: "/",
      tags: ["Dashboard"],
      summary: "Your figures, recent services, bicycles and plan",
      security: auth.signedIn,
      middleware: [signedIn()] as const,
      responses: { 200: json(dashboardStatsSchema, "The dashboard."), ...errors(401) },
    }),
    async (c) => c.json(await dashboardStats(db, requireUser(c.get("user")).id, config.billingMode), 200),
  );
}
