import { createRoute, z } from "@hono/zod-openapi";
import { messages } from "../../../shared/messages.ts";
import { idParamSchema } from "../../../shared/schemas/common.ts";
import {
  serviceEntryChangesSchema,
  serviceEntryInputSchema,
  serviceEntrySchema,
  serviceLogSchema,
} from "../../../shared/schemas/service-entry.ts";
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
import {
  createServiceEntry,
  deleteServiceEntry,
  listComponentServices,
  updateServiceEntry,
} from "./service.ts";

const loginToAdd = messages.services.authRequired;
const tags = ["Services"];
const oneService = z.object({ service: serviceEntrySchema });

/** Mounted at /api/components: a component's service log. */
export function componentServiceRoutes({ db }: AppDeps) {
  return apiRouter()
    .openapi(
      createRoute({
        method: "get",
        path: "/{id}/services",
        tags,
        summary: "A component's service log and its total cost",
        security: auth.signedIn,
        middleware: [signedIn()] as const,
        request: { params: idParamSchema },
        responses: {
          200: json(serviceLogSchema, "Entries, newest first, and their total."),
          ...errors(400, 401, 404),
        },
      }),
      async (c) =>
        c.json(await listComponentServices(db, requireUser(c.get("user")).id, c.req.valid("param").id), 200),
    )
    .openapi(
      createRoute({
        method: "post",
        path: "/{id}/services",
        tags,
        summary: "Log a service of a component",
        security: auth.signedIn,
        middleware: [signedIn(loginToAdd)] as const,
        request: { params: idParamSchema, body: jsonBody(serviceEntryInputSchema) },
        responses: { 201: json(oneService, "The new entry."), ...errors(...writeErrors, 404) },
      }),
      async (c) => {
        const user = requireUser(c.get("user"));
        const service = await createServiceEntry(db, user.id, c.req.valid("param").id, c.req.valid("json"));
        return c.json({ service }, 201);
      },
    );
}

/** Mounted at /api/services. */
export function serviceRoutes({ db, storage }: AppDeps) {
  return apiRouter()
    .openapi(
      createRoute({
        method: "put",
        path: "/{id}",
        tags,
        summary: "Change a service entry",
        security: auth.signedIn,
        middleware: [signedIn(loginToAdd)] as const,
        request: { params: idParamSchema, body: changesBody(serviceEntryChangesSchema) },
        responses: { 200: json(oneService, "The changed entry."), ...errors(...writeErrors, 404) },
      }),
      async (c) => {
        const user = requireUser(c.get("user"));
        const { id } = c.req.valid("param");
        return c.json(
          { service: await updateServiceEntry(db, storage, user.id, id, c.req.valid("json")) },
          200,
        );
      },
    )
    .openapi(
      createRoute({
        method: "delete",
        path: "/{id}",
        tags,
        summary: "Delete a service entry",
        security: auth.signedIn,
        middleware: [signedIn(loginToAdd)] as const,
        request: { params: idParamSchema },
        responses: { 204: noContent, ...errors(400, 401, 403, 404) },
      }),
      async (c) => {
        await deleteServiceEntry(db, storage, requireUser(c.get("user")).id, c.req.valid("param").id);
        return c.body(null, 204);
      },
    );
}
