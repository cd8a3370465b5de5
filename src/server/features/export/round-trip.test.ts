import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
// A JSON Schema validator independent of zod (which made the schema): ajv, as installed with the OpenAPI
// document's validator (a dev dependency), not a package of its own.
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { unzipSync } from "fflate";
import { afterAll, beforeAll, expect, it } from "vitest";
import { parseCsv } from "../../../shared/domain/csv.ts";
import type { ArchiveImportResult } from "../../../shared/schemas/export.ts";
import { type StravaStandIn, startStravaStandIn } from "../../testing/strava-stand-in.ts";
import {
  answered,
  cookiesOf,
  createTestApp,
  describeEachDatabase,
  json,
  signUp,
  TEST_ORIGIN,
  type TestApp,
  type TestClient,
} from "../../testing/test-app.ts";
import { type UploadPurpose, uploadFile } from "../../testing/uploads.ts";

const CLIENT_ID = "4343";
const CLIENT_SECRET = "strava-client-secret-for-round-trips";
const env = {
  BILLING_MODE: "off",
  STRAVA_CLIENT_ID: CLIENT_ID,
  STRAVA_CLIENT_SECRET: CLIENT_SECRET,
};

const schemaText = readFileSync(
  path.resolve(import.meta.dirname, "../../../../docs/export/velolog-export.schema.json"),
  "utf8",
);
const gpx = readFileSync(path.join(import.meta.dirname, "../rides/files/fixtures/phone.gpx"));

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/**
 * "Their data theirs to take away", end to end: one account holding every kind of object, exported, the archive
 * checked against the published JSON Schema, imported into a fresh account of another instance, and what the
 * API answers for both compared field by field; then the Strava side on the new instance, and the same archive
 * imported again (nothing doubles).
 */
describeEachDatabase("the export, taken to another instance and back", (kind) => {
  let strava: StravaStandIn;
  let home: TestApp;
  let away: TestApp;
  let athleteId = 7000 + (kind === "pglite" ? 0 : 500);

  beforeAll(async () => {
    strava = await startStravaStandIn({ clientId: CLIENT_ID, clientSecret: CLIENT_SECRET });
    home = await createTestApp(kind, { env: { ...env, STRAVA_API_BASE_URL: strava.url } });
    away = await createTestApp(kind, { env: { ...env, STRAVA_API_BASE_URL: strava.url } });
  });
  afterAll(async () => {
    await home?.close();
    await away?.close();
    await strava?.close();
  });

  async function connectStrava(t: TestApp, rider: TestClient, athlete: number) {
    strava.authorizeAs.athleteId = athlete;
    const start = await rider.request("POST", "/api/strava/connect");
    expect(start.status).toBe(200);
    const stateCookie = cookiesOf(start);
    const { url } = await json<{ url: string }>(start);
    const approved = await fetch(url, { redirect: "manual" });
    const back = new URL(approved.headers.get("location")!);
    const done = await t.app.request(`${back.pathname}${back.search}`, {
      headers: { Cookie: `${rider.cookie}; ${stateCookie}` },
    });
    expect(done.headers.get("location")).toBe("/account?strava=connected");
  }

  const upload = (t: TestApp, rider: TestClient, purpose: UploadPurpose, color: string) =>
    uploadFile(t.app, rider, purpose, color);

  const ok = async <T>(response: Promise<Response>, key: string) => answered<T>(response, key);

  /** One account with every kind of object and every optional field filled. */
  async function richAccount(t: TestApp) {
    const rider = await signUp(t.app);
    expect((await rider.request("POST", "/api/auth/update-user", { name: "Ada Rider" })).status).toBe(200);
    const photo = await upload(t, rider, "bicycle-image", "#2a7");
    const partPhoto = await upload(t, rider, "component-image", "#a27");
    const receipt = await upload(t, rider, "receipt", "#72a");
    const road = await ok<{ id: string }>(
      rider.request("POST", "/api/bicycles", {
        name: "Road bike",
        description: "Carbon, 2x11",
        imageUrl: photo.url,
        purchaseDate: "2023-03-14",
        price: 2400.5,
        purchaseCondition: "used",
        storeName: "Velo Shop",
        serialNumber: "WTU-1",
        storeLink: "https://shop.example/road",
      }),
      "bicycle",
    );
    const gravelPhoto = await upload(t, rider, "bicycle-image", "#27a");
    const gravel = await ok<{ id: string }>(
      rider.request("POST", "/api/bicycles", { name: "Gravel bike", imageUrl: gravelPhoto.url }),
      "bicycle",
    );
    const part = (body: object) =>
      ok<{ id: string }>(rider.request("POST", "/api/components", body), "component");
    const chain = await part({
      bicycleId: road.id,
      name: "Chain",
      type: "Drivetrain",
      brand: "Shimano",
      mileage: 1200,
      notes: "=SUM(A1:A9) waxed",
      imageUrl: partPhoto.url,
      installedAt: "2024-01-01",
      intervals: [{ label: "Wax", everyKm: 300 }],
    });
    const wheel = await part({
      bicycleId: road.id,
      name: "Front wheel",
      type: "Wheels",
      installedAt: "2024-02-01",
    });
    // In the parts bin, with intervals made in one statement and none of them used yet (equally urgent).
    await part({
      name: "Spare tire",
      type: "Tires",
      brand: "Schwalbe",
      notes: "in the cellar",
      intervals: ["Pressure", "Sealant", "Wear", "Cuts", "Valve"].map((label, i) => ({
        label,
        everyKm: 1000 * (i + 1),
      })),
    });
    // Rides by hand, from a file, and from Strava, all on the road bike while the parts were there.
    for (const [name, startedAt, km, seconds, up] of [
      ["Morning loop", "2024-04-01T06:00:00.000Z", 42.5, 5400, 420],
      ["New Year's Eve spin", "2024-12-31T23:30:00.000Z", 21, 3000, null],
      ["-Minus ride", "2025-03-03T09:30:00.000Z", 64.25, 9000, 800],
    ] as const)
      await ok(
        rider.request("POST", `/api/bicycles/${road.id}/rides`, {
          name,
          startedAt,
          distanceKm: km,
          movingSeconds: seconds,
          elevationGainM: up,
        }),
        "ride",
      );
    const fromFile = await t.app.request(`/api/bicycles/${road.id}/rides/files?name=phone.gpx`, {
      method: "POST",
      headers: { Origin: TEST_ORIGIN, Cookie: rider.cookie, "Content-Type": "application/octet-stream" },
      body: new Blob([new Uint8Array(gpx)]),
    });
    expect(fromFile.status).toBe(200);

    await connectStrava(t, rider, athleteId);
    expect((await rider.request("PUT", "/api/strava/bikes/b7001", { bicycleId: road.id })).status).toBe(200);
    expect(await json(rider.request("POST", "/api/strava/import"))).toMatchObject({ imported: 3 });
    const ridesNow = await json<{
      rides: { id: string; name: string; startedAt: string; movingSeconds: number }[];
    }>(rider.request("GET", "/api/rides"));
    const byName = new Map(ridesNow.rides.map((r) => [r.name, r]));
    // A Strava ride the rider corrected, and one they deleted.
    const commute = byName.get("Strava commute")!;
    expect(
      (
        await rider.request("PUT", `/api/rides/${commute.id}`, {
          name: "Commute, corrected",
          startedAt: commute.startedAt,
          distanceKm: 31.2,
          movingSeconds: commute.movingSeconds,
        })
      ).status,
    ).toBe(200);
    expect((await rider.request("DELETE", `/api/rides/${byName.get("Strava, not a ride")!.id}`)).status).toBe(
      204,
    );

    // Intervals: by distance (made with the chain), hours and months; services resetting them.
    const intervals = await ok<{ id: string; label: string }[]>(
      rider.request("GET", `/api/components/${chain.id}/intervals`),
      "intervals",
    );
    const wax = intervals.find((i) => i.label === "Wax")!;
    const hours = await ok<{ id: string }>(
      rider.request("POST", `/api/components/${chain.id}/intervals`, { label: "Clean", everyHours: 2 }),
      "interval",
    );
    await ok(
      rider.request("POST", `/api/components/${wheel.id}/intervals`, { label: "True", everyMonths: 12 }),
      "interval",
    );
    await ok(
      rider.request("POST", `/api/components/${chain.id}/services`, {
        date: "2024-04-05",
        description: "Waxed the chain",
        cost: 12.5,
        receiptUrl: receipt.url,
        resetsIntervalIds: [wax.id, hours.id],
      }),
      "service",
    );
    await ok(
      rider.request("POST", `/api/components/${wheel.id}/services`, {
        date: "2025-01-06",
        description: '+Trued, "hot" spokes',
        cost: 30,
        receiptUrl: "https://receipts.example/42",
      }),
      "service",
    );
    // Within the last 12 months (spending), with a description that merely looks like a guarded formula.
    await ok(
      rider.request("POST", `/api/components/${chain.id}/services`, {
        date: new Date(Date.now() - 20 * 86_400_000).toISOString().slice(0, 10),
        description: "'=not a formula, typed with its quote",
        cost: 7.25,
        resetsIntervalIds: [],
      }),
      "service",
    );
    // A service history brought from a spreadsheet: one statement, so the entries share their creation time.
    const history = await t.app.request("/api/services/import", {
      method: "POST",
      headers: { Origin: TEST_ORIGIN, Cookie: rider.cookie, "Content-Type": "application/json" },
      body: JSON.stringify({
        dateFormat: "iso",
        rows: ["Cleaned", "Lubed", "Checked wear", "Tightened", "Adjusted", "Polished"].map(
          (description, i) => ({
            row: i + 2,
            date: "2024-03-01",
            bicycle: "Road bike",
            component: "Chain",
            description,
            cost: String(i),
          }),
        ),
      }),
    });
    expect(await json(history)).toMatchObject({ imported: 6 });
    // The wheel moves: to the parts bin, then onto the gravel bike (periods on both and in the bin).
    expect((await rider.request("POST", `/api/components/${wheel.id}/move-to-parts-bin`)).status).toBe(200);
    await ok(
      rider.request("POST", `/api/components/${wheel.id}/assign`, { bicycleId: gravel.id }),
      "component",
    );
    await ok(rider.request("POST", `/api/bicycles/${road.id}/share`, { notes: "For sale" }), "link");
    expect(
      (
        await rider.request("PUT", "/api/settings", {
          distanceUnit: "mi",
          dueSoonPercent: 75,
          timeZone: "Pacific/Auckland",
        })
      ).status,
    ).toBe(200);
    expect((await rider.request("PUT", "/api/reminders", { emailDigest: false })).status).toBe(200);
    expect(
      (await rider.request("POST", "/api/api-tokens", { name: "My script", scope: "read" })).status,
    ).toBe(201);
    return rider;
  }

  async function exportOf(rider: TestClient) {
    const response = await rider.request("GET", "/api/export");
    expect(response.status).toBe(200);
    const raw = new Uint8Array(await response.arrayBuffer());
    const entries = unzipSync(raw);
    const text = new TextDecoder().decode(entries["velolog.json"]);
    return { raw, text, data: JSON.parse(text) as Record<string, Json> };
  }

  const importInto = (t: TestApp, rider: TestClient, raw: Uint8Array) =>
    answered<ArchiveImportResult>(
      t.app.request("/api/import/archive", {
        method: "POST",
        headers: { Origin: TEST_ORIGIN, Cookie: rider.cookie, "Content-Type": "application/zip" },
        body: new Uint8Array(raw),
      }),
      "result",
    );

  const sha = (bytes: ArrayBuffer) => createHash("sha256").update(new Uint8Array(bytes)).digest("hex");

  /**
   * What a rider sees of their account, as the API answers it: every page's data, with ids replaced by the
   * names they stand for and our file links by the bytes they serve, so two accounts can be compared.
   */
  async function whatTheRiderSees(rider: TestClient) {
    const get = async (url: string) => {
      const response = await rider.request("GET", url);
      expect(response.status, url).toBe(200);
      return (await response.json()) as Json;
    };
    const bikes = (await get("/api/bicycles")) as { bicycles: { id: string; name: string }[] };
    type Parts = { components: { id: string; name: string }[] };
    const partsBin = (await get("/api/components/parts-bin")) as Parts;
    const parts = [...partsBin.components];
    for (const b of bikes.bicycles)
      parts.push(...((await get(`/api/bicycles/${b.id}/components`)) as Parts).components);
    const labels = new Map<string, string>();
    for (const b of bikes.bicycles) labels.set(b.id, `bicycle:${b.name}`);
    for (const c of parts) labels.set(c.id, `component:${c.name}`);
    const pages: Record<string, Json> = {
      bicycles: bikes as unknown as Json,
      partsBin: partsBin as unknown as Json,
      rides: await get("/api/rides?utcOffset=780"),
      due: await get("/api/intervals/due"),
      dashboard: await get("/api/dashboard"),
      spending: await get("/api/spending"),
      settings: await get("/api/settings"),
      reminders: await get("/api/reminders"),
      shareLinks: await get("/api/shared-links"),
    };
    // What a share link's visitors see (signed out): its snapshot and photos.
    const links = (pages.shareLinks as { links: { token: string; notes: string }[] }).links;
    for (const link of links) {
      const response = await rider.request("GET", `/api/shared/${link.token}`);
      expect(response.status).toBe(200);
      pages[`shared:${link.notes}`] = (await response.json()) as Json;
    }
    for (const b of bikes.bicycles) {
      const name = `bicycle:${b.name}`;
      pages[name] = await get(`/api/bicycles/${b.id}`);
      pages[`${name}:components`] = await get(`/api/bicycles/${b.id}/components`);
      pages[`${name}:services`] = await get(`/api/bicycles/${b.id}/services`);
      pages[`${name}:rides`] = await get(`/api/bicycles/${b.id}/rides?utcOffset=780`);
    }
    for (const c of parts) {
      const name = `component:${c.name}`;
      pages[name] = await get(`/api/components/${c.id}`);
      pages[`${name}:installations`] = await get(`/api/components/${c.id}/installations`);
      pages[`${name}:intervals`] = await get(`/api/components/${c.id}/intervals`);
      pages[`${name}:services`] = await get(`/api/components/${c.id}/services`);
    }
    // Every other id (a ride, an interval, a service entry) by the label of the object it sits in.
    const files = new Map<string, string>();
    const fileHash = async (url: string) => {
      if (!files.has(url)) {
        const response = await rider.request("GET", url);
        expect(response.status, url).toBe(200);
        files.set(url, `file:${sha(await response.arrayBuffer())}`);
      }
      return files.get(url)!;
    };
    const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
    const canon = async (value: Json, key = ""): Promise<Json> => {
      if (Array.isArray(value)) return Promise.all(value.map((v) => canon(v, key)));
      if (value !== null && typeof value === "object") {
        const out: Record<string, Json> = {};
        for (const [k, v] of Object.entries(value)) {
          // A share link's token and address are new on import by design (decision 0048).
          if (k === "token" || k === "url" || k === "calendarUrl") continue;
          out[k] = await canon(v, k);
        }
        return out;
      }
      if (typeof value === "string") {
        if (labels.has(value)) return labels.get(value)!;
        if (value.startsWith("/api/files/") || value.startsWith("/api/shared/")) return fileHash(value);
        if (UUID.test(value)) return `id(${key})`;
      }
      return value;
    };
    return (await canon(pages as Json)) as Record<string, Json>;
  }

  it("carries every object, field and Strava choice to another instance, and nothing doubles when imported again", async () => {
    const athlete = strava.addAthlete(++athleteId, [{ id: "b7001", name: "Canyon" }]);
    strava.addActivity(athlete.id, {
      start_date: "2024-06-01T07:00:00Z",
      distance: 50_000,
      name: "Strava loop",
    });
    const commute = strava.addActivity(athlete.id, {
      start_date: "2024-06-02T07:00:00Z",
      distance: 30_000,
      name: "Strava commute",
    });
    const notARide = strava.addActivity(athlete.id, {
      start_date: "2024-06-03T07:00:00Z",
      distance: 5_000,
      name: "Strava, not a ride",
    });
    const source = await richAccount(home);
    const first = await exportOf(source);

    // velolog.json is what its published JSON Schema says.
    const ajv = new Ajv2020({ allErrors: true, strict: false });
    (addFormats as unknown as { default: (ajv: Ajv2020) => void }).default(ajv);
    const validate = ajv.compile(JSON.parse(schemaText));
    expect(validate(first.data), JSON.stringify(validate.errors)).toBe(true);
    expect(validate({ ...first.data, rides: [{ name: "no more than a name" }] })).toBe(false);
    // Whose account it was, for the rider's records (an import does not take it over).
    expect(first.data.account).toEqual({
      name: "Ada Rider",
      email: source.email,
      createdAt: expect.any(String),
    });
    // The Strava bike mapping travels, naming the bicycle by its id in the export.
    const homeRoad = (first.data.bicycles as { id: string; name: string }[]).find(
      (b) => b.name === "Road bike",
    )!;
    expect(first.data.stravaBikes).toEqual([{ gearId: "b7001", bicycleId: homeRoad.id }]);
    // No secrets travel: not the API token, the share link's token, nor the Strava tokens.
    expect(first.text).not.toContain("My script");
    expect(first.text).not.toMatch(/secret|accessToken|refreshToken|shareToken/i);

    // Another instance, a fresh account.
    const target = await signUp(away.app);
    const result = await importInto(away, target, first.raw);
    expect(result.imported).toMatchObject({ bicycles: 2, components: 3, rides: 6, serviceEntries: 9 });
    const seen = await whatTheRiderSees(source);
    expect(await whatTheRiderSees(target)).toEqual(seen);
    expect(await json(target.request("GET", "/api/api-tokens"))).toEqual({ tokens: [] });
    expect(await json(target.request("GET", "/api/auth/get-session"))).toMatchObject({
      user: { email: target.email, name: "" },
    });

    // Strava connected there too: its bike is mapped as at home, without asking again; the ride deleted at
    // home stays deleted, the corrected one stays corrected.
    commute.name = "Renamed on Strava";
    notARide.name = "Still not a ride";
    await connectStrava(away, target, athlete.id);
    const road = (
      await json<{ bicycles: { id: string; name: string }[] }>(target.request("GET", "/api/bicycles"))
    ).bicycles.find((b) => b.name === "Road bike")!;
    expect(await json(target.request("GET", "/api/strava/bikes"))).toEqual({
      bikes: [{ id: "b7001", name: "Canyon", bicycleId: road.id }],
    });
    expect(await json(target.request("POST", "/api/strava/import"))).toEqual({
      imported: 0,
      alreadyThere: 2,
      skipped: 1,
      withoutDistance: 0,
      more: false,
    });
    const names = (await json<{ rides: { name: string }[] }>(target.request("GET", "/api/rides"))).rides.map(
      (r) => r.name,
    );
    expect(names).toContain("Commute, corrected");
    expect(names).not.toContain("Renamed on Strava");
    expect(names).not.toContain("Still not a ride");

    // The spreadsheets of both accounts are the same, file addresses aside (the ids are new).
    for (const entity of ["bicycles", "components", "services", "rides"]) {
      const sheet = async (rider: TestClient) => {
        const text = await (await rider.request("GET", `/api/export/csv/${entity}`)).text();
        return text.replace(/\/api\/files\/[0-9a-f-]{36}/g, "/api/files/…");
      };
      expect(await sheet(target), entity).toBe(await sheet(source));
    }
    const sheet = async (rider: TestClient, entity: string) =>
      parseCsv(await (await rider.request("GET", `/api/export/csv/${entity}`)).text());
    const [rideHeader, ...rideRows] = await sheet(target, "rides");
    expect(rideHeader).toEqual([
      "Started at",
      "Bicycle",
      "Name",
      "Distance (mi)",
      "Moving time",
      "Elevation gain (m)",
      "Source",
    ]);
    // In UTC whatever the rider's zone (Auckland: already 2025 there), formula-like text guarded, miles.
    expect(rideRows).toContainEqual([
      "2024-12-31T23:30:00Z",
      "Road bike",
      "New Year's Eve spin",
      "13.05",
      "0:50:00",
      "",
      "manual",
    ]);
    expect(rideRows).toContainEqual([
      "2025-03-03T09:30:00Z",
      "Road bike",
      "'-Minus ride",
      "39.92",
      "2:30:00",
      "800",
      "manual",
    ]);
    expect((await sheet(target, "components")).find((r) => r[1] === "Chain")).toContain("'=SUM(A1:A9) waxed");
    // The service download, imported back (into either account): every row is already there.
    for (const rider of [source, target]) {
      const t = rider === source ? home : away;
      const [header, ...records] = await sheet(rider, "services");
      const column = (name: string) => header!.indexOf(name);
      const rows = records.map((r, i) => ({
        row: i + 2,
        date: r[column("Date")]!,
        bicycle: r[column("Bicycle")]!,
        component: r[column("Component")]!,
        description: r[column("Description")]!,
        cost: r[column("Cost (USD)")]!,
      }));
      const response = await t.app.request("/api/services/import", {
        method: "POST",
        headers: { Origin: TEST_ORIGIN, Cookie: rider.cookie, "Content-Type": "application/json" },
        body: JSON.stringify({ dateFormat: "iso", rows }),
      });
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({ imported: 0, skipped: 9 });
    }

    // The ride file uploaded again on the new instance is known there: the same ride, not a second one.
    const sameFile = await away.app.request(`/api/bicycles/${road.id}/rides/files?name=phone.gpx`, {
      method: "POST",
      headers: { Origin: TEST_ORIGIN, Cookie: target.cookie, "Content-Type": "application/octet-stream" },
      body: new Blob([new Uint8Array(gpx)]),
    });
    expect((await json<{ results: { status: string }[] }>(sameFile)).results).toMatchObject([
      { status: "duplicate" },
    ]);

    // The same archive again, into the new account and into the one it came from: nothing doubles.
    const seenAway = await whatTheRiderSees(target);
    const again = await importInto(away, target, first.raw);
    expect(Object.values(again.imported).every((n) => n === 0)).toBe(true);
    expect(await whatTheRiderSees(target)).toEqual(seenAway);
    const seenHome = await whatTheRiderSees(source);
    const back = await importInto(home, source, first.raw);
    expect(Object.values(back.imported).every((n) => n === 0)).toBe(true);
    expect(await whatTheRiderSees(source)).toEqual(seenHome);
  });

  it("applies the rider's Strava choices to rides Strava brought in before the archive was imported", async () => {
    const athlete = strava.addAthlete(++athleteId, [{ id: "b7002", name: "Canyon" }]);
    const base = { distance: 20_000 };
    strava.addActivity(athlete.id, { ...base, start_date: "2024-07-01T07:00:00Z", name: "Untouched" });
    const corrected = strava.addActivity(athlete.id, {
      ...base,
      start_date: "2024-07-02T07:00:00Z",
      name: "Wrong",
    });
    strava.addActivity(athlete.id, { ...base, start_date: "2024-07-03T07:00:00Z", name: "Walk, not a ride" });
    type Rides = { rides: { id: string; name: string; startedAt: string; distanceKm: number }[] };
    const ridesOf = async (rider: TestClient) =>
      (await json<Rides>(rider.request("GET", "/api/rides"))).rides;
    const mapTo = async (rider: TestClient, name: string) => {
      const bike = await ok<{ id: string }>(rider.request("POST", "/api/bicycles", { name }), "bicycle");
      expect((await rider.request("PUT", "/api/strava/bikes/b7002", { bicycleId: bike.id })).status).toBe(
        200,
      );
      expect(await json(rider.request("POST", "/api/strava/import"))).toMatchObject({ imported: 3 });
      return bike;
    };

    const source = await signUp(home.app);
    await connectStrava(home, source, athlete.id);
    await mapTo(source, "Road bike");
    const mine = new Map((await ridesOf(source)).map((r) => [r.name, r]));
    const wrong = mine.get("Wrong")!;
    const fixed = await source.request("PUT", `/api/rides/${wrong.id}`, {
      name: "Corrected here",
      startedAt: wrong.startedAt,
      distanceKm: 21.5,
      movingSeconds: 3000,
    });
    expect(fixed.status).toBe(200);
    expect((await source.request("DELETE", `/api/rides/${mine.get("Walk, not a ride")!.id}`)).status).toBe(
      204,
    );
    const archive = await exportOf(source);

    // On the new instance the rider connects Strava first: Strava's versions of all three come in.
    const target = await signUp(away.app);
    await connectStrava(away, target, athlete.id);
    const myBike = await mapTo(target, "My bike");
    corrected.name = "Still wrong on Strava";
    // The summary says what became of each ride: the corrected one taken from the archive, the untouched one
    // already there, and the walk, which Strava had brought in here, removed.
    const result = await importInto(away, target, archive.raw);
    expect(result.imported.rides).toBe(1);
    expect(result.alreadyThere.rides).toBe(1);
    expect(result.ridesRemoved).toBe(1);
    // The bike this account mapped itself keeps its answer; the archive's mapping (to its Road bike) does not
    // replace it.
    expect(await json(target.request("GET", "/api/strava/bikes"))).toEqual({
      bikes: [{ id: "b7002", name: "Canyon", bicycleId: myBike.id }],
    });
    const after = await ridesOf(target);
    expect(after.map((r) => [r.name, r.distanceKm]).sort()).toEqual([
      ["Corrected here", 21.5],
      ["Untouched", 20],
    ]);
    // And Strava's next import keeps it so.
    expect(await json(target.request("POST", "/api/strava/import"))).toEqual({
      imported: 0,
      alreadyThere: 2,
      skipped: 1,
      withoutDistance: 0,
      more: false,
    });
    expect((await ridesOf(target)).map((r) => r.name).sort()).toEqual(["Corrected here", "Untouched"]);
    // Imported again: nothing changes.
    const again = await importInto(away, target, archive.raw);
    expect(Object.values(again.imported).every((n) => n === 0)).toBe(true);
    expect(again.ridesRemoved).toBe(0);
    expect((await ridesOf(target)).map((r) => r.name).sort()).toEqual(["Corrected here", "Untouched"]);
  });
});
