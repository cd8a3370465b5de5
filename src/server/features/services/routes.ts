import { Hono } from "hono";
import { messages } from "../../../shared/messages.ts";
import { idParamSchema } from "../../../shared/schemas/common.ts";
import { serviceEntryInputSchema } from "../../../shared/schemas/service-entry.ts";
import type { AppDeps, AppEnv } from "../../http/context.ts";
import { requireUser, signedIn } from "../../http/session.ts";
import { validate } from "../../http/validate.ts";
import {
  createServiceEntry,
  deleteServiceEntry,
  listComponentServices,
  updateServiceEntry,
} from "./service.ts";

const loginToAdd = messages.services.authRequired;

/** Mounted at /api/components/:id/services. */
export function componentServiceRoutes({ db }: AppDeps) {
  return new Hono<AppEnv>()
    .get("/:id/services", signedIn(), validate("param", idParamSchema), async (c) => {
      return c.json(await listComponentServices(db, requireUser(c.get("user")).id, c.req.valid("param").id));
    })
    .post(
      "/:id/services",
      signedIn(loginToAdd),
      validate("param", idParamSchema),
      validate("json", serviceEntryInputSchema),
      async (c) => {
        const user = requireUser(c.get("user"));
        const service = await createServiceEntry(db, user.id, c.req.valid("param").id, c.req.valid("json"));
        return c.json({ service }, 201);
      },
    );
}

/** Mounted at /api/services. */
export function serviceRoutes({ db, storage }: AppDeps) {
  return new Hono<AppEnv>()
    .put(
      "/:id",
      signedIn(loginToAdd),
      validate("param", idParamSchema),
      validate("json", serviceEntryInputSchema),
      async (c) => {
        const user = requireUser(c.get("user"));
        return c.json({
          service: await updateServiceEntry(
            db,
            storage,
            user.id,
            c.req.valid("param").id,
            c.req.valid("json"),
          ),
        });
      },
    )
    .delete("/:id", signedIn(loginToAdd), validate("param", idParamSchema), async (c) => {
      await deleteServiceEntry(db, storage, requireUser(c.get("user")).id, c.req.valid("param").id);
      return c.body(null, 204);
    });
}
