import { createRoute, z } from "@hono/zod-openapi";
import { etag } from "hono/etag";
import { messages } from "../../../shared/messages.ts";
import {
  reminderSettingsSchema,
  saveReminderSettingsSchema,
  unsubscribedSchema,
  unsubscribeSchema,
} from "../../../shared/schemas/reminders.ts";
import type { AppDeps } from "../../http/context.ts";
import { apiRouter, auth, errors, json, jsonBody, writeErrors } from "../../http/openapi.ts";
import { requireUser, signedIn } from "../../http/session.ts";
import { calendarFeed } from "./calendar.ts";
import {
  calendarOwner,
  getReminderSettings,
  newCalendarLink,
  saveReminderSettings,
  stopCalendarFeed,
  unsubscribe,
} from "./service.ts";

const tags = ["Account"];

/** Mounted at /api/reminders: the digest mail's switch, the calendar feed's link, and unsubscribing. */
export function reminderRoutes({ db, config }: AppDeps) {
  return apiRouter()
    .openapi(
      createRoute({
        method: "get",
        path: "/",
        tags,
        summary: "Your reminder settings: the daily digest mail and the calendar feed's private URL",
        security: auth.signedIn,
        middleware: [signedIn()] as const,
        responses: { 200: json(reminderSettingsSchema, "The reminder settings."), ...errors(401) },
      }),
      async (c) => c.json(await getReminderSettings(db, config, requireUser(c.get("user")).id), 200),
    )
    .openapi(
      createRoute({
        method: "put",
        path: "/",
        tags,
        summary: "Turn the daily reminder digest mail on or off",
        security: auth.signedIn,
        middleware: [signedIn()] as const,
        request: { body: jsonBody(saveReminderSettingsSchema) },
        responses: { 200: json(reminderSettingsSchema, "The saved settings."), ...errors(...writeErrors) },
      }),
      async (c) =>
        c.json(
          await saveReminderSettings(db, config, requireUser(c.get("user")).id, c.req.valid("json")),
          200,
        ),
    )
    .openapi(
      createRoute({
        method: "post",
        path: "/calendar-link",
        tags,
        summary: "Make a new private calendar feed URL; the previous one stops working",
        security: auth.signedIn,
        middleware: [signedIn()] as const,
        responses: {
          200: json(reminderSettingsSchema, "The settings with the new URL."),
          ...errors(401, 403),
        },
      }),
      async (c) => c.json(await newCalendarLink(db, config, requireUser(c.get("user")).id), 200),
    )
    .openapi(
      createRoute({
        method: "delete",
        path: "/calendar-link",
        tags,
        summary: "Turn the calendar feed off; its private URL stops working",
        security: auth.signedIn,
        middleware: [signedIn()] as const,
        responses: {
          200: json(reminderSettingsSchema, "The settings, without a calendar URL."),
          ...errors(401, 403),
        },
      }),
      async (c) => c.json(await stopCalendarFeed(db, config, requireUser(c.get("user")).id), 200),
    )
    .openapi(
      createRoute({
        method: "post",
        path: "/unsubscribe",
        tags,
        summary:
          "Turn the reminder digest off with the token of a digest mail's unsubscribe link (no sign-in)",
        security: auth.public,
        request: { body: jsonBody(unsubscribeSchema) },
        responses: {
          200: json(unsubscribedSchema, "Reminders are off."),
          ...errors(400, 403, 404, 413, 415),
        },
      }),
      async (c) => {
        await unsubscribe(db, config.authSecret, c.req.valid("json").token);
        return c.json({ message: messages.reminders.unsubscribed }, 200);
      },
    )
    .openapi(
      createRoute({
        method: "get",
        path: "/unsubscribe/one-click",
        tags,
        summary:
          "The List-Unsubscribe address opened in a browser: on to the unsubscribe page, which asks first",
        description:
          "Mail programs without RFC 8058 open the List-Unsubscribe address like a link, and a link scanner may too: a GET changes nothing, it redirects to `/unsubscribe?token=…`, whose button turns the digest off.",
        security: auth.public,
        request: {
          query: z.object({
            token: z
              .string({ error: messages.reminders.unsubscribeInvalid })
              .max(500, messages.reminders.unsubscribeInvalid)
              .optional(),
          }),
        },
        responses: { 302: { description: "On to the unsubscribe page." }, ...errors(400) },
      }),
      (c) => {
        const { token } = c.req.valid("query");
        return c.redirect(token ? `/unsubscribe?${new URLSearchParams({ token })}` : "/unsubscribe", 302);
      },
    )
    .openapi(
      createRoute({
        method: "post",
        path: "/unsubscribe/one-click",
        tags,
        summary:
          "One-click unsubscribe (RFC 8058): the digest's List-Unsubscribe address, posted by the mail program",
        description:
          "Taken from any site (a webmail's page may post it from its own origin): the token alone authenticates, and it only turns mail off.",
        security: auth.public,
        request: { query: unsubscribeSchema },
        responses: {
          200: json(unsubscribedSchema, "Reminders are off."),
          ...errors(400, 404),
        },
      }),
      async (c) => {
        await unsubscribe(db, config.authSecret, c.req.valid("query").token);
        return c.json({ message: messages.reminders.unsubscribed }, 200);
      },
    );
}

/** Mounted at /api/calendar: the private iCalendar feed, authenticated by the token in its path. */
export function calendarRoutes({ db, config }: AppDeps) {
  return apiRouter().openapi(
    createRoute({
      method: "get",
      path: "/{token}/velolog.ics",
      tags,
      summary: "Your service due dates as an iCalendar feed (the private URL from your reminder settings)",
      security: auth.public,
      middleware: [etag()] as const,
      request: { params: z.object({ token: z.string().max(200, messages.reminders.calendarNotFound) }) },
      responses: {
        200: {
          description: "An iCalendar (RFC 5545) feed.",
          content: { "text/calendar": { schema: z.string() } },
        },
        304: { description: "Not modified since the feed with that ETag (If-None-Match)." },
        ...errors(400, 404),
      },
    }),
    async (c) => {
      const userId = await calendarOwner(db, c.req.valid("param").token);
      return c.body(await calendarFeed(db, userId, { publicUrl: config.publicUrl }), 200, {
        "Content-Type": "text/calendar; charset=utf-8",
        "Cache-Control": "private, no-cache",
      });
    },
  );
}
