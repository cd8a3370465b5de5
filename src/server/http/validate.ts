import { zValidator } from "@hono/zod-validator";
import type { ValidationTargets } from "hono";
import type { ZodType } from "zod";
import { AppError } from "../errors.ts";

/** Validates one part of the request with a shared schema; a failure names the field and what is wrong. */
export function validate<Target extends keyof ValidationTargets, Schema extends ZodType>(
  target: Target,
  schema: Schema,
) {
  return zValidator(target, schema, (result) => {
    if (result.success) return;
    const fields: Record<string, string> = {};
    for (const issue of result.error.issues) {
      const key = issue.path.join(".") || target;
      fields[key] ??= issue.message;
    }
    const first = result.error.issues[0];
    const message = first ? first.message : "The request is not valid.";
    throw new AppError("VALIDATION", message, fields);
  });
}
