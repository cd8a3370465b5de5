import { createRoute, z } from "@hono/zod-openapi";
import { messages } from "../../../shared/messages.ts";
import { idParamSchema } from "../../../shared/schemas/common.ts";
import {
  assignComponentSchema,
  assignManySchema,
  componentChangesSchema,
  componentSchema,
  createComponentSchema,
  installationSchema,
  moveToPartsBinQuerySchema,
} from "../../../shared/schemas/component.ts";
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
  assignManyToBicycle,
  assignToBicycle,
  createComponent,
  deleteComponent,
  getComponent,
  getInstallations,
  listPartsBin,
  moveToPartsBin,
  updateComponent,
} from "./service.ts";

const m = messages.components;
const tags = ["Components"];
const oneComponent = z.object({ component: componentSchema });

/** Mounted at /api/components. */
export function componentRoutes({ db, storage }: AppDeps) {
  return apiRouter()
    .openapi(
      createRoute({
        method: "get",
        path: "/parts-bin",
        tags,
        summary: "List the parts bin (components on no bicycle)",
        security: auth.signedIn,
        middleware: [signedIn()] as const,
        responses: {
          200: json(z.object({ components: z.array(componentSchema) }), "Components in the parts bin."),
          ...errors(401),
        },
      }),
      async (c) => c.json({ components: await listPartsBin(db, requireUser(c.get("user")).id) }, 200),
    )
    .openapi(
      createRoute({
        method: "post",
        path: "/assign",
        tags,
        summary: "Fit several components to one bicycle at once (all or none)",
        security: auth.signedIn,
        middleware: [signedIn(m.mustBeLoggedInToUpdate)] as const,
        request: { body: jsonBody(assignManySchema) },
        responses: {
          200: json(z.object({ assigned: z.number() }), "How many components were fitted."),
          ...errors(...writeErrors, 404),
        },
      }),
      async (c) => {
        const { componentIds, bicycleId } = c.req.valid("json");
        const assigned = await assignManyToBicycle(
          db,
          requireUser(c.get("user")).id,
          componentIds,
          bicycleId,
        );
        return c.json({ assigned }, 200);
      },
    )
    .openapi(
      createRoute({
        method: "post",
        path: "/",
        tags,
        summary: "Add a component, on a bicycle or in the parts bin",
        security: auth.signedIn,
        middleware: [signedIn(m.mustBeLoggedInToAdd)] as const,
        request: { body: jsonBody(createComponentSchema) },
        responses: { 201: json(oneComponent, "The new component."), ...errors(...writeErrors, 404) },
      }),
      async (c) => {
        const component = await createComponent(db, requireUser(c.get("user")).id, c.req.valid("json"));
        return c.json({ component }, 201);
      },
    )
    .openapi(
      createRoute({
        method: "get",
        path: "/{id}/installations",
        tags,
        summary:
          "Where a component has been: on which bicycle (or in the parts bin) from when to when, with the distance and time ridden there",
        security: auth.signedIn,
        middleware: [signedIn()] as const,
        request: { params: idParamSchema },
        responses: {
          200: json(z.object({ installations: z.array(installationSchema) }), "Its periods, oldest first."),
          ...errors(400, 401, 404),
        },
      }),
      async (c) => {
        const user = requireUser(c.get("user"));
        return c.json({ installations: await getInstallations(db, user.id, c.req.valid("param").id) }, 200);
      },
    )
    .openapi(
      createRoute({
        method: "get",
        path: "/{id}",
        tags,
        summary: "Read a component",
        security: auth.signedIn,
        middleware: [signedIn()] as const,
        request: { params: idParamSchema },
        responses: { 200: json(oneComponent, "The component."), ...errors(400, 401, 404) },
      }),
      async (c) => {
        const user = requireUser(c.get("user"));
        return c.json({ component: await getComponent(db, user.id, c.req.valid("param").id) }, 200);
      },
    )
    .openapi(
      createRoute({
        method: "put",
        path: "/{id}",
        tags,
        summary: "Change a component",
        security: auth.signedIn,
        middleware: [signedIn(m.mustBeLoggedInToUpdate)] as const,
        request: { params: idParamSchema, body: changesBody(componentChangesSchema) },
        responses: { 200: json(oneComponent, "The changed component."), ...errors(...writeErrors, 404) },
      }),
      async (c) => {
        const user = requireUser(c.get("user"));
        const { id } = c.req.valid("param");
        return c.json(
          { component: await updateComponent(db, storage, user.id, id, c.req.valid("json")) },
          200,
        );
      },
    )
    .openapi(
      createRoute({
        method: "delete",
        path: "/{id}",
        tags,
        summary: "Delete a component and its service entries",
        security: auth.signedIn,
        middleware: [signedIn(m.mustBeLoggedInToDelete)] as const,
        request: { params: idParamSchema },
        responses: { 204: noContent, ...errors(400, 401, 403, 404) },
      }),
      async (c) => {
        await deleteComponent(db, storage, requireUser(c.get("user")).id, c.req.valid("param").id);
        return c.body(null, 204);
      },
    )
    .openapi(
      createRoute({
        method: "post",
        path: "/{id}/move-to-parts-bin",
        tags,
        summary: "Take a component off its bicycle into the parts bin",
        description:
          "With `fromBicycleId`, the bicycle the client showed it on: a component moved elsewhere meanwhile is a 409 and stays where it is.",
        security: auth.signedIn,
        middleware: [signedIn(m.mustBeLoggedInToUpdate)] as const,
        request: { params: idParamSchema, query: moveToPartsBinQuerySchema },
        responses: {
          200: json(oneComponent, "The component, now in the parts bin."),
          ...errors(400, 401, 403, 404, 409),
        },
      }),
      async (c) => {
        const user = requireUser(c.get("user"));
        const { fromBicycleId } = c.req.valid("query");
        return c.json(
          { component: await moveToPartsBin(db, user.id, c.req.valid("param").id, fromBicycleId) },
          200,
        );
      },
    )
    .openapi(
      createRoute({
        method: "post",
        path: "/{id}/assign",
        tags,
        summary: "Put a component on one of your bicycles",
        security: auth.signedIn,
        middleware: [signedIn(m.mustBeLoggedInToUpdate)] as const,
        request: { params: idParamSchema, body: jsonBody(assignComponentSchema) },
        responses: {
          200: json(oneComponent, "The component, now on the bicycle."),
          ...errors(...writeErrors, 404),
        },
      }),
      async (c) => {
        const user = requireUser(c.get("user"));
        const { id } = c.req.valid("param");
        return c.json(
          { component: await assignToBicycle(db, user.id, id, c.req.valid("json").bicycleId) },
          200,
        );
      },
    );
}
