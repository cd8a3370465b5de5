import { Hono } from "hono";
import { messages } from "../../../shared/messages.ts";
import { bicycleInputSchema } from "../../../shared/schemas/bicycle.ts";
import { idParamSchema } from "../../../shared/schemas/common.ts";
import type { AppDeps, AppEnv } from "../../http/context.ts";
import { requireUser } from "../../http/session.ts";
import { validate } from "../../http/validate.ts";
import { listBicycleComponents } from "../components/service.ts";
import { listBicycleServices } from "../services/service.ts";
import { createBicycle, deleteBicycle, getBicycle, listBicycles, updateBicycle } from "./service.ts";

export function bicycleRoutes({ db, storage, config }: AppDeps) {
  return new Hono<AppEnv>()
    .get("/", async (c) => {
      const user = requireUser(c.get("user"));
      return c.json({ bicycles: await listBicycles(db, user.id) });
    })
    .post("/", async (c, next) => {
      requireUser(c.get("user"), messages.bicycles.mustBeLoggedIn);
      await next();
    })
    .post("/", validate("json", bicycleInputSchema), async (c) => {
      const user = requireUser(c.get("user"));
      const bicycle = await createBicycle(db, user.id, c.req.valid("json"), config.billingMode);
      return c.json({ bicycle }, 201);
    })
    .get("/:id", validate("param", idParamSchema), async (c) => {
      const user = requireUser(c.get("user"));
      return c.json({ bicycle: await getBicycle(db, user.id, c.req.valid("param").id) });
    })
    .put("/:id", async (c, next) => {
      requireUser(c.get("user"), messages.bicycles.signUpToEdit);
      await next();
    })
    .put("/:id", validate("param", idParamSchema), validate("json", bicycleInputSchema), async (c) => {
      const user = requireUser(c.get("user"));
      const bicycle = await updateBicycle(db, storage, user.id, c.req.valid("param").id, c.req.valid("json"));
      return c.json({ bicycle });
    })
    .get("/:id/components", validate("param", idParamSchema), async (c) => {
      const user = requireUser(c.get("user"));
      return c.json({ components: await listBicycleComponents(db, user.id, c.req.valid("param").id) });
    })
    .get("/:id/services", validate("param", idParamSchema), async (c) => {
      const user = requireUser(c.get("user"));
      return c.json({ services: await listBicycleServices(db, user.id, c.req.valid("param").id) });
    })
    .delete("/:id", validate("param", idParamSchema), async (c) => {
      const user = requireUser(c.get("user"));
      await deleteBicycle(db, storage, user.id, c.req.valid("param").id);
      return c.body(null, 204);
    });
}
