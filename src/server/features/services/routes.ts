import { Hono } from "hono";
import { messages } from "../../../shared/messages.ts";
import { idParamSchema } from "../../../shared/schemas/common.ts";
import { serviceEntryInputSchema } from "../../../shared/schemas/service-entry.ts";
import { AnswerCache } from "../../db/data-version.ts";
import { notFound } from "../../errors.ts";
import type { AppDeps, AppEnv } from "../../http/context.ts";
import { jsonText } from "../../http/json-text.ts";
import { keptOrRead } from "../../http/kept-answer.ts";
import {
  foldsSession,
  requireUser,
  signedIn,
  withSession,
  writeInSessionStatement,
} from "../../http/session.ts";
import { validate } from "../../http/validate.ts";
import {
  componentOfSession,
  componentServicesOfSession,
  createServiceEntry,
  createServiceEntryOfSession,
  deleteServiceEntry,
  updateServiceEntry,
} from "./service.ts";

const loginToAdd = messages.services.authRequired;

/** Mounted at /api/components/:id/services. */
export function componentServiceRoutes({ db, auth }: AppDeps) {
  // By component id: each request still checks the session, the owner and the answer's version (decision 0027).
  const logs = new AnswerCache();
  return new Hono<AppEnv>()
    .get("/:id/services", signedIn(), validate("param", idParamSchema), foldsSession, async (c) => {
      const id = c.req.valid("param").id.toLowerCase();
      const answer = await keptOrRead(c, db, auth, {
        answers: logs,
        key: () => id,
        read: (token, known) => componentServicesOfSession(db, token, id, known),
      });
      if (answer === null) throw notFound(messages.components.notFound);
      return jsonText(c, answer.json);
    })
    .post(
      "/:id/services",
      signedIn(loginToAdd),
      validate("param", idParamSchema),
      validate("json", serviceEntryInputSchema),
      foldsSession,
      async (c) => {
        const id = c.req.valid("param").id;
        const input = c.req.valid("json");
        // One statement for the common case; a receipt is first checked as the user's, the usual way.
        const { receiptUrl } = input;
        const written =
          receiptUrl === null
            ? await writeInSessionStatement(c, (token) =>
                createServiceEntryOfSession(db, token, id, { ...input, receiptUrl }),
              )
            : undefined;
        if (written) return c.json({ service: written }, 201);
        const { user, row } = await withSession(
          c,
          auth,
          (token) => componentOfSession(db, token, id),
          loginToAdd,
        );
        const service = await createServiceEntry(db, user.id, row, input);
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
