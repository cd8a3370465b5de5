import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { messages } from "../../shared/messages.ts";
import { serviceEntries, session } from "../db/schema.ts";
import { describeEachDatabase, signUp, TEST_ORIGIN, useTestApp } from "../testing/test-app.ts";
import { SESSION_ABSOLUTE_LIFETIME, SESSION_EXPIRES_IN } from "./session-lifetime.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

/** Sessions slide (7 days from last use) but end 30 days after sign-in whatever the activity. */
describeEachDatabase("session lifetime", (kind) => {
  const t = useTestApp(kind);

  /** A fresh sign-in: its cookie and its session row's id. */
  async function signedIn() {
    const rider = await signUp(t.app);
    const response = await t.app.request("/api/auth/sign-in/email", {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: TEST_ORIGIN },
      body: JSON.stringify({ email: rider.email, password: "correct-horse" }),
    });
    const cookie = response.headers.getSetCookie()[0]!.split(";")[0]!;
    const token = decodeURIComponent(cookie.split("=")[1]!).split(".")[0]!;
    const [row] = await t.db.select().from(session).where(eq(session.token, token));
    return { cookie, id: row!.id };
  }
  /** Moves a session back in time, as if signed in `days` ago and last renewed `renewedDaysAgo` ago. */
  async function age(id: string, days: number, renewedDaysAgo: number) {
    const now = Date.now();
    await t.db
      .update(session)
      .set({
        createdAt: new Date(now - days * DAY_MS),
        updatedAt: new Date(now - renewedDaysAgo * DAY_MS),
        expiresAt: new Date(now - renewedDaysAgo * DAY_MS + SESSION_EXPIRES_IN * 1000),
      })
      .where(eq(session.id, id));
  }
  const getSession = (cookie: string) =>
    t.app.request("/api/auth/get-session", { headers: { Cookie: cookie } });
  const rowOf = async (id: string) => (await t.db.select().from(session).where(eq(session.id, id)))[0];

  it("uses 7 days sliding and 30 days absolute", () => {
    expect(SESSION_EXPIRES_IN).toBe(7 * 24 * 60 * 60);
    expect(SESSION_ABSOLUTE_LIFETIME).toBe(30 * 24 * 60 * 60);
  });

  it("slides: a session used after a day is renewed for 7 more days", async () => {
    const { cookie, id } = await signedIn();
    await age(id, 10, 2);
    const response = await getSession(cookie);
    expect(((await response.json()) as { user?: unknown } | null)?.user).toBeDefined();
    const row = await rowOf(id);
    expect(row!.expiresAt.getTime()).toBeGreaterThan(Date.now() + SESSION_EXPIRES_IN * 1000 - 60_000);
  });

  it("never slides past 30 days after sign-in", async () => {
    const { cookie, id } = await signedIn();
    await age(id, 28, 2);
    expect(((await (await getSession(cookie)).json()) as { user?: unknown } | null)?.user).toBeDefined();
    const row = await rowOf(id);
    const deadline = row!.createdAt.getTime() + SESSION_ABSOLUTE_LIFETIME * 1000;
    expect(Math.abs(row!.expiresAt.getTime() - deadline)).toBeLessThan(1000);
  });

  it("ends a session 30 days after sign-in even when it was used yesterday: deleted, cookie cleared", async () => {
    const { cookie, id } = await signedIn();
    await age(id, 31, 0.5);
    const response = await getSession(cookie);
    expect(response.status).toBe(200);
    expect(await response.json()).toBeNull();
    expect(response.headers.getSetCookie().join(";")).toMatch(/session_token=;.*Max-Age=0/);
    expect(await rowOf(id)).toBeUndefined();
  });

  it("refuses such a session on the app's own API too (401)", async () => {
    const { cookie, id } = await signedIn();
    expect((await t.app.request("/api/settings", { headers: { Cookie: cookie } })).status).toBe(200);
    await age(id, 31, 0.5);
    expect((await t.app.request("/api/settings", { headers: { Cookie: cookie } })).status).toBe(401);
    expect(await rowOf(id)).toBeUndefined();
  });
});

/**
 * The app's own API checks most sessions without the auth library (http/session.ts); whatever it cannot
 * accept unchanged goes to the library. These are the cases where the two must agree.
 */
describeEachDatabase("the API's session check", (kind) => {
  const t = useTestApp(kind);

  async function signedIn(rememberMe = true) {
    const rider = await signUp(t.app);
    const response = await t.app.request("/api/auth/sign-in/email", {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: TEST_ORIGIN },
      body: JSON.stringify({ email: rider.email, password: "correct-horse", rememberMe }),
    });
    const cookies = response.headers.getSetCookie().map((c) => c.split(";")[0]!);
    const cookie = cookies.find((c) => c.includes("session_token="))!;
    const token = decodeURIComponent(cookie.split("=")[1]!).split(".")[0]!;
    const [row] = await t.db.select().from(session).where(eq(session.token, token));
    return { cookie, cookies: cookies.join("; "), id: row!.id, email: rider.email };
  }
  const rowOf = async (id: string) => (await t.db.select().from(session).where(eq(session.id, id)))[0];

  /**
   * Puts a session in its last days (signed in 25 days ago, renewed 2 days ago, its expiry already at the
   * 30-day deadline); the returned check passes while its expiry is still that deadline.
   */
  async function putInLastDays(id: string) {
    const now = Date.now();
    const createdAt = new Date(now - 25 * DAY_MS);
    const lastRenewed = new Date(now - 2 * DAY_MS);
    const deadline = new Date(createdAt.getTime() + SESSION_ABSOLUTE_LIFETIME * 1000);
    await t.db
      .update(session)
      .set({ createdAt, updatedAt: lastRenewed, expiresAt: deadline })
      .where(eq(session.id, id));
    return async function expectStillAtDeadline() {
      const row = await rowOf(id);
      expect(row!.expiresAt.getTime()).toBe(deadline.getTime());
    };
  }

  it("answers for the signed-in user, and for nobody else", async () => {
    const first = await signedIn();
    const second = await signedIn();
    const created = await t.app.request("/api/bicycles", {
      method: "POST",
      headers: { Cookie: first.cookie, "Content-Type": "application/json", Origin: TEST_ORIGIN },
      body: JSON.stringify({ name: "First rider's bike" }),
    });
    expect(created.status).toBe(201);
    const spare = await t.app.request("/api/components", {
      method: "POST",
      headers: { Cookie: first.cookie, "Content-Type": "application/json", Origin: TEST_ORIGIN },
      body: JSON.stringify({ name: "First rider's spare", type: "Other" }),
    });
    expect(spare.status).toBe(201);
    const read = async (route: string, cookie: string) =>
      (await t.app.request(route, { headers: { Cookie: cookie } })).text();
    for (const [route, name] of [
      ["/api/bicycles", "First rider's bike"],
      ["/api/dashboard", "First rider's bike"],
      ["/api/components/parts-bin", "First rider's spare"],
    ] as const) {
      expect(await read(route, first.cookie), route).toContain(name);
      expect(await read(route, second.cookie), route).not.toContain(name);
    }
  });

  // The same rules on every kind of route: a plain one, the dashboard, a list.
  for (const route of ["/api/settings", "/api/dashboard", "/api/bicycles"]) {
    describe(`through ${route}`, () => {
      const through = (cookie: string) => t.app.request(route, { headers: { Cookie: cookie } });

      it("renews a session due for its daily renewal (7 more days), and answers", async () => {
        const { cookie, id } = await signedIn();
        const now = Date.now();
        await t.db
          .update(session)
          .set({ createdAt: new Date(now - 3 * DAY_MS), expiresAt: new Date(now + 5 * DAY_MS) })
          .where(eq(session.id, id));
        expect((await through(cookie)).status).toBe(200);
        expect((await rowOf(id))!.expiresAt.getTime()).toBeGreaterThan(
          now + SESSION_EXPIRES_IN * 1000 - 60_000,
        );
      });

      it("in a session's last days (expiry already at the 30-day deadline), answers and its expiry stays at the deadline", async () => {
        const { cookie, id } = await signedIn();
        const expectStillAtDeadline = await putInLastDays(id);
        expect((await through(cookie)).status).toBe(200);
        await expectStillAtDeadline();
      });

      it("refuses a session past its 30 days (401) and deletes it, though it was used yesterday", async () => {
        const { cookie, id } = await signedIn();
        const now = Date.now();
        await t.db
          .update(session)
          .set({
            createdAt: new Date(now - 31 * DAY_MS),
            updatedAt: new Date(now - DAY_MS / 2),
            expiresAt: new Date(now + 6 * DAY_MS),
          })
          .where(eq(session.id, id));
        expect((await through(cookie)).status).toBe(401);
        expect(await rowOf(id)).toBeUndefined();
      });

      it("refuses an expired session (401) and deletes it", async () => {
        const { cookie, id } = await signedIn();
        await t.db
          .update(session)
          .set({ expiresAt: new Date(Date.now() - 1000) })
          .where(eq(session.id, id));
        expect((await through(cookie)).status).toBe(401);
        expect(await rowOf(id)).toBeUndefined();
      });

      it("refuses a session that was signed out or revoked, at once", async () => {
        const { cookie, id } = await signedIn();
        expect((await through(cookie)).status).toBe(200);
        await t.db.delete(session).where(eq(session.id, id));
        expect((await through(cookie)).status).toBe(401);
      });

      it("refuses a cookie whose signature is not the server's, or is missing", async () => {
        const { cookie } = await signedIn();
        const [name, value] = cookie.split("=") as [string, string];
        const [token, signature] = decodeURIComponent(value).split(".") as [string, string];
        const flipped = `${signature[0] === "A" ? "B" : "A"}${signature.slice(1)}`;
        const strayCharacter = `${signature.slice(0, -1)}!`; // Node's base64 decoder would skip the "!"
        for (const forged of [
          `${token}.${flipped}`,
          `${token}.${strayCharacter}`,
          token,
          `${token}.`,
          `.${signature}`,
        ]) {
          expect((await through(`${name}=${encodeURIComponent(forged)}`)).status).toBe(401);
        }
      });

      it("accepts a session signed in without 'remember me'", async () => {
        const { cookies } = await signedIn(false);
        expect(cookies).toContain("dont_remember");
        expect((await through(cookies)).status).toBe(200);
      });
    });
  }

  it("checks the session before the id on the routes that read it in their own statement (401, then 404)", async () => {
    const { cookie, id } = await signedIn();
    const requests: [string, string][] = [
      ["GET", "/api/bicycles/not-a-uuid"],
      ["GET", "/api/bicycles/not-a-uuid/components"],
      ["GET", "/api/components/not-a-uuid/services"],
      ["POST", "/api/components/not-a-uuid/services"],
    ];
    const send = (method: string, route: string) =>
      t.app.request(route, {
        method,
        headers: { Cookie: cookie, "Content-Type": "application/json", Origin: TEST_ORIGIN },
        body:
          method === "POST"
            ? JSON.stringify({ date: "2024-06-01", description: "Waxed", cost: 1 })
            : undefined,
      });
    for (const [method, route] of requests) expect((await send(method, route)).status, route).toBe(404);
    await t.db.delete(session).where(eq(session.id, id));
    for (const [method, route] of requests) expect((await send(method, route)).status, route).toBe(401);
  });

  describe("when creating a service entry", () => {
    async function riderWithComponent() {
      const rider = await signedIn();
      const created = await t.app.request("/api/components", {
        method: "POST",
        headers: { Cookie: rider.cookie, "Content-Type": "application/json", Origin: TEST_ORIGIN },
        body: JSON.stringify({ name: "Chain", type: "Drivetrain" }),
      });
      expect(created.status).toBe(201);
      const { component } = (await created.json()) as { component: { id: string } };
      return { ...rider, componentId: component.id };
    }
    const addEntry = (cookie: string, componentId: string) =>
      t.app.request(`/api/components/${componentId}/services`, {
        method: "POST",
        headers: { Cookie: cookie, "Content-Type": "application/json", Origin: TEST_ORIGIN },
        body: JSON.stringify({ date: "2024-06-01", description: "Waxed", cost: 12 }),
      });
    const entriesOf = async (componentId: string) =>
      (await t.db.select().from(serviceEntries).where(eq(serviceEntries.componentId, componentId))).length;

    it("writes for a live session, and only to the user's own components", async () => {
      const owner = await riderWithComponent();
      const other = await signedIn();
      expect((await addEntry(owner.cookie, owner.componentId)).status).toBe(201);
      expect((await addEntry(other.cookie, owner.componentId)).status).toBe(404);
      expect(await entriesOf(owner.componentId)).toBe(1);
    });

    it("refuses an expired or revoked session (401) and writes nothing", async () => {
      const expired = await riderWithComponent();
      await t.db
        .update(session)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(session.id, expired.id));
      const refused = await addEntry(expired.cookie, expired.componentId);
      expect(refused.status).toBe(401);
      expect(((await refused.json()) as { error: { message: string } }).error.message).toBe(
        messages.services.authRequired,
      );
      expect(await rowOf(expired.id)).toBeUndefined();
      expect(await entriesOf(expired.componentId)).toBe(0);

      const revoked = await riderWithComponent();
      await t.db.delete(session).where(eq(session.id, revoked.id));
      expect((await addEntry(revoked.cookie, revoked.componentId)).status).toBe(401);
      expect(await entriesOf(revoked.componentId)).toBe(0);
    });

    it("refuses a session past its 30 days (401) and writes nothing", async () => {
      const rider = await riderWithComponent();
      const now = Date.now();
      await t.db
        .update(session)
        .set({ createdAt: new Date(now - 31 * DAY_MS), expiresAt: new Date(now + 6 * DAY_MS) })
        .where(eq(session.id, rider.id));
      expect((await addEntry(rider.cookie, rider.componentId)).status).toBe(401);
      expect(await rowOf(rider.id)).toBeUndefined();
      expect(await entriesOf(rider.componentId)).toBe(0);
    });

    it("in a session's last days (expiry already at the 30-day deadline), writes and the session's expiry stays at the deadline", async () => {
      const rider = await riderWithComponent();
      const expectStillAtDeadline = await putInLastDays(rider.id);
      expect((await addEntry(rider.cookie, rider.componentId)).status).toBe(201);
      await expectStillAtDeadline();
      expect(await entriesOf(rider.componentId)).toBe(1);
    });

    it("writes once for a session signed in without 'remember me'", async () => {
      const rider = await signedIn(false);
      const created = await t.app.request("/api/components", {
        method: "POST",
        headers: { Cookie: rider.cookies, "Content-Type": "application/json", Origin: TEST_ORIGIN },
        body: JSON.stringify({ name: "Chain", type: "Drivetrain" }),
      });
      const { component } = (await created.json()) as { component: { id: string } };
      expect((await addEntry(rider.cookies, component.id)).status).toBe(201);
      expect(await entriesOf(component.id)).toBe(1);
    });

    it("renews a session due for its daily renewal, and writes", async () => {
      const rider = await riderWithComponent();
      const now = Date.now();
      await t.db
        .update(session)
        .set({ createdAt: new Date(now - 3 * DAY_MS), expiresAt: new Date(now + 5 * DAY_MS) })
        .where(eq(session.id, rider.id));
      expect((await addEntry(rider.cookie, rider.componentId)).status).toBe(201);
      expect((await rowOf(rider.id))!.expiresAt.getTime()).toBeGreaterThan(
        now + SESSION_EXPIRES_IN * 1000 - 60_000,
      );
      expect(await entriesOf(rider.componentId)).toBe(1);
    });
  });
});
