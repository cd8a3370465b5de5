import { Hono } from "hono";
import { messages } from "../../../shared/messages.ts";
import { bicycleInputSchema } from "../../../shared/schemas/bicycle.ts";
import { idParamSchema } from "../../../shared/schemas/common.ts";
import { AnswerCache } from "../../db/data-version.ts";
import { notFound } from "../../errors.ts";
import type { AppDeps, AppEnv } from "../../http/context.ts";
import { jsonText } from "../../http/json-text.ts";
import { foldsSession, requireUser, withSession } from "../../http/session.ts";
import { validate } from "../../http/validate.ts";
import { bicycleComponentsOfSession } from "../components/service.ts";
import { listBicycleServices } from "../services/service.ts";
import {
  bicycleOfSession,
  bicyclesOfSession,
  createBicycle,
  deleteBicycle,
  updateBicycle,
} from "./service.ts";

export function bicycleRoutes({ db, storage, auth }: AppDeps) {
  // By bicycle id: each request still checks the session, the owner and the answer's version (decision 0027).
  const componentAnswers = new AnswerCache();
  return new Hono<AppEnv>()
    .get("/", foldsSession, async (c) => {
      const { row } = await withSession(c, auth, (token) => bicyclesOfSession(db, token));
      return jsonText(c, row.json);
    })
    .post("/", async (c, next) => {
      requireUser(c.get("user"), messages.bicycles.mustBeLoggedIn);
      await next();
    })
    .post("/", validate("json", bicycleInputSchema), async (c) => {
      const user = requireUser(c.get("user"));
      const bicycle = await createBicycle(db, user.id, c.req.valid("json"));
      return c.json({ bicycle }, 201);
    })
    .get("/:id", validate("param", idParamSchema), foldsSession, async (c) => {
      const id = c.req.valid("param").id;
      const { row } = await withSession(c, auth, (token) => bicycleOfSession(db, token, id));
      if (!row.bicycle) throw notFound();
      return c.json({ bicycle: row.bicycle });
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
    .get("/:id/components", validate("param", idParamSchema), foldsSession, async (c) => {
      const id = c.req.valid("param").id;
      // One key per bicycle, however the id is spelt (uuids are case-insensitive).
      const key = id.toLowerCase();
      const known = componentAnswers.get(key);
      const { row } = await withSession(c, auth, (token) => bicycleComponentsOfSession(db, token, id, known));
      if (row.answer === null) throw notFound(messages.components.bicycleFetchFailed);
      if (row.answer !== known) componentAnswers.set(key, row.answer);
      return jsonText(c, row.answer.json);
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
