import { Hono } from "hono";
import { messages } from "../../../shared/messages.ts";
import { feedbackInputSchema } from "../../../shared/schemas/feedback.ts";
import { hitRateLimit } from "../../db/rate-limit.ts";
import { feedback } from "../../db/schema.ts";
import { AppError } from "../../errors.ts";
import type { AppDeps, AppEnv } from "../../http/context.ts";
import { requireUser, signedIn } from "../../http/session.ts";
import { validate } from "../../http/validate.ts";

const FEEDBACK_PER_HOUR = 10;

/** Mounted at /api/feedback: stored, and mailed to the operator (SUPPORT_EMAIL). */
export function feedbackRoutes({ db, mailer, config, logger }: AppDeps) {
  return new Hono<AppEnv>().post("/", signedIn(), validate("json", feedbackInputSchema), async (c) => {
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
    return c.json({ ok: true }, 201);
  });
}
