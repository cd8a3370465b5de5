import type { MiddlewareHandler } from "hono";
import { messages } from "../../shared/messages.ts";
import { AppError } from "../errors.ts";

/** Our deepest body nests three levels; this leaves room and refuses bodies built to be slow to parse. */
export const MAX_JSON_DEPTH = 32;

const JSON_TYPE = /^application\/([a-z0-9.+-]+\+)?json/i;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPENERS = new Set([0x5b, 0x7b]); // [ {
const CLOSERS = new Set([0x5d, 0x7d]); // ] }

/** Whether JSON text opens more than `limit` arrays and objects inside each other (brackets in strings do not count). */
export function nestsDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const char = text.charCodeAt(i);
    if (inString) {
      if (char === BACKSLASH) i++;
      else if (char === QUOTE) inString = false;
    } else if (char === QUOTE) inString = true;
    else if (OPENERS.has(char) && ++depth > limit) return true;
    else if (CLOSERS.has(char)) depth--;
  }
  return false;
}

/**
 * Refuses a JSON body nested deeper than MAX_JSON_DEPTH with a 400, before anything parses it: parsing
 * 800 KB of nested arrays costs the parser over a second, and walking such a value recursively overflows
 * the stack. One pass over the text, after the body limit, so the work per body is bounded too.
 */
export const refuseDeeplyNestedJson: MiddlewareHandler = async (c, next) => {
  if (!c.req.raw.body || !JSON_TYPE.test(c.req.header("content-type") ?? "")) return next();
  // A copy is read, so that the route (or the auth library) still reads the body itself.
  if (nestsDeeperThan(await c.req.raw.clone().text(), MAX_JSON_DEPTH)) {
    throw new AppError("VALIDATION", messages.request.nestedTooDeeply(MAX_JSON_DEPTH));
  }
  return next();
};
