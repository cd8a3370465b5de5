import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { type ApiReferenceConfiguration, Scalar } from "@scalar/hono-api-reference";
import type { Context } from "hono";
import { PRODUCT_NAME } from "../../shared/brand.ts";
import type { AppEnv } from "./context.ts";

const SCRIPT_PATH = "/api/docs/scalar.js";

/**
 * GET /api/docs: Scalar's reference of /api/openapi.json. Its script is served from our own origin (the
 * Content Security Policy allows no other), and the inline start-up script carries this response's nonce;
 * its default fonts (from Scalar's servers) are left out.
 */
export function apiDocsPage() {
  return async (c: Context<AppEnv>) => {
    // The nonce the security headers put in this response's script-src (http/security.ts).
    const nonce = c.get("secureHeadersNonce");
    const page = Scalar<AppEnv>({
      url: "/api/openapi.json",
      pageTitle: `${PRODUCT_NAME} API`,
      cdn: SCRIPT_PATH,
      nonce,
      withDefaultFonts: false,
      favicon: "/favicon.svg",
      showDeveloperTools: "never",
      showToolbar: "never",
      hideClientButton: true,
      telemetry: false,
      agent: { disabled: true },
      mcp: { disabled: true },
    } as Partial<ApiReferenceConfiguration>);
    return (await page(c, async () => {})) as Response;
  };
}

let script: Promise<Buffer> | undefined;

/** GET /api/docs/scalar.js: the reference's script, from the installed package (cached by the browser). */
export async function apiDocsScript(c: Context<AppEnv>) {
  // The package exports no path to its browser bundle; it sits beside its main module (dist/).
  const main = createRequire(import.meta.url).resolve("@scalar/api-reference");
  script ??= readFile(path.join(path.dirname(main), "browser", "standalone.js"));
  c.header("Content-Type", "text/javascript; charset=utf-8");
  c.header("Cache-Control", "public, max-age=86400");
  return c.body(new Uint8Array(await script));
}

export const apiDocsScriptPath = SCRIPT_PATH;
