import { createRoute } from "@hono/zod-openapi";
import { messages } from "../../../shared/messages.ts";
import { okSchema } from "../../../shared/schemas/common.ts";
import { feedbackInputSchema } from "../../../shared/schemas/feedback.ts";
import { hitRateLimit } from "../../db/rate-limit.ts";
import { feedback } from "../../db/schema.ts";
import { AppError } from "../../errors.ts";
import type { AppDeps } from "../../http/context.ts";
import { apiRouter, auth, errors, json, jsonBody, writeErrors } from "../../http/openapi.ts";
import { requireUser, signedIn } from "../../http/session.ts";

const FEEDBACK_PER_HOUR = 10;

/** Mounted at /api/feedback: stored, and mailed to the operator (SUPPORT_EMAIL). */
export function feedbackRoutes({ db, mailer, config, logger }: AppDeps) {
  const route = createRoute({
    method: "post",
    path: "/",
    tags: ["Feedback"],
    summary: "Send feedback to the people running this instance",
    security: auth.signedIn,
    middleware: [signedIn()] as const,
    request: { body: jsonBody(feedbackInputSchema) },
    responses: { 201: json(okSchema, "Stored (and mailed)."), ...errors(...writeErrors, 429) },
  });
  return apiRouter().openapi(route, async (c) => {
    const user = requireUser(c.get("user"));
    if (!(await hitRateLimit(db, `feedback:${user.id}`, FEEDBACK_PER_HOUR, 60 * 60 * 1000))) {
      throw new AppError("RATE_LIMITED", messages.feedback.rateLimited);
    }
    const { title, feedback: text } = c.req.valid("json");
    await db.insert(feedback).values({ userId: user.id, email: user.email, title, feedback: text });
    // The feedback is stored; a failing mail server is for the operator to see in the log, not the user.
    await mailer
      .send({
        to: config.supportEmail,
        replyTo: user.email,
        subject: `Velolog feedback: ${title}`,
        text: `From: ${user.email}\n\n${text}\n`,
      })
      .catch((error: unknown) =>
        logger.error({ event: "mail_failed", kind: "feedback", err: error }, "could not mail feedback"),
      );
    return c.json({ ok: true as const }, 201);
  });
}
