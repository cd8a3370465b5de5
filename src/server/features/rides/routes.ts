import { createRoute, z } from "@hono/zod-openapi";
import { messages } from "../../../shared/messages.ts";
import { idParamSchema } from "../../../shared/schemas/common.ts";
import {
  MAX_RIDE_ZIP_BYTES,
  rideChangesSchema,
  rideFileQuerySchema,
  rideFileResultSchema,
  rideInputSchema,
  rideSchema,
  ridesPageQuerySchema,
  ridesPageSchema,
} from "../../../shared/schemas/ride.ts";
import { bodyLimit } from "../../http/body-limit.ts";
import type { AppDeps } from "../../http/context.ts";
import {
  apiRouter,
  auth,
  changesBody,
  errors,
  json,
  jsonBody,
  noContent,
  writeErrors,
} from "../../http/openapi.ts";
import { requireUser, signedIn } from "../../http/session.ts";
import { importRideFile } from "./import.ts";
import { createRide, deleteRide, listBicycleRides, listRides, updateRide } from "./service.ts";

const tags = ["Rides"];
const oneRide = z.object({ ride: rideSchema });

/** Mounted at /api/bicycles: a bicycle's rides, added by hand or from ride files. */
export function bicycleRideRoutes({ db }: AppDeps) {
  return apiRouter()
    .openapi(
      createRoute({
        method: "get",
        path: "/{id}/rides",
        tags,
        summary: "A bicycle's rides, newest first, 50 a page, with totals overall and per year",
        security: auth.signedIn,
        middleware: [signedIn()] as const,
        request: { params: idParamSchema, query: ridesPageQuerySchema },
        responses: { 200: json(ridesPageSchema, "A page of rides."), ...errors(400, 401, 404) },
      }),
      async (c) => {
        const user = requireUser(c.get("user"));
        const page = await listBicycleRides(db, user.id, c.req.valid("param").id, c.req.valid("query"));
        return c.json(page, 200);
      },
    )
    .openapi(
      createRoute({
        method: "post",
        path: "/{id}/rides",
        tags,
        summary: "Add a ride by hand",
        security: auth.signedIn,
        middleware: [signedIn()] as const,
        request: { params: idParamSchema, body: jsonBody(rideInputSchema) },
        responses: { 201: json(oneRide, "The new ride."), ...errors(...writeErrors, 404) },
      }),
      async (c) => {
        const user = requireUser(c.get("user"));
        const ride = await createRide(db, user.id, c.req.valid("param").id, c.req.valid("json"));
        return c.json({ ride }, 201);
      },
    )
    .openapi(
      createRoute({
        method: "post",
        path: "/{id}/rides/files",
        tags,
        summary: "Import one ride file (GPX, TCX or FIT, at most 25 MB) or a .zip of them (at most 100 MB)",
        description:
          "The body is the file's bytes; `name` is its file name. Each ride is stored alone: the answer says per file whether it was imported, was already there (the same file, or a ride starting within a minute whose distance is within 10%: the shorter at least 90% of the longer), or could not be read, and why. In Strava's bulk export (a .zip with activities.csv), a ride whose `Activity Gear` is the name of exactly one of the user's bicycles (trimmed, in any case) goes on that bicycle; any other ride goes on this one.",
        security: auth.signedIn,
        middleware: [signedIn(), bodyLimit(MAX_RIDE_ZIP_BYTES, messages.rideFiles.tooLarge)] as const,
        request: {
          params: idParamSchema,
          query: rideFileQuerySchema,
          body: {
            required: true,
            content: { "application/octet-stream": { schema: { type: "string", format: "binary" } } },
          },
        },
        responses: {
          200: json(z.object({ results: z.array(rideFileResultSchema) }), "What became of each file."),
          ...errors(400, 401, 403, 404, 413),
        },
      }),
      async (c) => {
        const user = requireUser(c.get("user"));
        const bytes = new Uint8Array(await c.req.arrayBuffer());
        const { id } = c.req.valid("param");
        const results = await importRideFile(db, user.id, id, c.req.valid("query").name, bytes);
        return c.json({ results }, 200);
      },
    );
}

/** Mounted at /api/rides: every ride of the user, and one ride by its id. */
export function rideRoutes({ db }: AppDeps) {
  return apiRouter()
    .openapi(
      createRoute({
        method: "get",
        path: "/",
        tags,
        summary: "All your rides, newest first, 50 a page, with totals overall and per year",
        security: auth.signedIn,
        middleware: [signedIn()] as const,
        request: { query: ridesPageQuerySchema },
        responses: { 200: json(ridesPageSchema, "A page of rides."), ...errors(400, 401) },
      }),
      async (c) => c.json(await listRides(db, requireUser(c.get("user")).id, c.req.valid("query")), 200),
    )
    .openapi(
      createRoute({
        method: "put",
        path: "/{id}",
        tags,
        summary: "Change a ride",
        security: auth.signedIn,
        middleware: [signedIn()] as const,
        request: { params: idParamSchema, body: changesBody(rideChangesSchema) },
        responses: { 200: json(oneRide, "The changed ride."), ...errors(...writeErrors, 404) },
      }),
      async (c) => {
        const user = requireUser(c.get("user"));
        const ride = await updateRide(db, user.id, c.req.valid("param").id, c.req.valid("json"));
        return c.json({ ride }, 200);
      },
    )
    .openapi(
      createRoute({
        method: "delete",
        path: "/{id}",
        tags,
        summary: "Delete a ride",
        security: auth.signedIn,
        middleware: [signedIn()] as const,
        request: { params: idParamSchema },
        responses: { 204: noContent, ...errors(400, 401, 403, 404) },
      }),
      async (c) => {
        await deleteRide(db, requireUser(c.get("user")).id, c.req.valid("param").id);
        return c.body(null, 204);
      },
    );
}
