import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import type { Hono, MiddlewareHandler } from "hono";
import { compress } from "hono/compress";
import { pageReads } from "../../shared/domain/page-reads.ts";
import {
  PAGE_META,
  PAGES_SHOWING_PLANS,
  PRERENDER_SUPPORT_EMAIL,
  PRERENDER_YEAR,
  PRERENDERED_SIGNED_IN_FRAME,
} from "../../shared/domain/pages.ts";
import { inSiteFrame, isKnownPath, showsDemo } from "../../shared/domain/routes.ts";
import { escapeHtml } from "../../shared/html.ts";
import { UNLIMITED_TEXT } from "../../shared/plan-copy.ts";
import type { BillingMode } from "../../shared/schemas/subscription.ts";
import { redactTokens } from "../auth/events.ts";
import type { Logger } from "../logger.ts";
import type { AppEnv } from "./context.ts";

/** What a page says about itself to crawlers and link previews (chat apps, social sites). */
export interface PageHead {
  title: string;
  description: string;
  imageUrl?: string | null;
  url: string;
  /** Kept out of search results (`noindex`): a share link's page, whose address is its key. */
  noindex?: boolean;
  /** The page's data is gone (a deleted share link): answered 404, the app's page still says so. */
  missing?: boolean;
}

export interface WebAppOptions {
  webDir: string;
  logger: Logger;
  supportEmail: string;
  publicUrl: string;
  /** Written into the page for the web app (lib/app-config.ts); "off" hides plans and upgrade buttons. */
  billingMode: BillingMode;
  /** Per-page title and preview tags computed from data (e.g. a shared bicycle); others use PAGE_META. */
  pageHead?: (pathname: string) => Promise<PageHead | null>;
  /** The API's session check (http/session.ts): a signed-in page's HTML names the data it will read. */
  session: MiddlewareHandler<AppEnv>;
}

/** The fixed title and description of a public page (shared/domain/pages.ts). */
function staticHead(pathname: string, publicUrl: string, billingMode: BillingMode): PageHead | null {
  const path = pathname.length > 1 ? pathname.replace(/\/$/, "") : pathname;
  const meta = PAGE_META[path];
  if (!meta) return null;
  return {
    title: path === "/" ? meta.title : `${meta.title} · Velolog`,
    // The pricing page's description names the prices; an instance with billing off sells nothing.
    description: billingMode === "off" && path === "/pricing" ? UNLIMITED_TEXT : meta.description,
    url: `${publicUrl}${path}`,
  };
}

function headTags(head: PageHead): string {
  const tags: [string, string, string][] = [
    ["name", "description", head.description],
    ["property", "og:type", "website"],
    ["property", "og:site_name", "Velolog"],
    ["property", "og:title", head.title],
    ["property", "og:description", head.description],
    ["property", "og:url", head.url],
    ["name", "twitter:card", head.imageUrl ? "summary_large_image" : "summary"],
    ["name", "twitter:title", head.title],
    ["name", "twitter:description", head.description],
  ];
  if (head.imageUrl) {
    tags.push(["property", "og:image", head.imageUrl], ["name", "twitter:image", head.imageUrl]);
  }
  if (head.noindex) tags.push(["name", "robots", NOINDEX]);
  return tags
    .map(([attr, key, value]) => `<meta ${attr}="${key}" content="${escapeHtml(value)}" />`)
    .join("\n    ");
}

const NOINDEX = "noindex, nofollow";

/** Who asks for a page: no session cookie, a valid session, or a cookie that is no (longer a) session. */
type Visitor = "signed-out" | "signed-in" | "unknown";

/** Better Auth's session cookie (plain, or with the __Secure- prefix over HTTPS). */
const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?better-auth\.session_token=/;

/** The public pages' markup rendered at build time (scripts/prerender.ts), by path; empty if not built. */
function readPrerendered(webDir: string): Record<string, string> {
  const file = path.join(webDir, "prerendered.json");
  if (!existsSync(file)) return {};
  return JSON.parse(readFileSync(file, "utf8")) as Record<string, string>;
}

interface PagePreload {
  path: string;
  files: string[];
}

/**
 * The modulepreload links of the page at a path: the chunks of its route's page (dist/page-preloads.json,
 * written by the build from Vite's manifest), so the browser fetches them with the entry script.
 */
function pagePreloadLinks(webDir: string): (pathname: string) => string {
  const file = path.join(webDir, "page-preloads.json");
  if (!existsSync(file)) return () => "";
  const routes = (JSON.parse(readFileSync(file, "utf8")) as PagePreload[]).map((route) => ({
    pattern: new RegExp(`^${route.path.replace(/:[^/]+/g, "[^/]+")}/?$`),
    links: route.files
      .map((href) => `<link rel="modulepreload" crossorigin href="${escapeHtml(href)}" />`)
      .join("\n    "),
  }));
  return (pathname) => routes.find((route) => route.pattern.test(pathname))?.links ?? "";
}

/**
 * Serves the built web app: hashed assets with a long cache lifetime, other files as they are, and the
 * app's page for every screen. A path that is no screen gets the same page (it shows "Oops! Page not
 * found") with status 404, and the miss is logged.
 */
export function mountWebApp(app: Hono<AppEnv>, options: WebAppOptions) {
  const { webDir, logger, supportEmail, billingMode, pageHead, publicUrl, session } = options;
  const root = path.relative(process.cwd(), webDir) || ".";
  const indexHtml = readFileSync(path.join(webDir, "index.html"), "utf8").replace(
    "</head>",
    `<meta name="velolog-support-email" content="${escapeHtml(supportEmail)}" />\n` +
      `  <meta name="velolog-billing-mode" content="${billingMode}" />\n  </head>`,
  );

  const prerendered = readPrerendered(webDir);
  // The plans' pages were prerendered with billing on: with billing off the browser renders them.
  if (billingMode === "off") for (const page of PAGES_SHOWING_PLANS) delete prerendered[page];
  const preloadLinks = pagePreloadLinks(webDir);

  /**
   * What a page's root element holds. A visitor without a session cookie gets a public page's prerendered
   * markup (it shows the page signed out; with a session the app renders in the browser, e.g. / sends a
   * member to /dashboard). A valid session gets the signed-in frame on the pages drawn in it, so the header
   * and tab bar paint before the scripts run. Anything else (a stale cookie) gets the empty root.
   */
  function prerenderedBody(pathname: string, visitor: Visitor): string | null {
    const key = pathname.length > 1 ? pathname.replace(/\/$/, "") : pathname;
    const markup =
      visitor === "signed-out"
        ? prerendered[key]
        : visitor === "signed-in" && inSiteFrame(key)
          ? prerendered[PRERENDERED_SIGNED_IN_FRAME]
          : undefined;
    if (!markup) return null;
    return markup
      .replaceAll(PRERENDER_SUPPORT_EMAIL, () => escapeHtml(supportEmail))
      .replaceAll(PRERENDER_YEAR, () => String(new Date().getFullYear()));
  }

  function renderPage(
    pathname: string,
    search: string,
    head: PageHead | null,
    body: string | null,
    visitor: Visitor,
  ) {
    const signedOut = visitor === "signed-out";
    let html = body
      ? indexHtml.replace('<div id="root"></div>', () => `<div id="root">${body}</div>`)
      : indexHtml;
    let links = preloadLinks(pathname);
    // A page's data is fetched alongside its scripts: the demo's for a visitor, the API's for a rider.
    const reads = signedOut && showsDemo(pathname) ? ["/demo-data.json"] : [];
    if (visitor === "signed-in") reads.push(...pageReads(pathname, search));
    for (const read of reads)
      links += `\n    <link rel="preload" href="${escapeHtml(read)}" as="fetch" crossorigin />`;
    if (links) html = html.replace("</head>", () => `${links}\n  </head>`);
    // Without a session cookie there is no session: the app starts signed out without asking the server.
    if (signedOut)
      html = html.replace("</head>", '<meta name="velolog-signed-out" content="1" />\n  </head>');
    if (!head) return html;
    return html
      .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(head.title)}</title>`)
      .replace(/<meta name="description"[^>]*>/, "")
      .replace("</head>", `${headTags(head)}\n  </head>`);
  }

  // The build writes .gz and .br copies of scripts and styles (scripts/prerender.ts): sent when accepted.
  app.use(
    "/assets/*",
    serveStatic({
      root,
      precompressed: true,
      onFound: (_path, c) => {
        c.header("Cache-Control", "public, max-age=31536000, immutable");
      },
    }),
  );
  const files = serveStatic({ root, precompressed: true });
  // Only paths that name a file (e.g. /favicon.svg) are looked up on disk; screens get the app's page.
  app.use("*", (c, next) => (/\/[^/]+\.[a-z0-9]+$/i.test(c.req.path) ? files(c, next) : next()));
  // Pages are compressed as they are sent (their markup varies with the path, the cookie and the year).
  app.get("*", compress(), session, async (c) => {
    c.header("Cache-Control", "no-cache");
    if (!isKnownPath(c.req.path)) {
      logger.warn(
        // The path may hold a share link's token (e.g. /shared/<token>/extra): cut, as in the request log.
        { event: "page_not_found", path: redactTokens(c.req.path), requestId: c.get("requestId") },
        "page not found",
      );
      return c.html(indexHtml, 404);
    }
    const own = pageHead ? await pageHead(c.req.path).catch(() => null) : null;
    // The answer depends on the session cookie (prerendered markup or the app's empty page).
    c.header("Vary", "Cookie");
    const signedOut = !SESSION_COOKIE.test(c.req.header("cookie") ?? "");
    const visitor: Visitor = signedOut ? "signed-out" : c.get("user") ? "signed-in" : "unknown";
    if (own?.noindex) c.header("X-Robots-Tag", NOINDEX);
    return c.html(
      renderPage(
        c.req.path,
        new URL(c.req.url).search,
        own ?? staticHead(c.req.path, publicUrl, billingMode),
        prerenderedBody(c.req.path, visitor),
        visitor,
      ),
      own?.missing ? 404 : 200,
    );
  });
}
