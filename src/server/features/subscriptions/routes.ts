import { createRoute } from "@hono/zod-openapi";
import { subscriptionStatusSchema } from "../../../shared/schemas/subscription.ts";
import type { AppDeps } from "../../http/context.ts";
import { apiRouter, auth, errors, json } from "../../http/openapi.ts";
import { requireUser, signedIn } from "../../http/session.ts";
import { subscriptionStatus } from "./service.ts";

/** Mounted at /api/subscription. */
export function subscriptionRoutes({ db, config }: AppDeps) {
  return apiRouter().openapi(
    createRoute({
      method: "get",
      path: "/",
      tags: ["Account"],
      summary: "Your plan, its end, and your bicycle limit",
      security: auth.signedIn,
      middleware: [signedIn()] as const,
      responses: { 200: json(subscriptionStatusSchema, "The subscription."), ...errors(401) },
    }),
    async (c) => c.json(await subscriptionStatus(db, requireUser(c.get("user")).id, config.billingMode), 200),
  );
}
