import { zValidator } from "@hono/zod-validator";
import type { ValidationTargets } from "hono";
import { type ZodType, z } from "zod";
import { AppError } from "../errors.ts";

/** The path of the first string holding a NUL character, which PostgreSQL cannot store in text. */
function findNul(value: unknown, path: (string | number)[] = []): (string | number)[] | null {
  if (typeof value === "string") return value.includes("\u0000") ? path : null;
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) {
      const found = findNul(item, [...path, i]);
      if (found) return found;
    }
  } else if (value && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) {
      const found = findNul(item, [...path, key]);
      if (found) return found;
    }
  }
  return null;
}

const noNulText = z.unknown().superRefine((value, ctx) => {
  const path = findNul(value);
  if (path) ctx.addIssue({ code: "custom", path, message: "Text must not contain NUL characters" });
});

/** Validates one part of the request with a shared schema; a failure names the field and what is wrong. */
export function validate<Target extends keyof ValidationTargets, Schema extends ZodType>(
  target: Target,
  schema: Schema,
) {
  const checked = (target === "json" ? noNulText.pipe(schema) : schema) as Schema;
  return zValidator(target, checked, (result) => {
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
