import { readFileSync } from "node:fs";
import path from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import type { Hono } from "hono";
import { isKnownPath } from "../../shared/domain/routes.ts";
import { escapeHtml } from "../../shared/html.ts";
import type { Logger } from "../logger.ts";
import type { AppEnv } from "./context.ts";

/**
 * Serves the built web app: hashed assets with a long cache lifetime, other files as they are, and the
 * app's page for every screen. A path that is no screen gets the same page (it shows "Oops! Page not
 * found") with status 404, and the miss is logged.
 */
export function mountWebApp(app: Hono<AppEnv>, webDir: string, logger: Logger, supportEmail: string) {
  const root = path.relative(process.cwd(), webDir) || ".";
  const indexHtml = readFileSync(path.join(webDir, "index.html"), "utf8").replace(
    "</head>",
    `<meta name="velolog-support-email" content="${escapeHtml(supportEmail)}" />\n  </head>`,
  );

  app.use(
    "/assets/*",
    serveStatic({
      root,
      onFound: (_path, c) => {
        c.header("Cache-Control", "public, max-age=31536000, immutable");
      },
    }),
  );
  const files = serveStatic({ root });
  // Only paths that name a file (e.g. /favicon.svg) are looked up on disk; screens get the app's page.
  app.use("*", (c, next) => (/\/[^/]+\.[a-z0-9]+$/i.test(c.req.path) ? files(c, next) : next()));
  app.get("*", (c) => {
    c.header("Cache-Control", "no-cache");
    if (isKnownPath(c.req.path)) return c.html(indexHtml);
    logger.warn(
      { event: "page_not_found", path: c.req.path, requestId: c.get("requestId") },
      "page not found",
    );
    return c.html(indexHtml, 404);
  });
}
