import { timingSafeEqual } from "node:crypto";
import { createRoute, z } from "@hono/zod-openapi";
import { AppError } from "../../errors.ts";
import { bodyLimit } from "../../http/body-limit.ts";
import type { AppDeps } from "../../http/context.ts";
import { apiRouter, auth, errors, json, jsonBody } from "../../http/openapi.ts";
import { applyEvent, stravaDeps } from "./service.ts";

/** Strava's events are a few hundred bytes. */
const MAX_EVENT_BODY = 16 * 1024;

/** Messages naming the field, as Strava's developers would read them in a failed delivery. */
const text = (field: string, max: number) => {
  const message = `${field} must be text of 1 to ${max} characters`;
  return z.string({ error: message }).min(1, message).max(max, message);
};
const whole = (field: string) => {
  const message = `${field} must be a whole number`;
  return z.number({ error: message }).int(message);
};

const validationQuerySchema = z.object({
  "hub.mode": z.literal("subscribe", { error: "hub.mode must be subscribe" }),
  "hub.challenge": text("hub.challenge", 500),
  "hub.verify_token": text("hub.verify_token", 500),
});

const eventSchema = z.object({
  object_type: text("object_type", 50),
  object_id: whole("object_id"),
  aspect_type: text("aspect_type", 50),
  owner_id: whole("owner_id"),
  subscription_id: whole("subscription_id"),
  event_time: z.number({ error: "event_time must be a number" }).optional(),
  updates: z.record(z.string(), z.unknown(), { error: "updates must be an object" }).optional(),
});

function sameText(a: string, b: string): boolean {
  const [left, right] = [Buffer.from(a), Buffer.from(b)];
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * /api/strava/webhook: Strava's push subscription. GET answers the subscription check (the verify token we
 * chose, STRAVA_WEBHOOK_VERIFY_TOKEN); POST takes events. Strava signs nothing, sends no Origin and no
 * cookie, so this is mounted before the same-origin check and the session middleware, and trusts an event
 * only as far as service.ts's applyEvent does. Without Strava configured both answer 404.
 */
export function stravaWebhookRoutes({ db, config, logger }: AppDeps) {
  const deps = stravaDeps(db, config);
  const strava = () => {
    if (!deps) throw new AppError("NOT_FOUND", "No such API route.");
    return deps;
  };
  return apiRouter()
    .openapi(
      createRoute({
        method: "get",
        path: "/",
        tags: ["Strava"],
        hide: deps === null,
        summary: "Strava's subscription check: echoes hub.challenge when hub.verify_token is ours",
        security: auth.public,
        request: { query: validationQuerySchema },
        responses: {
          200: json(z.object({ "hub.challenge": z.string() }), "The challenge, echoed."),
          ...errors(400, 403, 404),
        },
      }),
      (c) => {
        const expected = strava().strava.webhookVerifyToken;
        if (!expected) throw new AppError("NOT_FOUND", "No such API route.");
        const query = c.req.valid("query");
        if (!sameText(query["hub.verify_token"], expected)) {
          throw new AppError("FORBIDDEN", "The verify token is not this server's.");
        }
        return c.json({ "hub.challenge": query["hub.challenge"] }, 200);
      },
    )
    .openapi(
      createRoute({
        method: "post",
        path: "/",
        tags: ["Strava"],
        hide: deps === null,
        summary: "Strava's events (activity created, changed or deleted; access revoked)",
        description:
          "Not signed by Strava: only events of our subscription for a connected athlete are read, and the activity is read again from Strava's API.",
        security: auth.public,
        middleware: [bodyLimit(MAX_EVENT_BODY, "The request body is too large.")] as const,
        request: { body: jsonBody(eventSchema) },
        responses: {
          200: json(z.object({ received: z.literal(true) }), "The event was read."),
          ...errors(400, 404, 413, 429, 503),
        },
      }),
      async (c) => {
        const event = c.req.valid("json");
        const outcome = await applyEvent(strava(), event);
        logger.info(
          { requestId: c.get("requestId"), aspect: event.aspect_type, type: event.object_type, outcome },
          "strava event",
        );
        return c.json({ received: true as const }, 200);
      },
    );
}
