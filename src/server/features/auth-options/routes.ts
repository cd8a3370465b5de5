import { Hono } from "hono";
import type { AppDeps, AppEnv } from "../../http/context.ts";

export interface AuthOptionsResponse {
  /** Whether "Sign in with Google" is offered (GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are set). */
  google: boolean;
}

/** Mounted at /api/auth-options: public, what the sign-in page may offer. */
export function authOptionsRoutes({ config }: AppDeps) {
  return new Hono<AppEnv>().get("/", (c) => c.json<AuthOptionsResponse>({ google: config.google !== null }));
}
