import { Hono } from "hono";
import { PUBLIC_PATHS } from "../../shared/domain/routes.ts";
import { escapeHtml } from "../../shared/html.ts";
import type { AppEnv } from "./context.ts";

/** Public pages worth a crawler's visit (the demo screens and the route table's information pages). */
export const CRAWLABLE_PATHS = [
  ...PUBLIC_PATHS.filter((p) => p !== "/auth/callback"),
  "/dashboard",
  "/bicycles",
];

/** /sitemap.xml and /robots.txt for crawlers. */
export function seoRoutes(publicUrl: string) {
  return new Hono<AppEnv>()
    .get("/sitemap.xml", (c) => {
      const urls = CRAWLABLE_PATHS.map(
        (p) => `  <url><loc>${escapeHtml(`${publicUrl}${p}`)}</loc></url>`,
      ).join("\n");
      c.header("Content-Type", "application/xml; charset=utf-8");
      return c.body(
        `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`,
      );
    })
    .get("/robots.txt", (c) =>
      c.text(
        [
          "User-agent: *",
          "Disallow: /api/",
          "Disallow: /account",
          "Disallow: /shared-links",
          // Share pages are not disallowed: a crawler must fetch one to read its noindex (a disallowed
          // address can still be listed, token and all, when some other page links to it).
          `Sitemap: ${publicUrl}/sitemap.xml`,
          "",
        ].join("\n"),
      ),
    );
}
