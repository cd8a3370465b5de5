import { expect, it } from "vitest";
import { anonymous, describeEachDatabase, signUp, TEST_ORIGIN, useTestApp } from "./testing/test-app.ts";

describeEachDatabase("app", (kind) => {
  const t = useTestApp(kind);

  it("answers the health check with the database's state", async () => {
    const response = await t.app.request("/api/health");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ok", database: "ok" });
  });

  it("answers an unknown API route with a JSON 404", async () => {
    const response = await t.app.request("/api/nothing-here");
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: { code: "NOT_FOUND", message: "No such API route." } });
  });

  it("refuses a body over 1 MB before reading it", async () => {
    const rider = await signUp(t.app);
    const response = await rider.request("POST", "/api/bicycles", { name: "x".repeat(1024 * 1024 + 10) });
    expect(response.status).toBe(413);
  });

  it("answers deeply nested JSON with a 400 naming the limit, and keeps answering", async () => {
    const rider = await signUp(t.app);
    const nested = `${"[".repeat(8000)}${"]".repeat(8000)}`; // 16 KB
    const send = (method: string, path: string, cookie = rider.cookie) =>
      t.app.request(path, {
        method,
        headers: { "Content-Type": "application/json", Cookie: cookie, Origin: TEST_ORIGIN },
        body: nested,
      });
    for (const response of [
      await send("PUT", "/api/settings"),
      await send("POST", "/api/bicycles"),
      await send("POST", "/api/auth/sign-in/email", ""),
    ]) {
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({
        error: {
          code: "VALIDATION",
          message: "The request body is nested too deeply (at most 32 levels of arrays and objects).",
        },
      });
    }
    expect((await t.app.request("/api/health")).status).toBe(200);
    // Nesting within the limit is still read as usual.
    const settings = await rider.request("PUT", "/api/settings", { distanceUnit: "mi", extra: [[[[[1]]]]] });
    expect(settings.status).toBe(200);
  });

  it("answers a JSON body that is not an object, or text with a NUL character, with a 400 saying so, and changes nothing", async () => {
    const rider = await signUp(t.app);
    for (const body of ["[]", '"Road"', "null", "42"]) {
      for (const [method, path] of [
        ["POST", "/api/bicycles"],
        ["PUT", "/api/settings"],
      ] as const) {
        const response = await rider.request(method, path, body);
        expect(response.status, `${method} ${path} ${body}`).toBe(400);
        expect(await response.json()).toEqual({
          error: {
            code: "VALIDATION",
            message: "The request body must be a JSON object.",
            fields: { json: "The request body must be a JSON object." },
          },
        });
      }
    }
    const nul = await rider.request("POST", "/api/bicycles", { name: "Road\u0000" });
    expect(await nul.json()).toEqual({
      error: {
        code: "VALIDATION",
        message: "name must not contain NUL characters",
        fields: { name: "name must not contain NUL characters" },
      },
    });
    expect(await (await rider.request("GET", "/api/bicycles")).json()).toEqual({ bicycles: [] });
  });

  it("signs up, signs in with the password, and signs out", async () => {
    const rider = await signUp(t.app);
    const signIn = await t.app.request("/api/auth/sign-in/email", {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: TEST_ORIGIN },
      body: JSON.stringify({ email: rider.email, password: "correct-horse" }),
    });
    expect(signIn.status).toBe(200);
    const cookie = signIn.headers.getSetCookie()[0]!.split(";")[0]!;
    const session = await t.app.request("/api/auth/get-session", { headers: { Cookie: cookie } });
    expect(((await session.json()) as { user: { email: string } }).user.email).toBe(rider.email);

    const signOut = await t.app.request("/api/auth/sign-out", {
      method: "POST",
      headers: { Cookie: cookie, Origin: TEST_ORIGIN },
    });
    expect(signOut.status).toBe(200);
    const after = await t.app.request("/api/bicycles", { headers: { Cookie: cookie } });
    expect(after.status).toBe(401);
  });

  it("refuses a wrong password with 401 and stores passwords as Argon2id", async () => {
    const rider = await signUp(t.app);
    const wrong = await t.app.request("/api/auth/sign-in/email", {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: TEST_ORIGIN },
      body: JSON.stringify({ email: rider.email, password: "wrong-password" }),
    });
    expect(wrong.status).toBe(401);
    const { account } = await import("./db/schema.ts");
    const { eq } = await import("drizzle-orm");
    const [row] = await t.db
      .select({ password: account.password })
      .from(account)
      .where(eq(account.userId, rider.userId));
    expect(row!.password).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it("refuses a sign-up password shorter than 8 characters", async () => {
    const response = await t.app.request("/api/auth/sign-up/email", {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: TEST_ORIGIN },
      body: JSON.stringify({ email: "short@example.com", password: "bike-12", name: "" }),
    });
    expect(response.status).toBe(400);
  });

  it("serves a sitemap of the public pages and a robots.txt", async () => {
    const sitemap = await t.app.request("/sitemap.xml");
    expect(sitemap.headers.get("content-type")).toContain("application/xml");
    const xml = await sitemap.text();
    for (const page of [
      "/",
      "/about",
      "/pricing",
      "/faq",
      "/contact",
      "/privacy-policy",
      "/security-policy",
      "/sitemap",
      "/dashboard",
    ]) {
      expect(xml).toContain(`<loc>http://localhost:3000${page}</loc>`);
    }
    expect(xml).not.toContain("/account");
    const robots = await (await t.app.request("/robots.txt")).text();
    expect(robots).toContain("Sitemap: http://localhost:3000/sitemap.xml");
    expect(robots).toContain("Disallow: /api/");
  });

  it("needs a session for the subscription status", async () => {
    expect((await anonymous(t.app).request("GET", "/api/subscription")).status).toBe(401);
  });
});
