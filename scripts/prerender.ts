/**
 * The build's second step (after `vite build`): renders each public information page with
 * react-dom/server, as a signed-out visitor sees it, into dist/prerendered.json ({ path: markup }).
 * The server puts that markup into the page's root element (src/server/http/web.ts) and the browser
 * hydrates it (src/web/main.tsx), so crawlers and the first paint get the content, not an empty div.
 * Beside them, the signed-in frame: what a page of the app shows while its session loads, which the server
 * sends to a browser with a valid session so the header and tab bar paint before the scripts run.
 * It also writes dist/page-preloads.json: for each page route, the script chunks its page needs beyond the
 * entry's, from Vite's manifest; the server lists them in the page's HTML as modulepreload links, so the
 * browser fetches them alongside the entry script instead of after it has run.
 * Then it writes a gzip and a Brotli copy of each script, style sheet and SVG next to it, which the
 * server sends to browsers that accept them (no compression work per request).
 */
import { readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { build } from "vite";
import {
  PRERENDER_SUPPORT_EMAIL,
  PRERENDER_YEAR,
  PRERENDERED_PATHS,
  PRERENDERED_SIGNED_IN_FRAME,
} from "../src/shared/domain/pages.ts";

const root = path.resolve(import.meta.dirname, "..");
const distDir = process.env.PRERENDER_DIST_DIR ?? path.join(root, "dist");
// Inside the project, so the rendered module finds its packages in node_modules.
const outDir = path.join(root, "node_modules", ".cache", `velolog-prerender-${process.pid}`);
// What the app renders without a page to read settings from (src/web/lib/app-config.ts).
const FALLBACK_SUPPORT_EMAIL = "support@velolog.local";

try {
  await build({
    root,
    logLevel: "warn",
    build: { ssr: "src/web/prerender.tsx", outDir, emptyOutDir: true, copyPublicDir: false },
  });
  const { renderPage, renderSignedInFrame, pageRoutes } = (await import(
    pathToFileURL(path.join(outDir, "prerender.js")).href
  )) as {
    renderPage: (pathname: string) => Promise<string>;
    renderSignedInFrame: () => string;
    pageRoutes: () => { path: string; modules: string[] }[];
  };
  writePagePreloads(pageRoutes());
  const year = String(new Date().getFullYear());
  const fill = (html: string) =>
    html
      .replaceAll(FALLBACK_SUPPORT_EMAIL, PRERENDER_SUPPORT_EMAIL)
      // The footer's "© <year>" (React puts comments between text parts): the server writes the year it serves in.
      .replace(new RegExp(`(©(?: |<!-- -->)*)${year}`, "g"), `$1${PRERENDER_YEAR}`);
  const pages: Record<string, string> = {};
  for (const pathname of PRERENDERED_PATHS) {
    const html = await renderPage(pathname);
    if (!html.includes("<h1")) throw new Error(`prerender: ${pathname} has no h1`);
    const filled = fill(html);
    if (!filled.includes(PRERENDER_YEAR) || !filled.includes(PRERENDER_SUPPORT_EMAIL))
      throw new Error(`prerender: ${pathname}: the footer's year or support email was not found`);
    pages[pathname] = filled;
  }
  const frame = fill(renderSignedInFrame());
  if (!frame.includes("data-pending-frame") || !frame.includes(PRERENDER_YEAR))
    throw new Error("prerender: the signed-in frame has no frame marker or footer year");
  pages[PRERENDERED_SIGNED_IN_FRAME] = frame;
  writeFileSync(path.join(distDir, "prerendered.json"), `${JSON.stringify(pages)}\n`);
  console.log(`prerendered ${Object.keys(pages).length} pages into dist/prerendered.json`);
  console.log(`compressed ${precompress(distDir)} files (.gz and .br)`);
} finally {
  rmSync(outDir, { recursive: true, force: true });
}

interface ManifestChunk {
  file: string;
  imports?: string[];
}

/** dist/page-preloads.json from Vite's manifest (which is then removed: the server has no use for it). */
function writePagePreloads(routes: { path: string; modules: string[] }[]) {
  const manifestDir = path.join(distDir, ".vite");
  const manifest = JSON.parse(readFileSync(path.join(manifestDir, "manifest.json"), "utf8")) as Record<
    string,
    ManifestChunk
  >;
  /** The chunk files a module needs: its own and everything it imports statically, recursively. */
  const closure = (key: string, into = new Set<string>()): Set<string> => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`prerender: ${key} is not a chunk of the build (a page's module option?)`);
    if (into.has(chunk.file)) return into;
    into.add(chunk.file);
    for (const imported of chunk.imports ?? []) closure(imported, into);
    return into;
  };
  const loadedByEntry = closure("index.html");
  const preloads = routes.map(({ path: routePath, modules }) => {
    const files = new Set<string>();
    for (const module of modules) closure(module, files);
    return {
      path: routePath,
      files: [...files].filter((file) => !loadedByEntry.has(file)).map((f) => `/${f}`),
    };
  });
  writeFileSync(path.join(distDir, "page-preloads.json"), `${JSON.stringify(preloads)}\n`);
  rmSync(manifestDir, { recursive: true, force: true });
}

/** Writes file.gz and file.br beside every compressible file of the build; returns how many. */
function precompress(dir: string): number {
  let count = 0;
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) {
      count += precompress(file);
      continue;
    }
    if (
      !/\.(js|css|svg|json|txt|webmanifest)$/.test(name) ||
      name === "prerendered.json" ||
      name === "page-preloads.json"
    )
      continue;
    const content = readFileSync(file);
    if (content.length < 1024) continue;
    writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
    writeFileSync(
      `${file}.br`,
      brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    );
    count += 1;
  }
  return count;
}
