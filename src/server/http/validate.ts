import { zValidator } from "@hono/zod-validator";
import type { ValidationTargets } from "hono";
import { type ZodType, z } from "zod";
import { AppError } from "../errors.ts";

/**
 * The path of the first string holding a NUL character, which PostgreSQL cannot store in text. Walks with
 * a queue of its own, not recursion, so no body can overflow the stack; each value is visited once.
 */
function findNul(body: unknown): (string | number)[] | null {
  const queue: { value: unknown; path: (string | number)[] }[] = [{ value: body, path: [] }];
  for (let i = 0; i < queue.length; i++) {
    const { value, path } = queue[i]!;
    if (typeof value === "string") {
      if (value.includes("\u0000")) return path;
    } else if (value && typeof value === "object") {
      const entries: [string | number, unknown][] = Array.isArray(value)
        ? [...value.entries()]
        : Object.entries(value);
      for (const [key, item] of entries) queue.push({ value: item, path: [...path, key] });
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
