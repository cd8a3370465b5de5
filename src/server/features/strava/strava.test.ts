import { symmetricDecrypt } from "better-auth/crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { messages } from "../../../shared/messages.ts";
import type { Bicycle } from "../../../shared/schemas/bicycle.ts";
import type { Component } from "../../../shared/schemas/component.ts";
import type { RidesPage } from "../../../shared/schemas/ride.ts";
import type { StravaBike } from "../../../shared/schemas/strava.ts";
import { stravaConnections, stravaGear, subscriptions } from "../../db/schema.ts";
import { type StravaStandIn, startStravaStandIn } from "../../testing/strava-stand-in.ts";
import {
  anonymous,
  createTestApp,
  describeEachDatabase,
  json,
  signUp,
  TEST_ORIGIN,
  type TestApp,
  type TestClient,
  useTestApp,
} from "../../testing/test-app.ts";
import { importPastRides, stravaDeps } from "./service.ts";

const CLIENT_ID = "4242";
const CLIENT_SECRET = "strava-client-secret-for-tests";
const VERIFY_TOKEN = "verify-token-of-this-test-server";
const SUBSCRIPTION = 777;

describeEachDatabase("Strava", (kind) => {
  let t: TestApp;
  let strava: StravaStandIn;
  let athleteCounter = 1000 + (kind === "pglite" ? 0 : 500);

  beforeAll(async () => {
    strava = await startStravaStandIn({ clientId: CLIENT_ID, clientSecret: CLIENT_SECRET });
    t = await createTestApp(kind, {
      env: {
        STRAVA_CLIENT_ID: CLIENT_ID,
        STRAVA_CLIENT_SECRET: CLIENT_SECRET,
        STRAVA_API_BASE_URL: strava.url,
        STRAVA_WEBHOOK_VERIFY_TOKEN: VERIFY_TOKEN,
        STRAVA_WEBHOOK_SUBSCRIPTION_ID: String(SUBSCRIPTION),
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await strava.close();
  });

  /** Goes through "Connect Strava" as a browser does: our route, Strava's page, back to our callback. */
  async function connect(rider: TestClient): Promise<string> {
    const start = await rider.request("POST", "/api/strava/connect");
    expect(start.status).toBe(200);
    const stateCookie = start.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const { url } = await json<{ url: string }>(start);
    const approved = await fetch(url, { redirect: "manual" });
    const back = new URL(approved.headers.get("location")!);
    expect(`${back.origin}${back.pathname}`).toBe(`${TEST_ORIGIN}/api/strava/callback`);
    const done = await t.app.request(`${back.pathname}${back.search}`, {
      headers: { Cookie: `${rider.cookie}; ${stateCookie}` },
    });
    expect(done.status).toBe(302);
    return done.headers.get("location")!;
  }

  async function connectedRider(bikes = [{ id: "b1001", name: "Canyon Endurace" }]) {
    const rider = await signUp(t.app);
    const athlete = strava.addAthlete(++athleteCounter, bikes);
    expect(await connect(rider)).toBe("/account?strava=connected");
    return { rider, athlete };
  }

  async function addBicycle(rider: TestClient, name: string) {
    return (await json<{ bicycle: Bicycle }>(rider.request("POST", "/api/bicycles", { name }))).bicycle;
  }

  const mapBike = (rider: TestClient, gearId: string, bicycleId: string | null) =>
    rider.request("PUT", `/api/strava/bikes/${gearId}`, { bicycleId });

  const ridesOf = async (rider: TestClient, bicycleId: string) =>
    json<RidesPage>(rider.request("GET", `/api/bicycles/${bicycleId}/rides`));

  /** Delivers an event as Strava does: JSON, no cookie, no Origin. */
  const deliver = (event: object) =>
    t.app.request("/api/strava/webhook", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(event),
    });

  it("connects, maps a bike, imports past rides (the components wear), follows events, and disconnects", async () => {
    const { rider, athlete } = await connectedRider([
      { id: "b1001", name: "Canyon Endurace" },
      { id: "b1002", name: "Commuter" },
    ]);
    expect(await json(rider.request("GET", "/api/strava"))).toEqual({
      connection: { athleteName: "Ada Lovelace", connectedAt: expect.any(String) },
      automaticSync: true,
    });
    // The tokens are stored encrypted with the auth secret.
    const [stored] = await t.db
      .select()
      .from(stravaConnections)
      .where(eq(stravaConnections.userId, rider.userId));
    expect(stored!.athleteId).toBe(athlete.id);
    expect(stored!.accessToken).not.toMatch(/^[0-9a-f]{40}$/);
    expect(await symmetricDecrypt({ key: t.config.authSecret, data: stored!.accessToken })).toMatch(
      /^[0-9a-f]{40}$/,
    );

    const road = await addBicycle(rider, "Road");
    const chain = (
      await json<{ component: Component }>(
        rider.request("POST", "/api/components", {
          bicycleId: road.id,
          name: "Chain",
          type: "Drivetrain",
          installedAt: "2024-01-01",
        }),
      )
    ).component;
    strava.addActivity(athlete.id, {
      start_date: "2024-03-02T08:00:00Z",
      distance: 42_195,
      name: "Long one",
    });
    strava.addActivity(athlete.id, { start_date: "2024-03-09T08:00:00Z", distance: 30_000 });
    // On the commuter, which stays unmapped: not imported.
    strava.addActivity(athlete.id, { start_date: "2024-03-10T08:00:00Z", distance: 8_000, gear_id: "b1002" });
    // A ride already there from a file (a minute off, 1% longer): the same ride, not a second one.
    await rider.request("POST", `/api/bicycles/${road.id}/rides`, {
      name: "From my GPS",
      startedAt: "2024-03-09T08:00:40Z",
      distanceKm: 30.3,
      movingSeconds: 4000,
    });

    const bikes = await json<{ bikes: StravaBike[] }>(rider.request("GET", "/api/strava/bikes"));
    expect(bikes.bikes).toEqual([
      { id: "b1001", name: "Canyon Endurace", bicycleId: null },
      { id: "b1002", name: "Commuter", bicycleId: null },
    ]);
    const mapped = await mapBike(rider, "b1001", road.id);
    expect(mapped.status).toBe(200);
    expect((await json<{ bikes: StravaBike[] }>(mapped)).bikes[0]).toMatchObject({ bicycleId: road.id });

    expect(await json(rider.request("POST", "/api/strava/import"))).toEqual({
      imported: 1,
      alreadyThere: 1,
      skipped: 0,
      withoutDistance: 0,
      more: false,
    });
    const afterImport = await ridesOf(rider, road.id);
    expect(afterImport.rides.map((r) => [r.name, r.distanceKm, r.source, r.elevationGainM])).toEqual([
      ["From my GPS", 30.3, "manual", null],
      ["Long one", 42.195, "strava", 120],
    ]);
    const wear = async () =>
      (await json<{ component: Component }>(rider.request("GET", `/api/components/${chain.id}`))).component;
    expect((await wear()).distance).toBeCloseTo(72.5, 1);
    // Again: nothing twice.
    expect(await json(rider.request("POST", "/api/strava/import"))).toEqual({
      imported: 0,
      alreadyThere: 2,
      skipped: 0,
      withoutDistance: 0,
      more: false,
    });
    expect((await ridesOf(rider, road.id)).totals.rides).toBe(2);

    // A new ride on Strava: the event adds it, read from Strava's API (the access token had expired).
    // Six hours later: Strava's access token has ended, as the expiry we stored says.
    strava.expireAccessTokens();
    await t.db
      .update(stravaConnections)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(stravaConnections.userId, rider.userId));
    const tokenRequests = strava.calls("POST", "/oauth/token").length;
    const fresh = strava.addActivity(athlete.id, { start_date: "2024-04-01T07:00:00Z", distance: 25_000 });
    const created = await deliver(strava.event(SUBSCRIPTION, athlete.id, fresh.id, "create"));
    expect(created.status).toBe(200);
    expect(await json(created)).toEqual({ received: true });
    expect((await ridesOf(rider, road.id)).totals.rides).toBe(3);
    expect((await wear()).distance).toBeCloseTo(97.5, 1);
    expect(strava.calls("POST", "/oauth/token").length).toBe(tokenRequests + 1);

    // The same event again adds nothing.
    await deliver(strava.event(SUBSCRIPTION, athlete.id, fresh.id, "create"));
    expect((await ridesOf(rider, road.id)).totals.rides).toBe(3);

    // Renamed and corrected on Strava: the ride changes.
    fresh.name = "Evening spin";
    fresh.distance = 26_500;
    await deliver(strava.event(SUBSCRIPTION, athlete.id, fresh.id, "update", "activity", { title: "x" }));
    const updated = (await ridesOf(rider, road.id)).rides[0]!;
    expect([updated.name, updated.distanceKm]).toEqual(["Evening spin", 26.5]);

    // An event of another subscription, or for an athlete no one connected, changes nothing.
    const stray = strava.addActivity(athlete.id, { start_date: "2024-05-01T07:00:00Z", distance: 10_000 });
    expect((await deliver(strava.event(SUBSCRIPTION + 1, athlete.id, stray.id, "create"))).status).toBe(200);
    expect((await deliver(strava.event(SUBSCRIPTION, 99_999_999, stray.id, "create"))).status).toBe(200);
    // Deleted on Strava: the delete event, checked with Strava (which now answers 404), removes the ride.
    strava.deleteActivity(athlete.id, fresh.id);
    expect((await deliver(strava.event(SUBSCRIPTION, athlete.id, fresh.id, "delete"))).status).toBe(200);
    const left = await ridesOf(rider, road.id);
    expect(left.rides.map((r) => r.name)).toEqual(["From my GPS", "Long one"]);
    expect((await wear()).distance).toBeCloseTo(72.5, 1);

    // Disconnect: tokens revoked at Strava and deleted here; the rides stay.
    expect((await rider.request("DELETE", "/api/strava")).status).toBe(204);
    expect(strava.hasTokens(athlete.id)).toBe(false);
    expect(
      await t.db.select().from(stravaConnections).where(eq(stravaConnections.userId, rider.userId)),
    ).toEqual([]);
    expect(await t.db.select().from(stravaGear).where(eq(stravaGear.userId, rider.userId))).toEqual([]);
    expect(await json(rider.request("GET", "/api/strava"))).toEqual({
      connection: null,
      automaticSync: true,
    });
    expect((await ridesOf(rider, road.id)).totals.rides).toBe(2);
    // Events for the disconnected athlete are ignored.
    await deliver(strava.event(SUBSCRIPTION, athlete.id, stray.id, "create"));
    expect((await ridesOf(rider, road.id)).totals.rides).toBe(2);
    expect((await rider.request("POST", "/api/strava/import")).status).toBe(404);
  });

  it("imports a long history a page of 200 at a time, in a few statements a page, and the same ride once", async () => {
    const { rider, athlete } = await connectedRider();
    const road = await addBicycle(rider, "Road");
    expect((await mapBike(rider, "b1001", road.id)).status).toBe(200);
    const day = (n: number, seconds = 0) => new Date(Date.UTC(2023, 0, 1) + n * 86_400_000 + seconds * 1000);
    for (let n = 0; n < 450; n++)
      strava.addActivity(athlete.id, { start_date: day(n).toISOString(), distance: 20_000 + n });
    // Day 100 recorded twice (a watch and a phone), and day 300 already there from a GPS file.
    strava.addActivity(athlete.id, { start_date: day(100, 20).toISOString(), distance: 20_150 });
    await rider.request("POST", `/api/bicycles/${road.id}/rides`, {
      name: "From my GPS",
      startedAt: day(300, 30).toISOString(),
      distanceKm: 20.31,
      movingSeconds: 3000,
    });

    // 451 activities: three pages. Once: the session, the token, the bike mapping, the activities deleted
    // here before, where a stopped import got to. Per page: the rides imported before, the rides around,
    // the new ones.
    let before = t.queries.count;
    expect(await json(rider.request("POST", "/api/strava/import"))).toEqual({
      imported: 449,
      alreadyThere: 2,
      skipped: 0,
      withoutDistance: 0,
      more: false,
    });
    expect(t.queries.count - before).toBeLessThanOrEqual(5 + 3 * 3);
    expect((await ridesOf(rider, road.id)).totals.rides).toBe(450);

    // Again: nothing added, nothing rewritten.
    before = t.queries.count;
    expect(await json(rider.request("POST", "/api/strava/import"))).toEqual({
      imported: 0,
      alreadyThere: 451,
      skipped: 0,
      withoutDistance: 0,
      more: false,
    });
    expect(t.queries.count - before).toBeLessThanOrEqual(5 + 3 * 3);
    expect((await ridesOf(rider, road.id)).totals.rides).toBe(450);
  });

  it("stops an import at Strava's rate limit saying so, keeps what came in, and goes on from there next time", async () => {
    const { rider, athlete } = await connectedRider();
    const road = await addBicycle(rider, "Road");
    expect((await mapBike(rider, "b1001", road.id)).status).toBe(200);
    const day = (n: number) => new Date(Date.UTC(2022, 0, 1) + n * 86_400_000).toISOString();
    for (let n = 0; n < 450; n++)
      strava.addActivity(athlete.id, { start_date: day(n), distance: 20_000 + n });
    const expectLimited = async (message: string) => {
      const answer = await rider.request("POST", "/api/strava/import");
      expect(answer.status).toBe(429);
      expect(await answer.json()).toEqual({ error: { code: "RATE_LIMITED", message } });
    };
    try {
      // Strava answers one page, then 429 for the rest of its 15 minutes.
      strava.rateLimit.apiRequestsLeft = 1;
      await expectLimited(messages.strava.importRateLimited(200, "quarter"));
      expect((await ridesOf(rider, road.id)).totals.rides).toBe(200);
      // Later: it goes on after the last ride it stored, and this time the day's limit stops it.
      strava.rateLimit.apiRequestsLeft = 1;
      strava.rateLimit.dailyUsedUp = true;
      await expectLimited(messages.strava.importRateLimited(199, "day"));
      expect((await ridesOf(rider, road.id)).totals.rides).toBe(399);
      // Meanwhile the bikes cannot be read either, and the card is told why.
      const bikes = await rider.request("GET", "/api/strava/bikes");
      expect(bikes.status).toBe(429);
      expect(await bikes.json()).toMatchObject({ error: { message: messages.strava.rateLimited("day") } });
    } finally {
      strava.rateLimit.apiRequestsLeft = Number.POSITIVE_INFINITY;
      strava.rateLimit.dailyUsedUp = false;
    }
    // The next day it ends with the one page left (the ride it stopped at is read again: already there).
    const pages = strava.calls("GET", "/api/v3/athlete/activities").length;
    expect(await json(rider.request("POST", "/api/strava/import"))).toEqual({
      imported: 51,
      alreadyThere: 1,
      skipped: 0,
      withoutDistance: 0,
      more: false,
    });
    expect(strava.calls("GET", "/api/v3/athlete/activities").length - pages).toBe(1);
    expect((await ridesOf(rider, road.id)).totals.rides).toBe(450);
    // Through: the next import reads every activity again.
    expect(await json(rider.request("POST", "/api/strava/import"))).toEqual({
      imported: 0,
      alreadyThere: 450,
      skipped: 0,
      withoutDistance: 0,
      more: false,
    });
  });

  it("stops an import at its page limit and goes on from there next time, bringing the rest", async () => {
    const { rider, athlete } = await connectedRider();
    const road = await addBicycle(rider, "Road");
    expect((await mapBike(rider, "b1001", road.id)).status).toBe(200);
    const day = (n: number) => new Date(Date.UTC(2021, 0, 1) + n * 86_400_000).toISOString();
    for (let n = 0; n < 450; n++)
      strava.addActivity(athlete.id, { start_date: day(n), distance: 30_000 + n });
    // A limit of two pages (production: 200 pages, 40,000 activities) stops it after 400 rides.
    const deps = stravaDeps(t.db, t.config)!;
    expect(await importPastRides(deps, rider.userId, { maxPages: 2 })).toEqual({
      imported: 400,
      alreadyThere: 0,
      skipped: 0,
      withoutDistance: 0,
      more: true,
    });
    expect((await ridesOf(rider, road.id)).totals.rides).toBe(400);
    // The next import goes on after the 400th ride: one page, the rest (and the 400th read again).
    const pages = strava.calls("GET", "/api/v3/athlete/activities").length;
    expect(await json(rider.request("POST", "/api/strava/import"))).toEqual({
      imported: 50,
      alreadyThere: 1,
      skipped: 0,
      withoutDistance: 0,
      more: false,
    });
    expect(strava.calls("GET", "/api/v3/athlete/activities").length - pages).toBe(1);
    expect((await ridesOf(rider, road.id)).totals.rides).toBe(450);
    // Through: the next one reads every activity again.
    expect(await json(rider.request("POST", "/api/strava/import"))).toEqual({
      imported: 0,
      alreadyThere: 450,
      skipped: 0,
      withoutDistance: 0,
      more: false,
    });
  });

  it("maps a bike only to the caller's own bicycle: another user's is a 404 and nothing is stored", async () => {
    const { rider } = await connectedRider();
    const other = await signUp(t.app);
    const theirs = await addBicycle(other, "Not yours");
    const refused = await mapBike(rider, "b1001", theirs.id);
    expect(refused.status).toBe(404);
    expect(await t.db.select().from(stravaGear).where(eq(stravaGear.userId, rider.userId))).toEqual([]);
    const mine = await addBicycle(rider, "Mine");
    expect((await mapBike(rider, "b9999", mine.id)).status).toBe(404);
    const bad = await mapBike(rider, "b1001", "not-a-bicycle");
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { fields: Record<string, string> } }).error.fields).toHaveProperty(
      "bicycleId",
    );
    expect((await rider.request("POST", "/api/strava/import")).status).toBe(400);
  });

  it("refuses a callback without this browser's state, and a grant without the scopes it needs", async () => {
    const rider = await signUp(t.app);
    strava.addAthlete(++athleteCounter, []);
    const start = await rider.request("POST", "/api/strava/connect");
    const { url } = await json<{ url: string }>(start);
    const back = new URL((await fetch(url, { redirect: "manual" })).headers.get("location")!);
    // Without the state cookie (a link someone else started): not connected.
    const forged = await rider.request("GET", `${back.pathname}${back.search}`);
    expect(forged.headers.get("location")).toBe("/account?strava=failed");
    expect(await json(rider.request("GET", "/api/strava"))).toEqual({
      connection: null,
      automaticSync: true,
    });

    strava.authorizeAs.scope = "read";
    expect(await connect(rider)).toBe("/account?strava=scope");
    // Private activities unticked on Strava's page: refused too (their rides would be missing).
    strava.authorizeAs.scope = "read,activity:read,profile:read_all";
    expect(await connect(rider)).toBe("/account?strava=scope");
    // "Cancel" on Strava's page: Strava sends error=access_denied.
    const approving = strava.authorizeAs.athleteId;
    strava.authorizeAs.athleteId = -1;
    expect(await connect(rider)).toBe("/account?strava=denied");
    strava.authorizeAs.athleteId = approving;
    expect(await json(rider.request("GET", "/api/strava"))).toEqual({
      connection: null,
      automaticSync: true,
    });

    // The same Strava athlete cannot be connected to a second account.
    const { athlete } = await connectedRider();
    const second = await signUp(t.app);
    strava.authorizeAs.athleteId = athlete.id;
    expect(await connect(second)).toBe("/account?strava=taken");
  });

  it("forgets the tokens when the athlete revokes access on Strava's side; rides stay", async () => {
    const { rider, athlete } = await connectedRider();
    const bike = await addBicycle(rider, "Road");
    await mapBike(rider, "b1001", bike.id);
    strava.addActivity(athlete.id, { start_date: "2024-07-01T07:00:00Z", distance: 20_000 });
    await rider.request("POST", "/api/strava/import");
    strava.revokeAccess(athlete.id);
    const revoked = strava.event(SUBSCRIPTION, athlete.id, athlete.id, "update", "athlete", {
      authorized: "false",
    });
    expect((await deliver(revoked)).status).toBe(200);
    expect(await json(rider.request("GET", "/api/strava"))).toEqual({
      connection: null,
      automaticSync: true,
    });
    expect((await ridesOf(rider, bike.id)).totals.rides).toBe(1);
  });

  it("believes no event: a forged delete or deauthorization changes nothing while Strava says otherwise", async () => {
    const { rider, athlete } = await connectedRider();
    const road = await addBicycle(rider, "Road");
    await mapBike(rider, "b1001", road.id);
    const kept = strava.addActivity(athlete.id, { start_date: "2024-08-01T07:00:00Z", distance: 20_000 });
    await rider.request("POST", "/api/strava/import");
    expect((await ridesOf(rider, road.id)).totals.rides).toBe(1);

    // Forged: the activity is still on Strava, so the ride stays.
    expect((await deliver(strava.event(SUBSCRIPTION, athlete.id, kept.id, "delete"))).status).toBe(200);
    expect((await ridesOf(rider, road.id)).totals.rides).toBe(1);
    // Forged: Strava still takes our token, so the connection and the bike mapping stay.
    const forgedRevoke = strava.event(SUBSCRIPTION, athlete.id, athlete.id, "update", "athlete", {
      authorized: "false",
    });
    expect((await deliver(forgedRevoke)).status).toBe(200);
    expect(await json(rider.request("GET", "/api/strava"))).toMatchObject({
      connection: { athleteName: "Ada Lovelace" },
    });
    expect((await json<{ bikes: StravaBike[] }>(rider.request("GET", "/api/strava/bikes"))).bikes).toEqual([
      { id: "b1001", name: "Canyon Endurace", bicycleId: road.id },
    ]);

    // Deleted on Strava while Strava is down: the event is not applied (Strava sends it again later).
    strava.deleteActivity(athlete.id, kept.id);
    strava.state.down = true;
    try {
      expect((await deliver(strava.event(SUBSCRIPTION, athlete.id, kept.id, "delete"))).status).toBe(503);
      expect((await deliver(forgedRevoke)).status).toBe(503);
    } finally {
      strava.state.down = false;
    }
    expect((await ridesOf(rider, road.id)).totals.rides).toBe(1);
    expect(await json(rider.request("GET", "/api/strava"))).toMatchObject({ connection: expect.any(Object) });
    // Strava back: the event again, and Strava's 404 confirms it.
    expect((await deliver(strava.event(SUBSCRIPTION, athlete.id, kept.id, "delete"))).status).toBe(200);
    expect((await ridesOf(rider, road.id)).totals.rides).toBe(0);
  });

  it("asks the rider to connect again when Strava refuses the stored access, and connecting again mends it", async () => {
    const { rider, athlete } = await connectedRider();
    const road = await addBicycle(rider, "Road");
    await mapBike(rider, "b1001", road.id);
    // Revoked on strava.com, and the webhook event never came.
    strava.revokeAccess(athlete.id);
    const expectReconnect = async (answer: Promise<Response>) => {
      const response = await answer;
      expect(response.status).toBe(409);
      expect(await response.json()).toEqual({
        error: { code: "STRAVA_RECONNECT", message: messages.strava.reconnect },
      });
    };
    // The access token is refused, then the refresh too (400 invalid grant).
    await expectReconnect(rider.request("GET", "/api/strava/bikes"));
    await expectReconnect(rider.request("POST", "/api/strava/import"));
    await expectReconnect(mapBike(rider, "b1001", null));
    // The token's end passed: the refresh alone is refused.
    await t.db
      .update(stravaConnections)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(stravaConnections.userId, rider.userId));
    await expectReconnect(rider.request("GET", "/api/strava/bikes"));
    // An event meanwhile changes nothing and is acknowledged.
    const fresh = strava.addActivity(athlete.id, { start_date: "2024-09-01T07:00:00Z", distance: 20_000 });
    expect((await deliver(strava.event(SUBSCRIPTION, athlete.id, fresh.id, "create"))).status).toBe(200);
    expect((await ridesOf(rider, road.id)).totals.rides).toBe(0);

    // Connect again: the new tokens work and the bike mapping is still there.
    strava.authorizeAs.athleteId = athlete.id;
    expect(await connect(rider)).toBe("/account?strava=connected");
    expect((await json<{ bikes: StravaBike[] }>(rider.request("GET", "/api/strava/bikes"))).bikes).toEqual([
      { id: "b1001", name: "Canyon Endurace", bicycleId: road.id },
    ]);
    expect(await json(rider.request("POST", "/api/strava/import"))).toEqual({
      imported: 1,
      alreadyThere: 0,
      skipped: 0,
      withoutDistance: 0,
      more: false,
    });

    // Revoked again; disconnecting still works (the revocation at Strava is best effort).
    strava.revokeAccess(athlete.id);
    expect((await rider.request("DELETE", "/api/strava")).status).toBe(204);
    expect(await json(rider.request("GET", "/api/strava"))).toMatchObject({ connection: null });
  });

  it("keeps the connection when an import and an event refresh the expired token at once", async () => {
    const { rider, athlete } = await connectedRider();
    const road = await addBicycle(rider, "Road");
    await mapBike(rider, "b1001", road.id);
    strava.addActivity(athlete.id, { start_date: "2024-06-01T07:00:00Z", distance: 20_000 });
    const fresh = strava.addActivity(athlete.id, { start_date: "2024-06-02T07:00:00Z", distance: 30_000 });
    const expire = async () => {
      strava.expireAccessTokens();
      await t.db
        .update(stravaConnections)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(stravaConnections.userId, rider.userId));
    };
    await expire();
    // All three find the token ended before Strava answers a refresh; Strava takes a refresh token once.
    strava.state.tokenDelayMs = 300;
    const refreshes = strava.calls("POST", "/oauth/token").length;
    let answers: Response[];
    try {
      answers = await Promise.all([
        rider.request("POST", "/api/strava/import"),
        rider.request("GET", "/api/strava/bikes"),
        deliver(strava.event(SUBSCRIPTION, athlete.id, fresh.id, "create")),
      ]);
    } finally {
      strava.state.tokenDelayMs = 0;
    }
    expect(strava.calls("POST", "/oauth/token").length - refreshes).toBe(1);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect((await ridesOf(rider, road.id)).totals.rides).toBe(2);
    // The refresh token kept is the one Strava takes now: the next refresh works too.
    await expire();
    const bikes = await rider.request("GET", "/api/strava/bikes");
    expect(bikes.status).toBe(200);
  });

  it("imports every kind of ride on a mapped bike and nothing else, and follows an activity's bike and sport", async () => {
    const { rider, athlete } = await connectedRider([
      { id: "b1001", name: "Canyon Endurace" },
      { id: "b1002", name: "Commuter" },
      { id: "b1003", name: "Old bike" },
    ]);
    // Two bicycles: the premium plan's.
    await t.db.insert(subscriptions).values({ userId: rider.userId, tier: "premium" });
    const road = await addBicycle(rider, "Road");
    const commuter = await addBicycle(rider, "Commuter");
    await mapBike(rider, "b1001", road.id);
    await mapBike(rider, "b1002", commuter.id);
    const at = (day: number) => `2024-11-${String(day).padStart(2, "0")}T07:00:00Z`;
    const ride = (day: number, name: string, sport: Partial<{ type: string; sport_type: string }>) =>
      strava.addActivity(athlete.id, { start_date: at(day), distance: 20_000 + day, name, ...sport });
    ride(1, "Zwift", { type: "VirtualRide", sport_type: "VirtualRide" });
    ride(2, "E-bike", { type: "EBikeRide", sport_type: "EMountainBikeRide" });
    ride(3, "Gravel", { type: "Ride", sport_type: "GravelRide" });
    // Older activities name only the deprecated `type`.
    ride(4, "Velomobile", { type: "Velomobile", sport_type: undefined });
    // Not ridden on a bicycle, though the bike was left on it: not a ride.
    ride(5, "Run", { type: "Run", sport_type: "TrailRun" });
    ride(6, "Walk", { type: "Walk", sport_type: undefined });
    // Without a bike: not the rider's to count.
    strava.addActivity(athlete.id, { start_date: at(7), distance: 20_000, name: "No bike", gear_id: null });
    // A manual activity and a trainer session without distance: no ride (a ride needs a distance), and the
    // result says how many were left out.
    strava.addActivity(athlete.id, { start_date: at(8), distance: 0, moving_time: 3600, name: "Manual" });
    strava.addActivity(athlete.id, {
      start_date: at(10),
      distance: 0,
      moving_time: 2700,
      name: "Trainer intervals",
    });
    expect(await json(rider.request("POST", "/api/strava/import"))).toEqual({
      imported: 4,
      alreadyThere: 0,
      skipped: 0,
      withoutDistance: 2,
      more: false,
    });
    const names = async (bicycleId: string) =>
      (await ridesOf(rider, bicycleId)).rides.map((r) => r.name).sort();
    expect(await names(road.id)).toEqual(["E-bike", "Gravel", "Velomobile", "Zwift"]);

    // Moved to the commuter on Strava: the ride moves; the same event twice changes nothing more.
    const moved = ride(9, "Moved", { type: "Ride", sport_type: "Ride" });
    await deliver(strava.event(SUBSCRIPTION, athlete.id, moved.id, "create"));
    moved.gear_id = "b1002";
    for (let twice = 0; twice < 2; twice++) {
      const changed = strava.event(SUBSCRIPTION, athlete.id, moved.id, "update", "activity", {
        gear_id: "b1002",
      });
      expect((await deliver(changed)).status).toBe(200);
    }
    expect(await names(commuter.id)).toEqual(["Moved"]);
    expect(await names(road.id)).not.toContain("Moved");
    // Moved to a bike that is not imported: it leaves.
    moved.gear_id = "b1003";
    await deliver(
      strava.event(SUBSCRIPTION, athlete.id, moved.id, "update", "activity", { gear_id: "b1003" }),
    );
    expect(await names(commuter.id)).toEqual([]);
    // Changed into a run on Strava: no ride any more.
    const zwift = [...athlete.activities.values()].find((a) => a.name === "Zwift")!;
    zwift.type = "Run";
    zwift.sport_type = "VirtualRun";
    await deliver(strava.event(SUBSCRIPTION, athlete.id, zwift.id, "update", "activity", { type: "Run" }));
    expect(await names(road.id)).toEqual(["E-bike", "Gravel", "Velomobile"]);
  });

  it("imports a ride whose Strava title is longer than a ride's name, or whose climb is no climb, rather than drop it", async () => {
    const { rider, athlete } = await connectedRider();
    const road = await addBicycle(rider, "Road");
    await mapBike(rider, "b1001", road.id);
    const title = `Tour of the lakes: ${"day one, coffee stop, puncture, ".repeat(12)}home`;
    expect(title.length).toBeGreaterThan(200);
    strava.addActivity(athlete.id, { start_date: "2024-06-01T07:00:00Z", distance: 120_000, name: title });
    strava.addActivity(athlete.id, {
      start_date: "2024-06-02T07:00:00Z",
      distance: 40_000,
      name: "Barometer glitch",
      total_elevation_gain: 31_000,
    });
    expect(await json(rider.request("POST", "/api/strava/import"))).toEqual({
      imported: 2,
      alreadyThere: 0,
      skipped: 0,
      withoutDistance: 0,
      more: false,
    });
    const rides = (await ridesOf(rider, road.id)).rides;
    expect(rides.map((r) => [r.name, r.distanceKm, r.elevationGainM])).toEqual([
      ["Barometer glitch", 40, null],
      [title.slice(0, 200).trim(), 120, 120],
    ]);
  });

  it("does not bring back a Strava ride deleted in Velolog, and leaves a ride the rider changed here as it is", async () => {
    const { rider, athlete } = await connectedRider();
    const road = await addBicycle(rider, "Road");
    await mapBike(rider, "b1001", road.id);
    const gone = strava.addActivity(athlete.id, {
      start_date: "2024-10-01T07:00:00Z",
      distance: 20_000,
      name: "Not a ride",
    });
    const edited = strava.addActivity(athlete.id, {
      start_date: "2024-10-02T07:00:00Z",
      distance: 30_000,
      name: "Commute",
    });
    const untouched = strava.addActivity(athlete.id, {
      start_date: "2024-10-03T07:00:00Z",
      distance: 40_000,
      name: "Loop",
    });
    expect(await json(rider.request("POST", "/api/strava/import"))).toEqual({
      imported: 3,
      alreadyThere: 0,
      skipped: 0,
      withoutDistance: 0,
      more: false,
    });
    const byName = async () =>
      Object.fromEntries((await ridesOf(rider, road.id)).rides.map((r) => [r.name, r]));
    const first = await byName();

    // Deleted here: neither the next import nor an update event brings it back.
    expect((await rider.request("DELETE", `/api/rides/${first["Not a ride"]!.id}`)).status).toBe(204);
    // Corrected here (the watch measured 31.2 km).
    const changed = await rider.request("PUT", `/api/rides/${first.Commute!.id}`, {
      name: "Commute to work",
      startedAt: first.Commute!.startedAt,
      distanceKm: 31.2,
      movingSeconds: first.Commute!.movingSeconds,
    });
    expect(changed.status).toBe(200);

    // On Strava meanwhile, all three change.
    gone.name = "Still not a ride";
    edited.name = "Renamed on Strava";
    edited.distance = 29_000;
    untouched.name = "Loop, renamed";
    expect(await json(rider.request("POST", "/api/strava/import"))).toEqual({
      imported: 0,
      alreadyThere: 2,
      skipped: 1,
      withoutDistance: 0,
      more: false,
    });
    await deliver(strava.event(SUBSCRIPTION, athlete.id, gone.id, "update", "activity", { title: "x" }));
    await deliver(strava.event(SUBSCRIPTION, athlete.id, edited.id, "update", "activity", { title: "x" }));
    const after = await byName();
    expect(Object.keys(after).sort()).toEqual(["Commute to work", "Loop, renamed"]);
    expect(after["Commute to work"]!.distanceKm).toBe(31.2);

    // The changed ride is the rider's: deleted on Strava, it stays here.
    strava.deleteActivity(athlete.id, edited.id);
    await deliver(strava.event(SUBSCRIPTION, athlete.id, edited.id, "delete"));
    expect(Object.keys(await byName()).sort()).toEqual(["Commute to work", "Loop, renamed"]);
  });

  it("leaves a Strava ride moved to another bicycle where the rider put it, and the bike's mapping as it was", async () => {
    const { rider, athlete } = await connectedRider();
    await t.db.insert(subscriptions).values({ userId: rider.userId, tier: "premium" });
    const road = await addBicycle(rider, "Road");
    const gravel = await addBicycle(rider, "Gravel");
    await mapBike(rider, "b1001", road.id);
    const wrong = strava.addActivity(athlete.id, { start_date: "2024-10-02T07:00:00Z", distance: 30_000 });
    await rider.request("POST", "/api/strava/import");
    const [imported] = (await ridesOf(rider, road.id)).rides;
    const moved = await rider.request("PUT", `/api/rides/${imported!.id}`, { bicycleId: gravel.id });
    expect(moved.status).toBe(200);

    // Strava still has it on the bike mapped to Road: neither an import nor an update event moves it back.
    wrong.name = "Renamed on Strava";
    expect(await json(rider.request("POST", "/api/strava/import"))).toMatchObject({ imported: 0 });
    await deliver(strava.event(SUBSCRIPTION, athlete.id, wrong.id, "update", "activity", { title: "x" }));
    expect((await ridesOf(rider, road.id)).rides).toEqual([]);
    expect((await ridesOf(rider, gravel.id)).rides.map((r) => r.id)).toEqual([imported!.id]);
    // The bike's next rides still go to Road.
    strava.addActivity(athlete.id, { start_date: "2024-10-03T07:00:00Z", distance: 40_000 });
    expect(await json(rider.request("POST", "/api/strava/import"))).toMatchObject({ imported: 1 });
    expect((await ridesOf(rider, road.id)).rides).toHaveLength(1);
  });

  it("sends a browser that comes back from Strava without a session to sign in, not to JSON", async () => {
    const rider = await signUp(t.app);
    strava.addAthlete(++athleteCounter, []);
    const { url } = await json<{ url: string }>(rider.request("POST", "/api/strava/connect"));
    const back = new URL((await fetch(url, { redirect: "manual" })).headers.get("location")!);
    const signedOut = await t.app.request(`${back.pathname}${back.search}`);
    expect(signedOut.status).toBe(302);
    expect(signedOut.headers.get("location")).toBe("/auth?error=strava");
  });

  it("revokes the Strava access when the account is deleted", async () => {
    const { rider, athlete } = await connectedRider();
    expect(strava.hasTokens(athlete.id)).toBe(true);
    const deleted = await rider.request("POST", "/api/auth/delete-user", { password: "correct-horse" });
    expect(deleted.status, await deleted.clone().text()).toBe(200);
    expect(strava.hasTokens(athlete.id)).toBe(false);
    expect(
      await t.db.select().from(stravaConnections).where(eq(stravaConnections.userId, rider.userId)),
    ).toEqual([]);
  });

  it("answers Strava's subscription check only with our verify token", async () => {
    const check = (token: string) =>
      anonymous(t.app).request(
        "GET",
        `/api/strava/webhook?hub.mode=subscribe&hub.challenge=15f7d1a91c1f40f8a748fd134752feb3&hub.verify_token=${token}`,
      );
    const ok = await check(VERIFY_TOKEN);
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ "hub.challenge": "15f7d1a91c1f40f8a748fd134752feb3" });
    expect((await check("someone-elses-token")).status).toBe(403);
    const malformed = await deliver({ object_type: "activity" });
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject({
      error: {
        message: "object_id must be a whole number",
        fields: {
          object_id: "object_id must be a whole number",
          aspect_type: "aspect_type must be text of 1 to 50 characters",
        },
      },
    });
    const noChallenge = await anonymous(t.app).request(
      "GET",
      `/api/strava/webhook?hub.mode=subscribe&hub.verify_token=${VERIFY_TOKEN}`,
    );
    expect(await noChallenge.json()).toMatchObject({
      error: { fields: { "hub.challenge": "hub.challenge must be text of 1 to 500 characters" } },
    });
    for (const body of ["not json", "[]", "null", '{"object_id": 1e400}', '{"object_id": "1; drop"}']) {
      const answer = await t.app.request("/api/strava/webhook", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body,
      });
      expect(answer.status, body).toBe(400);
    }
  });
});

describeEachDatabase("Strava without a webhook subscription", (kind) => {
  const t = useTestApp(kind, {
    env: {
      STRAVA_CLIENT_ID: CLIENT_ID,
      STRAVA_CLIENT_SECRET: CLIENT_SECRET,
      STRAVA_API_BASE_URL: "http://127.0.0.1:9",
    },
  });

  it("says that rides do not come in by themselves", async () => {
    const rider = await signUp(t.app);
    expect(await json(rider.request("GET", "/api/strava"))).toEqual({
      connection: null,
      automaticSync: false,
    });
  });
});

describeEachDatabase("Strava, not configured", (kind) => {
  const t = useTestApp(kind);

  it("shows and answers nothing Strava", async () => {
    const rider = await signUp(t.app);
    expect(await json(rider.request("GET", "/api/auth-options"))).toMatchObject({ strava: false });
    for (const [method, path] of [
      ["GET", "/api/strava"],
      ["POST", "/api/strava/connect"],
      ["GET", "/api/strava/callback?code=x&state=y"],
      ["GET", "/api/strava/bikes"],
      ["PUT", "/api/strava/bikes/b1"],
      ["POST", "/api/strava/import"],
      ["DELETE", "/api/strava"],
      ["GET", "/api/strava/webhook?hub.mode=subscribe&hub.challenge=a&hub.verify_token=b"],
    ] as const) {
      expect(
        (await rider.request(method, path, method === "PUT" ? { bicycleId: null } : undefined)).status,
      ).toBe(404);
    }
    const event = {
      object_type: "activity",
      object_id: 1,
      aspect_type: "create",
      owner_id: 1,
      subscription_id: 1,
    };
    const posted = await t.app.request("/api/strava/webhook", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(event),
    });
    expect(posted.status).toBe(404);
    const document = await json<{ paths: Record<string, unknown> }>(t.app.request("/api/openapi.json"));
    expect(Object.keys(document.paths).filter((path) => path.includes("strava"))).toEqual([]);
  });
});
