import { createMiddleware } from "hono/factory";
import { NONCE, secureHeaders } from "hono/secure-headers";
import { AppError } from "../errors.ts";
import type { AppEnv } from "./context.ts";

/**
 * Headers on every response. Scripts only from our origin (no inline script: the theme is set by an
 * external file), or carrying this response's nonce (only the API reference page, /api/docs, has one). Styles allow 'unsafe-inline' because the toast library injects its stylesheet at run
 * time. Share links must not leak through the Referer, hence strict-origin-when-cross-origin.
 */
export function securityHeaders(publicUrl: string) {
  return secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", NONCE],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", "data:", "blob:"],
      fontSrc: ["'self'"],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
    referrerPolicy: "strict-origin-when-cross-origin",
    xFrameOptions: "DENY",
    xContentTypeOptions: "nosniff",
    strictTransportSecurity: publicUrl.startsWith("https://") ? "max-age=31536000; includeSubDomains" : false,
    permissionsPolicy: {
      camera: [],
      microphone: [],
      geolocation: [],
      payment: [],
      usb: [],
    },
    crossOriginOpenerPolicy: "same-origin",
    crossOriginResourcePolicy: "same-origin",
  });
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * CSRF: a state-changing API request that a browser sends from another site is refused. Browsers always
 * send Origin on such requests; a request without one comes from a non-browser client, which carries no
 * victim's cookies.
 */
export function sameOriginWrites(trustedOrigins: string[]) {
  const trusted = new Set(trustedOrigins);
  return createMiddleware<AppEnv>(async (c, next) => {
    if (!SAFE_METHODS.has(c.req.method)) {
      const origin = c.req.header("Origin");
      const site = c.req.header("Sec-Fetch-Site");
      if ((origin && !trusted.has(origin)) || site === "cross-site") {
        throw new AppError("FORBIDDEN", "This request came from another site and was refused.");
      }
    }
    await next();
  });
}
