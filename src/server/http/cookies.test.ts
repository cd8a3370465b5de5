import { describe, expect, it } from "vitest";
import { lastLinkTo } from "../testing/outbox.ts";
import { type TestApp, useTestApp } from "../testing/test-app.ts";

/** Signs up, follows the emailed link and signs in again; returns every Set-Cookie the server sent. */
async function sessionCookies(t: TestApp, origin: string): Promise<string[]> {
  const email = `cookie-${Math.random().toString(36).slice(2)}@example.com`;
  const headers = { "Content-Type": "application/json", Origin: origin };
  await t.app.request("/api/auth/sign-up/email", {
    method: "POST",
    headers,
    body: JSON.stringify({ email, password: "correct-horse", name: "" }),
  });
  const link = lastLinkTo(t.config.dataDir, email, "/api/auth/verify-email")!;
  const verified = await t.app.request(link.replace(origin, ""), { redirect: "manual" });
  const signedIn = await t.app.request("/api/auth/sign-in/email", {
    method: "POST",
    headers,
    body: JSON.stringify({ email, password: "correct-horse" }),
  });
  expect(signedIn.status).toBe(200);
  return [...verified.headers.getSetCookie(), ...signedIn.headers.getSetCookie()];
}

describe("session cookies", () => {
  describe("served over https", () => {
    const t = useTestApp("pglite", { env: { PUBLIC_URL: "https://velolog.example" } });

    it("are __Secure- prefixed, Secure, HttpOnly and SameSite=Lax", async () => {
      const cookies = await sessionCookies(t, "https://velolog.example");
      const session = cookies.filter((c) => c.includes("session_token="));
      expect(session.length).toBeGreaterThan(0);
      for (const cookie of session) {
        expect(cookie).toMatch(/^__Secure-/);
        expect(cookie).toMatch(/;\s*Secure/i);
        expect(cookie).toMatch(/;\s*HttpOnly/i);
        expect(cookie).toMatch(/;\s*SameSite=Lax/i);
      }
    });
  });

  describe("served over plain http (a local install)", () => {
    const t = useTestApp("pglite");

    it("are HttpOnly and SameSite=Lax, without the Secure flag a browser would refuse over http", async () => {
      const cookies = await sessionCookies(t, "http://localhost:3000");
      const session = cookies.filter((c) => c.includes("session_token="));
      expect(session.length).toBeGreaterThan(0);
      for (const cookie of session) {
        expect(cookie).not.toMatch(/^__Secure-/);
        expect(cookie).toMatch(/;\s*HttpOnly/i);
        expect(cookie).toMatch(/;\s*SameSite=Lax/i);
      }
    });
  });
});
