import { randomBytes } from "node:crypto";
import { createRoute } from "@hono/zod-openapi";
import type { Context } from "hono";
import { deleteCookie, getSignedCookie, setSignedCookie } from "hono/cookie";
import { createMiddleware } from "hono/factory";
import {
  STRAVA_SIGNED_OUT_ERROR,
  type StravaOutcome,
  stravaBikeParamSchema,
  stravaBikesSchema,
  stravaCallbackQuerySchema,
  stravaConnectSchema,
  stravaImportResultSchema,
  stravaMappingInputSchema,
  stravaStatusSchema,
} from "../../../shared/schemas/strava.ts";
import { AppError } from "../../errors.ts";
import type { AppDeps, AppEnv } from "../../http/context.ts";
import { apiRouter, auth, errors, json, jsonBody, noContent, writeErrors } from "../../http/openapi.ts";
import { requireUser, signedIn } from "../../http/session.ts";
import {
  completeConnection,
  disconnect,
  importPastRides,
  listBikes,
  mapBike,
  type StravaDeps,
  stravaDeps,
  stravaStatus,
} from "./service.ts";
import { authorizeUrl } from "./strava-api.ts";

const tags = ["Strava"];
/** Holds the OAuth state between "Connect Strava" and Strava's redirect back, signed, for ten minutes. */
const STATE_COOKIE = "velolog_strava_state";
const STATE_MAX_AGE = 600;
const CALLBACK_PATH = "/api/strava/callback";

/**
 * Mounted at /api/strava: connecting a Strava account (OAuth 2), mapping its bikes to bicycles, importing
 * past rides, disconnecting. Without STRAVA_CLIENT_ID/SECRET every route is a 404 and none is in the
 * document. Session only: a personal API token cannot connect accounts (http/session.ts refuses it here).
 * The webhook is mounted separately (webhook-routes.ts), outside the session middleware.
 */
export function stravaRoutes({ db, config, logger }: AppDeps) {
  const deps = stravaDeps(db, config);
  const off = deps === null;
  const strava = (): StravaDeps => {
    if (!deps) throw new AppError("NOT_FOUND", "No such API route.");
    return deps;
  };
  const available = createMiddleware<AppEnv>(async (_c, next) => {
    strava();
    await next();
  });
  const cookieOptions = {
    path: CALLBACK_PATH,
    httpOnly: true,
    secure: config.publicUrl.startsWith("https://"),
    sameSite: "Lax",
  } as const;
  const back = (c: Context<AppEnv>, outcome: StravaOutcome) => {
    deleteCookie(c, STATE_COOKIE, cookieOptions);
    return c.redirect(`/account?strava=${outcome}`, 302);
  };

  return apiRouter()
    .openapi(
      createRoute({
        method: "get",
        path: "/",
        tags,
        hide: off,
        summary: "Your Strava connection, if any",
        security: auth.sessionOnly,
        middleware: [available, signedIn()] as const,
        responses: { 200: json(stravaStatusSchema, "The connection."), ...errors(401, 403, 404) },
      }),
      async (c) => c.json(await stravaStatus(strava(), requireUser(c.get("user")).id), 200),
    )
    .openapi(
      createRoute({
        method: "post",
        path: "/connect",
        tags,
        hide: off,
        summary: "Start connecting Strava: the Strava page to send the user to",
        security: auth.sessionOnly,
        middleware: [available, signedIn()] as const,
        responses: {
          200: json(stravaConnectSchema, "Strava's authorization page."),
          ...errors(401, 403, 404),
        },
      }),
      async (c) => {
        const user = requireUser(c.get("user"));
        const state = randomBytes(24).toString("base64url");
        // Bound to this user and this browser: the callback takes it only back from the same cookie.
        await setSignedCookie(c, STATE_COOKIE, `${user.id}.${state}`, config.authSecret, {
          ...cookieOptions,
          maxAge: STATE_MAX_AGE,
        });
        return c.json(
          { url: authorizeUrl(strava().strava, `${config.publicUrl}${CALLBACK_PATH}`, state) },
          200,
        );
      },
    )
    .openapi(
      createRoute({
        method: "get",
        path: "/callback",
        tags,
        hide: off,
        summary: "Where Strava sends the user back; goes on to /account?strava=connected (or why not)",
        description:
          "A browser navigation, so every outcome is a redirect: without a session (signed out meanwhile, or another browser) it goes to the sign-in page, `/auth?error=strava`, which says so.",
        security: auth.sessionOnly,
        middleware: [available] as const,
        request: { query: stravaCallbackQuerySchema },
        responses: {
          302: { description: "On to Account Settings, `strava` saying how it went (or to sign in)." },
          ...errors(400, 403, 404),
        },
      }),
      async (c) => {
        // A page the browser opens, not a call of the app: no session is a page saying so, not JSON.
        const user = c.get("user");
        if (!user) {
          deleteCookie(c, STATE_COOKIE, cookieOptions);
          return c.redirect(`/auth?error=${STRAVA_SIGNED_OUT_ERROR}`, 302);
        }
        const query = c.req.valid("query");
        const kept = await getSignedCookie(c, config.authSecret, STATE_COOKIE);
        if (!kept || !query.state || kept !== `${user.id}.${query.state}`) return back(c, "failed");
        if (query.error || !query.code) return back(c, "denied");
        try {
          return back(c, await completeConnection(strava(), user.id, query.code, query.scope ?? ""));
        } catch (error) {
          logger.warn({ err: error, requestId: c.get("requestId") }, "strava connection failed");
          return back(c, "failed");
        }
      },
    )
    .openapi(
      createRoute({
        method: "get",
        path: "/bikes",
        tags,
        hide: off,
        summary: "Your bikes on Strava, each with the bicycle its rides go to",
        security: auth.sessionOnly,
        middleware: [available, signedIn()] as const,
        responses: {
          200: json(stravaBikesSchema, "The bikes."),
          ...errors(401, 403, 404, 409, 429, 503),
        },
      }),
      async (c) => c.json({ bikes: await listBikes(strava(), requireUser(c.get("user")).id) }, 200),
    )
    .openapi(
      createRoute({
        method: "put",
        path: "/bikes/{gearId}",
        tags,
        hide: off,
        summary: "Import a Strava bike's rides to one of your bicycles (or, with null, not at all)",
        security: auth.sessionOnly,
        middleware: [available, signedIn()] as const,
        request: { params: stravaBikeParamSchema, body: jsonBody(stravaMappingInputSchema) },
        responses: {
          200: json(stravaBikesSchema, "The bikes, with the new mapping."),
          ...errors(...writeErrors, 404, 409, 429, 503),
        },
      }),
      async (c) => {
        const user = requireUser(c.get("user"));
        const { gearId } = c.req.valid("param");
        const bikes = await mapBike(strava(), user.id, gearId, c.req.valid("json").bicycleId);
        return c.json({ bikes }, 200);
      },
    )
    .openapi(
      createRoute({
        method: "post",
        path: "/import",
        tags,
        hide: off,
        summary: "Import the past rides of your mapped Strava bikes (running it again adds nothing twice)",
        security: auth.sessionOnly,
        middleware: [available, signedIn()] as const,
        responses: {
          200: json(
            stravaImportResultSchema,
            "How many rides were added, how many were already there, and how many were left out (deleted in Velolog, or without distance).",
          ),
          ...errors(400, 401, 403, 404, 409, 429, 503),
        },
      }),
      async (c) => c.json(await importPastRides(strava(), requireUser(c.get("user")).id), 200),
    )
    .openapi(
      createRoute({
        method: "delete",
        path: "/",
        tags,
        hide: off,
        summary: "Disconnect Strava: its tokens are revoked and deleted; imported rides stay",
        security: auth.sessionOnly,
        middleware: [available, signedIn()] as const,
        responses: { 204: noContent, ...errors(401, 403, 404) },
      }),
      async (c) => {
        await disconnect(strava(), requireUser(c.get("user")).id);
        return c.body(null, 204);
      },
    );
}
