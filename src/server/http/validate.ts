import type { ZodError } from "zod";
import { messages } from "../../shared/messages.ts";
import { AppError } from "../errors.ts";

/**
 * The path of the first string holding a NUL character, which PostgreSQL cannot store in text. Walks with
 * a queue of its own, not recursion, so no body can overflow the stack; each value is visited once.
 */
export function findNul(body: unknown): (string | number)[] | null {
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

/**
 * What every declared route does with its validated input (http/openapi.ts): bad input is a 400 naming the
 * first problem and each field at fault (a JSON body that is not an object: `json`); JSON text holding a NUL character, which PostgreSQL cannot store,
 * is refused the same way.
 */
export function validationHook(
  result:
    | { success: true; data: unknown; target: string }
    | { success: false; error: ZodError; target: string },
): void {
  if (!result.success) {
    const fields: Record<string, string> = {};
    // A JSON body that is an array, a string, a number or null: zod's message would name no field.
    const issues = result.error.issues.map((issue) =>
      result.target === "json" && issue.path.length === 0
        ? { ...issue, message: messages.request.notAnObject }
        : issue,
    );
    for (const issue of issues) {
      const key = issue.path.join(".") || result.target;
      fields[key] ??= issue.message;
    }
    const first = issues[0];
    throw new AppError("VALIDATION", first ? first.message : "The request is not valid.", fields);
  }
  if (result.target !== "json") return;
  const path = findNul(result.data);
  if (path) {
    const field = path.join(".") || "json";
    const message = messages.request.nulCharacter(field);
    throw new AppError("VALIDATION", message, { [field]: message });
  }
}
