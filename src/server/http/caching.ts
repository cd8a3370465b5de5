import { etag } from "hono/etag";
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "./context.ts";

/**
 * Signed-in JSON reads may be kept by the browser, never by a shared cache, and are asked for again on
 * each use: `Cache-Control: private, no-cache` with an ETag, so a request that sends the current answer's
 * tag in `If-None-Match` gets a 304 without a body (the web app's refetch on focus, a script's poll).
 * Answers that set their own Cache-Control (share links, files), errors and visitors' answers are left
 * as they are. The ETag is a hash of the answer, computed after the route ran: it saves bytes, not work.
 */
export function revalidatedJson() {
  const tagAndCompare = etag();
  const untouched = async () => {};
  return createMiddleware<AppEnv>(async (c, next) => {
    await next();
    const eligible =
      (c.req.method === "GET" || c.req.method === "HEAD") &&
      c.get("user") !== null &&
      c.res.status === 200 &&
      c.res.headers.get("Content-Type")?.startsWith("application/json") === true &&
      !c.res.headers.has("Cache-Control");
    if (!eligible) return;
    c.res.headers.set("Cache-Control", "private, no-cache");
    // hono/etag after the fact: with nothing left to run, it tags c.res and answers 304 on a match.
    await tagAndCompare(c, untouched);
  });
}
