import { Hono } from "hono";
import type { AppDeps, AppEnv } from "../../http/context.ts";
import { requireUser } from "../../http/session.ts";
import { subscriptionStatus } from "./service.ts";

export function subscriptionRoutes({ db, config }: AppDeps) {
  return new Hono<AppEnv>().get("/", async (c) => {
    const user = requireUser(c.get("user"));
    return c.json(await subscriptionStatus(db, user.id, config.billingMode));
  });
}
