import { Hono } from "hono";
import type { AppDeps, AppEnv } from "../../http/context.ts";
import { requireUser } from "../../http/session.ts";
import { billingModeOf } from "../billing/adapter.ts";
import { subscriptionStatus } from "./service.ts";

export function subscriptionRoutes({ db, config }: AppDeps) {
  const mode = billingModeOf(config);
  return new Hono<AppEnv>().get("/", async (c) => {
    const user = requireUser(c.get("user"));
    return c.json(await subscriptionStatus(db, user.id, mode));
  });
}
