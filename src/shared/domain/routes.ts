/** The web app's route table (SPEC.md section 2), shared so the server can answer unknown paths with 404. */
export const PUBLIC_PATHS = [
  "/",
  "/about",
  "/pricing",
  "/faq",
  "/contact",
  "/privacy-policy",
  "/terms-of-service",
  "/cookie-policy",
  "/refund-policy",
  "/acceptable-use-policy",
  "/data-processing-agreement",
  "/security-policy",
  "/sitemap",
  "/auth",
  "/auth/callback",
] as const;

/** Routes whose page shows the demo (or a sign-in prompt) to visitors without a session. */
const PUBLIC_PATTERNS: RegExp[] = [
  /^\/dashboard$/,
  /^\/bicycles$/,
  /^\/bicycles\/[^/]+$/,
  /^\/bicycles\/[^/]+\/components\/[^/]+$/,
  /^\/parts-bin$/,
  /^\/parts-bin\/components\/[^/]+$/,
  /^\/shared(\/[^/]+)?$/,
  // A reminder mail's unsubscribe link: works without a session, and is not listed in the sitemap.
  /^\/unsubscribe$/,
];

/** Routes whose page shows the read-only demo (public/demo-data.json) to visitors without a session. */
const DEMO_PATTERNS: RegExp[] = [
  /^\/dashboard$/,
  /^\/bicycles$/,
  /^\/bicycles\/[^/]+$/,
  /^\/bicycles\/[^/]+\/components\/[^/]+$/,
];

export function showsDemo(path: string): boolean {
  const p = normalise(path);
  return DEMO_PATTERNS.some((re) => re.test(p));
}

/**
 * Where emailed links land, marked by kind so /auth/callback can tell them apart: an email confirmation link
 * (its address is set by the server for every confirmation mail) and a password reset link.
 */
export const EMAIL_CONFIRMATION_CALLBACK = "/auth/callback?type=signup";
export const PASSWORD_RESET_CALLBACK = "/auth/callback?type=recovery";
/** Where an email change's two links land: the old address confirming it, then the new address (decision 0082). */
export const EMAIL_CHANGE_PARAM = "email-change";
export const EMAIL_CHANGE_CONFIRMED_CALLBACK = `/account?${EMAIL_CHANGE_PARAM}=confirmed`;
export const EMAIL_CHANGED_CALLBACK = `/account?${EMAIL_CHANGE_PARAM}=done`;
/** Where the new address's link lands when opened with no session: /auth, to sign in (decision 0083). */
export const EMAIL_CHANGED_SIGN_IN = `/auth?${EMAIL_CHANGE_PARAM}=done`;
/** Where a Google sign-in of an account with two-factor authentication lands: /auth at the code step. */
export const GOOGLE_TWO_FACTOR_LANDING = "/auth?step=two-factor";

/** The sign-in page with its Sign Up tab chosen: where every "Sign Up", "Get Started" and "Start free" goes. */
export const SIGN_UP_PATH = "/auth?tab=signup";

/**
 * Routes that need a session and send visitors to /auth rather than /, to come back once signed in: the
 * billing pages too, whose links are opened from a mail, another device or a tab whose session ended.
 */
export const AUTH_REDIRECT_PATHS = ["/account", "/feedback", "/billing/checkout", "/billing/portal"] as const;

const SIGNED_IN_PATHS = [
  "/account",
  "/feedback",
  "/shared-links",
  "/rides",
  "/billing/checkout",
  "/billing/portal",
];

/** Signed-in pages with an id in their path. */
const SIGNED_IN_PATTERNS: RegExp[] = [/^\/bicycles\/[^/]+\/passport$/];

/** Screens drawn without the site's header, footer and tab bar: signing in, a share link's view. */
const FRAMELESS_PATTERNS: RegExp[] = [/^\/auth(\/callback)?$/, /^\/shared(\/[^/]+)?$/];

/** True for a screen drawn inside the site's frame (the web app's MainLayout: header, footer, tab bar). */
export function inSiteFrame(path: string): boolean {
  const p = normalise(path);
  return isKnownPath(p) && !FRAMELESS_PATTERNS.some((re) => re.test(p));
}

function normalise(path: string): string {
  return path.length > 1 && path.endsWith("/") ? path.slice(0, -1) : path;
}

export function isPublicPath(path: string): boolean {
  const p = normalise(path);
  return (PUBLIC_PATHS as readonly string[]).includes(p) || PUBLIC_PATTERNS.some((re) => re.test(p));
}

/** True when the path belongs to a screen of the app (public or not); false means a 404 page. */
export function isKnownPath(path: string): boolean {
  const p = normalise(path);
  return isPublicPath(p) || SIGNED_IN_PATHS.includes(p) || SIGNED_IN_PATTERNS.some((re) => re.test(p));
}

/** The sign-in page, going on to `next` (a path of this app, with its query) once the rider is signed in. */
export function signInPath(next: string): string {
  return `/auth?${new URLSearchParams({ next })}`;
}

/**
 * The `next` of /auth's address when it is a page of this app, else null: never another site ("//evil",
 * "/\evil", an absolute address), and never the sign-in pages themselves.
 */
export function safeNextPath(next: string | null | undefined): string | null {
  if (!next?.startsWith("/") || next.startsWith("//") || next.includes("\\")) return null;
  const base = "http://app.invalid";
  let url: URL;
  try {
    url = new URL(next, base);
  } catch {
    return null;
  }
  if (url.origin !== base || /^\/auth(\/|$)/.test(url.pathname) || !isKnownPath(url.pathname)) return null;
  return url.pathname + url.search + url.hash;
}
