import { z } from "zod";

/** GET /api/health: the database check. */
export const healthSchema = z.object({ status: z.literal("ok"), database: z.literal("ok") });
export const healthFailingSchema = z.object({
  status: z.literal("error"),
  database: z.literal("unavailable"),
});
/** GET /api/health/ready: the readiness probe (503 while the database is unreachable or shutdown has begun). */
export const readySchema = z.object({ status: z.literal("ready") });
export const notReadySchema = z.object({
  status: z.enum(["not_ready", "shutting_down"]),
  database: z.literal("unavailable").optional(),
});
export const liveSchema = z.object({ status: z.literal("alive") });

/** GET /api/auth-options: what the sign-in page may offer besides email and password. */
export const authOptionsSchema = z.object({
  /** Whether "Sign in with Google" is offered (GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are set). */
  google: z.boolean(),
  /** Whether Account Settings offers "Connect Strava" (STRAVA_CLIENT_ID and STRAVA_CLIENT_SECRET are set). */
  strava: z.boolean(),
});
export type AuthOptions = z.infer<typeof authOptionsSchema>;
