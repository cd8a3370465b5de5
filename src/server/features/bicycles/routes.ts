import { createRoute, z } from "@hono/zod-openapi";
import { messages } from "../../../shared/messages.ts";
import { bicycleChangesSchema, bicycleInputSchema, bicycleSchema } from "../../../shared/schemas/bicycle.ts";
import { idParamSchema } from "../../../shared/schemas/common.ts";
import { componentSchema } from "../../../shared/schemas/component.ts";
import { serviceEntrySchema } from "../../../shared/schemas/service-entry.ts";
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
import { listBicycleComponents } from "../components/service.ts";
import { listBicycleServices } from "../services/service.ts";
import { createBicycle, deleteBicycle, getBicycle, listBicycles, updateBicycle } from "./service.ts";

const tags = ["Bicycles"];
const oneBicycle = z.object({ bicycle: bicycleSchema });

/** Mounted at /api/bicycles. */
export function bicycleRoutes({ db, storage, config }: AppDeps) {
  return apiRouter()
    .openapi(
      createRoute({
        method: "get",
        path: "/",
        tags,
        summary: "List your bicycles",
        security: auth.signedIn,
        middleware: [signedIn()] as const,
        responses: {
          200: json(z.object({ bicycles: z.array(bicycleSchema) }), "Your bicycles, newest first."),
          ...errors(401),
        },
      }),
      async (c) => c.json({ bicycles: await listBicycles(db, requireUser(c.get("user")).id) }, 200),
    )
    .openapi(
      createRoute({
        method: "post",
        path: "/",
        tags,
        summary: "Add a bicycle",
        security: auth.signedIn,
        middleware: [signedIn(messages.bicycles.mustBeLoggedIn)] as const,
        request: { body: jsonBody(bicycleInputSchema) },
        responses: {
          201: json(oneBicycle, "The new bicycle."),
          ...errors(...writeErrors, 409),
        },
      }),
      async (c) => {
        const user = requireUser(c.get("user"));
        const bicycle = await createBicycle(db, user.id, c.req.valid("json"), config.billingMode);
        return c.json({ bicycle }, 201);
      },
    )
    .openapi(
      createRoute({
        method: "get",
        path: "/{id}",
        tags,
        summary: "Read a bicycle",
        security: auth.signedIn,
        middleware: [signedIn()] as const,
        request: { params: idParamSchema },
        responses: { 200: json(oneBicycle, "The bicycle."), ...errors(400, 401, 404) },
      }),
      async (c) => {
        const user = requireUser(c.get("user"));
        return c.json({ bicycle: await getBicycle(db, user.id, c.req.valid("param").id) }, 200);
      },
    )
    .openapi(
      createRoute({
        method: "put",
        path: "/{id}",
        tags,
        summary: "Change a bicycle",
        security: auth.signedIn,
        middleware: [signedIn(messages.bicycles.signUpToEdit)] as const,
        request: { params: idParamSchema, body: changesBody(bicycleChangesSchema) },
        responses: { 200: json(oneBicycle, "The changed bicycle."), ...errors(...writeErrors, 404) },
      }),
      async (c) => {
        const user = requireUser(c.get("user"));
        const bicycle = await updateBicycle(
          db,
          storage,
          user.id,
          c.req.valid("param").id,
          c.req.valid("json"),
        );
        return c.json({ bicycle }, 200);
      },
    )
    .openapi(
      createRoute({
        method: "get",
        path: "/{id}/components",
        tags,
        summary: "List the components on a bicycle",
        security: auth.signedIn,
        middleware: [signedIn()] as const,
        request: { params: idParamSchema },
        responses: {
          200: json(z.object({ components: z.array(componentSchema) }), "The bicycle's components."),
          ...errors(400, 401, 404),
        },
      }),
      async (c) => {
        const user = requireUser(c.get("user"));
        return c.json({ components: await listBicycleComponents(db, user.id, c.req.valid("param").id) }, 200);
      },
    )
    .openapi(
      createRoute({
        method: "get",
        path: "/{id}/services",
        tags,
        summary: "List the services of a bicycle's components",
        security: auth.signedIn,
        middleware: [signedIn()] as const,
        request: { params: idParamSchema },
        responses: {
          200: json(z.object({ services: z.array(serviceEntrySchema) }), "Service entries, newest first."),
          ...errors(400, 401, 404),
        },
      }),
      async (c) => {
        const user = requireUser(c.get("user"));
        return c.json({ services: await listBicycleServices(db, user.id, c.req.valid("param").id) }, 200);
      },
    )
    .openapi(
      createRoute({
        method: "delete",
        path: "/{id}",
        tags,
        summary: "Delete a bicycle, with its components, their services and files",
        security: auth.signedIn,
        middleware: [signedIn()] as const,
        request: { params: idParamSchema },
        responses: { 204: noContent, ...errors(400, 401, 403, 404) },
      }),
      async (c) => {
        const user = requireUser(c.get("user"));
        await deleteBicycle(db, storage, user.id, c.req.valid("param").id);
        return c.body(null, 204);
      },
    );
}
