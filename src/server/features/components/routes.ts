import { Hono } from "hono";
import { messages } from "../../../shared/messages.ts";
import { idParamSchema } from "../../../shared/schemas/common.ts";
import {
  assignComponentSchema,
  assignManySchema,
  componentInputSchema,
  createComponentSchema,
} from "../../../shared/schemas/component.ts";
import type { AppDeps, AppEnv } from "../../http/context.ts";
import { requireUser, signedIn } from "../../http/session.ts";
import { validate } from "../../http/validate.ts";
import {
  assignManyToBicycle,
  assignToBicycle,
  createComponent,
  deleteComponent,
  getComponent,
  listPartsBin,
  moveToPartsBin,
  updateComponent,
} from "./service.ts";

const m = messages.components;

export function componentRoutes({ db, storage }: AppDeps) {
  return new Hono<AppEnv>()
    .get("/parts-bin", signedIn(), async (c) => {
      return c.json({ components: await listPartsBin(db, requireUser(c.get("user")).id) });
    })
    .post("/assign", signedIn(m.mustBeLoggedInToUpdate), validate("json", assignManySchema), async (c) => {
      const { componentIds, bicycleId } = c.req.valid("json");
      const assigned = await assignManyToBicycle(db, requireUser(c.get("user")).id, componentIds, bicycleId);
      return c.json({ assigned });
    })
    .post("/", signedIn(m.mustBeLoggedInToAdd), validate("json", createComponentSchema), async (c) => {
      const component = await createComponent(db, requireUser(c.get("user")).id, c.req.valid("json"));
      return c.json({ component }, 201);
    })
    .get("/:id", signedIn(), validate("param", idParamSchema), async (c) => {
      return c.json({
        component: await getComponent(db, requireUser(c.get("user")).id, c.req.valid("param").id),
      });
    })
    .put(
      "/:id",
      signedIn(m.mustBeLoggedInToUpdate),
      validate("param", idParamSchema),
      validate("json", componentInputSchema),
      async (c) => {
        const user = requireUser(c.get("user"));
        return c.json({
          component: await updateComponent(
            db,
            storage,
            user.id,
            c.req.valid("param").id,
            c.req.valid("json"),
          ),
        });
      },
    )
    .delete("/:id", signedIn(m.mustBeLoggedInToDelete), validate("param", idParamSchema), async (c) => {
      await deleteComponent(db, storage, requireUser(c.get("user")).id, c.req.valid("param").id);
      return c.body(null, 204);
    })
    .post(
      "/:id/move-to-parts-bin",
      signedIn(m.mustBeLoggedInToUpdate),
      validate("param", idParamSchema),
      async (c) => {
        return c.json({
          component: await moveToPartsBin(db, requireUser(c.get("user")).id, c.req.valid("param").id),
        });
      },
    )
    .post(
      "/:id/assign",
      signedIn(m.mustBeLoggedInToUpdate),
      validate("param", idParamSchema),
      validate("json", assignComponentSchema),
      async (c) => {
        const user = requireUser(c.get("user"));
        const component = await assignToBicycle(
          db,
          user.id,
          c.req.valid("param").id,
          c.req.valid("json").bicycleId,
        );
        return c.json({ component });
      },
    );
}
