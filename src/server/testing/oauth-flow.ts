import { expect } from "vitest";
import { TEST_ORIGIN, type TestApp } from "./test-app.ts";

/** The settings that point Google sign-in at a local OpenID Connect server (testing/oidc-server.ts). */
export function googleTestEnv(issuerUrl: string): Record<string, string> {
  return {
    GOOGLE_CLIENT_ID: "velolog-test-client",
    GOOGLE_CLIENT_SECRET: "velolog-test-secret",
    GOOGLE_ISSUER_URL: issuerUrl,
  };
}

export interface OAuthFlowResult {
  /** The status of the request that started the flow (200 when it went to the provider). */
  status: number;
  /** That request's body when it was refused, else null. */
  body: unknown;
  /** Our page where the browser ends (path and query), or the last address when it stops elsewhere. */
  landedAt: string;
  /** The browser's cookies at the end. */
  cookie: string;
}

/**
 * A browser going through an OAuth flow: POSTs to start it (sign-in/social or link-social) with the given
 * cookies, then follows every redirect to the provider and back until one of our pages (not the API),
 * where the web app takes over, keeping the cookies our server sets on the way.
 */
export async function followOAuthFlow(
  app: TestApp["app"],
  issuerUrl: string,
  path: string,
  body: unknown,
  cookie = "",
): Promise<OAuthFlowResult> {
  const jar = new Map<string, string>();
  const keep = (header: string) => {
    const [pair] = header.split(";");
    const [name, ...value] = pair!.split("=");
    jar.set(name!.trim(), value.join("="));
  };
  for (const pair of cookie.split("; ").filter(Boolean)) keep(pair);
  const cookies = () => [...jar].map(([name, value]) => `${name}=${value}`).join("; ");

  const start = await app.request(path, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: TEST_ORIGIN, Cookie: cookies() },
    body: JSON.stringify(body),
  });
  for (const header of start.headers.getSetCookie()) keep(header);
  if (start.status !== 200) return { status: start.status, body: await start.json(), landedAt: "", cookie };
  let url = ((await start.json()) as { url: string }).url;
  expect(url.startsWith(`${issuerUrl}/authorize?`)).toBe(true);
  for (let hop = 0; hop < 10; hop++) {
    const ours = url.startsWith(TEST_ORIGIN);
    const response = ours
      ? await app.request(url.slice(TEST_ORIGIN.length), { headers: { Cookie: cookies() } })
      : await fetch(url, { redirect: "manual" });
    if (ours) for (const header of response.headers.getSetCookie()) keep(header);
    const location = response.headers.get("location");
    if (response.status < 300 || response.status >= 400 || !location) break;
    url = new URL(location, url).toString();
    if (url.startsWith(TEST_ORIGIN) && !url.startsWith(`${TEST_ORIGIN}/api/`)) break;
  }
  return {
    status: 200,
    body: null,
    landedAt: url.startsWith(TEST_ORIGIN) ? url.slice(TEST_ORIGIN.length) : url,
    cookie: cookies(),
  };
}
