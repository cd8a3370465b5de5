import type { Context } from "hono";

/** Sends JSON the database already rendered as text (decision 0019), as `c.json` would send an object. */
export function jsonText(c: Context, text: string) {
  c.header("Content-Type", "application/json");
  return c.body(text);
}
