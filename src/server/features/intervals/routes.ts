import { createRoute, z } from "@hono/zod-openapi";
import { idParamSchema } from "../../../shared/schemas/common.ts";
import {
  serviceIntervalChangesSchema,
  serviceIntervalInputSchema,
  serviceIntervalSchema,
} from "../../../shared/schemas/service-interval.ts";
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
  applyDefaultsToBicycle,
  countDue,
  createInterval,
  deleteInterval,
  listComponentIntervals,
  listDue,
  listIntervalStatuses,
  updateInterval,
} from "./service.ts";

const tags = ["Service intervals"];
const oneInterval = z.object({ interval: serviceIntervalSchema });
const intervalList = z.object({ intervals: z.array(serviceIntervalSchema) });

/** Mounted at /api/intervals: every interval of the user's components, what is due, and changes to one. */
export function intervalRoutes({ db }: AppDeps) {
  return apiRouter()
    .openapi(
      createRoute({
        method: "get",
        path: "/",
        tags,
        summary: "Every service interval of your components with its status, most urgent first",
        security: auth.signedIn,
        middleware: [signedIn()] as const,
        responses: { 200: json(intervalList, "The intervals."), ...errors(401) },
      }),
      async (c) => c.json({ intervals: await listIntervalStatuses(db, requireUser(c.get("user")).id) }, 200),
    )
    .openapi(
      createRoute({
        method: "get",
        path: "/due",
        tags,
        summary:
          "What is due: overdue intervals first, then those due soon; and how many intervals there are",
        security: auth.signedIn,
        middleware: [signedIn()] as const,
        responses: {
          200: json(intervalList.extend({ total: z.number() }), "The due intervals."),
          ...errors(401),
        },
      }),
      async (c) => c.json(await listDue(db, requireUser(c.get("user")).id), 200),
    )
    .openapi(
      createRoute({
        method: "get",
        path: "/due-count",
        tags,
        summary: "How many intervals are overdue or due soon",
        security: auth.signedIn,
        middleware: [signedIn()] as const,
        responses: { 200: json(z.object({ count: z.number() }), "The count."), ...errors(401) },
      }),
      async (c) => c.json({ count: await countDue(db, requireUser(c.get("user")).id) }, 200),
    )
    .openapi(
      createRoute({
        method: "put",
        path: "/{id}",
        tags,
        summary: "Change a service interval",
        security: auth.signedIn,
        middleware: [signedIn()] as const,
        request: { params: idParamSchema, body: changesBody(serviceIntervalChangesSchema) },
        responses: { 200: json(oneInterval, "The changed interval."), ...errors(...writeErrors, 404) },
      }),
      async (c) => {
        const user = requireUser(c.get("user"));
        const interval = await updateInterval(db, user.id, c.req.valid("param").id, c.req.valid("json"));
        return c.json({ interval }, 200);
      },
    )
    .openapi(
      createRoute({
        method: "delete",
        path: "/{id}",
        tags,
        summary: "Remove a service interval",
        security: auth.signedIn,
        middleware: [signedIn()] as const,
        request: { params: idParamSchema },
        responses: { 204: noContent, ...errors(400, 401, 403, 404) },
      }),
      async (c) => {
        await deleteInterval(db, requireUser(c.get("user")).id, c.req.valid("param").id);
        return c.body(null, 204);
      },
    );
}

/** Mounted at /api/components: a component's intervals. */
export function componentIntervalRoutes({ db }: AppDeps) {
  return apiRouter()
    .openapi(
      createRoute({
        method: "get",
        path: "/{id}/intervals",
        tags,
        summary: "A component's service intervals with their status",
        security: auth.signedIn,
        middleware: [signedIn()] as const,
        request: { params: idParamSchema },
        responses: { 200: json(intervalList, "Its intervals, most urgent first."), ...errors(400, 401, 404) },
      }),
      async (c) => {
        const user = requireUser(c.get("user"));
        return c.json({ intervals: await listComponentIntervals(db, user.id, c.req.valid("param").id) }, 200);
      },
    )
    .openapi(
      createRoute({
        method: "post",
        path: "/{id}/intervals",
        tags,
        summary: "Add a service interval to a component",
        security: auth.signedIn,
        middleware: [signedIn()] as const,
        request: { params: idParamSchema, body: jsonBody(serviceIntervalInputSchema) },
        responses: { 201: json(oneInterval, "The new interval."), ...errors(...writeErrors, 404) },
      }),
      async (c) => {
        const user = requireUser(c.get("user"));
        const interval = await createInterval(db, user.id, c.req.valid("param").id, c.req.valid("json"));
        return c.json({ interval }, 201);
      },
    );
}

/** Mounted at /api/bicycles: the defaults for a bicycle's components in one click. */
export function bicycleIntervalRoutes({ db }: AppDeps) {
  return apiRouter().openapi(
    createRoute({
      method: "post",
      path: "/{id}/intervals/defaults",
      tags,
      summary:
        "Give the bicycle's components without intervals the suggested intervals for their type and name",
      security: auth.signedIn,
      middleware: [signedIn()] as const,
      request: { params: idParamSchema },
      responses: {
        200: json(
          z.object({ added: z.number(), components: z.number() }),
          "How many intervals were added, to how many components.",
        ),
        ...errors(400, 401, 403, 404),
      },
    }),
    async (c) =>
      c.json(await applyDefaultsToBicycle(db, requireUser(c.get("user")).id, c.req.valid("param").id), 200),
  );
}
