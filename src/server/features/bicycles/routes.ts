import { Hono } from "hono";
import { messages } from "../../../shared/messages.ts";
import { bicycleInputSchema } from "../../../shared/schemas/bicycle.ts";
import { idParamSchema } from "../../../shared/schemas/common.ts";
import { AnswerCache } from "../../db/data-version.ts";
import { notFound } from "../../errors.ts";
import type { AppDeps, AppEnv } from "../../http/context.ts";
import { jsonText } from "../../http/json-text.ts";
import { keptOrRead } from "../../http/kept-answer.ts";
import { foldsSession, requireUser } from "../../http/session.ts";
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
  const lists = new AnswerCache();
  const bicycleAnswers = new AnswerCache();
  return new Hono<AppEnv>()
    .get("/", foldsSession, async (c) => {
      const answer = await keptOrRead(c, db, auth, {
        answers: lists,
        key: (token) => token,
        read: (token) => bicyclesOfSession(db, token),
      });
      return jsonText(c, answer!.json);
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
      const answer = await keptOrRead(c, db, auth, {
        answers: bicycleAnswers,
        key: () => id.toLowerCase(),
        read: (token) => bicycleOfSession(db, token, id),
      });
      if (answer === null) throw notFound();
      return jsonText(c, answer.json);
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
      const answer = await keptOrRead(c, db, auth, {
        answers: componentAnswers,
        // One key per bicycle, however the id is spelt (uuids are case-insensitive).
        key: () => id.toLowerCase(),
        read: (token, known) => bicycleComponentsOfSession(db, token, id, known),
      });
      if (answer === null) throw notFound(messages.components.bicycleFetchFailed);
      return jsonText(c, answer.json);
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
