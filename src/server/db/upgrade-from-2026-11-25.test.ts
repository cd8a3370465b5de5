import { afterAll, beforeAll, expect, it } from "vitest";
import type { Bicycle } from "../../shared/schemas/bicycle.ts";
import type { Component, Installation } from "../../shared/schemas/component.ts";
import { fixtureSql, olderReleaseDatabase } from "../testing/older-release.ts";
import {
  anonymous,
  answered,
  cookiesOf,
  createTestApp,
  describeEachDatabase,
  TEST_ORIGIN,
  type TestApp,
} from "../testing/test-app.ts";

const ROAD = "0e5a6f5e-0000-4000-8000-000000000001";
const CHAIN = "0e5a6f5e-0000-4000-8000-000000000011";
const SHARE = "OerXF4j6oqgHkDdHB_3TFIsdWczSXCKS";

/** A rider of the release of 2026-11-25 (before rides) upgrades: today's server starts on their database. */
describeEachDatabase("upgrade from the release of 2026-11-25", (kind) => {
  let t: TestApp;
  let drop = async () => {};
  beforeAll(async () => {
    const older = await olderReleaseDatabase(kind, "0017", fixtureSql("release-2026-11-25.sql"));
    drop = older.drop;
    t = await createTestApp(kind, { database: older.target });
  });
  afterAll(async () => {
    await t?.close();
    await drop();
  });

  async function signIn() {
    const response = await t.app.request("/api/auth/sign-in/email", {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: TEST_ORIGIN },
      body: JSON.stringify({ email: "ann@example.com", password: "correct-horse-battery" }),
    });
    expect(response.status).toBe(200);
    const cookie = cookiesOf(response);
    return (method: string, path: string, body?: unknown) =>
      t.app.request(path, {
        method,
        headers: { Origin: TEST_ORIGIN, Cookie: cookie, "Content-Type": "application/json" },
        body: body === undefined ? null : JSON.stringify(body),
      });
  }

  it("signs in and shows the bicycles, parts, service log and share link the older release kept", async () => {
    const request = await signIn();
    const bicycles = await answered<Bicycle[]>(request("GET", "/api/bicycles"), "bicycles");
    expect(bicycles.map((b) => [b.name, b.price, b.componentCount])).toEqual([
      ["Gravel", 1800, 1],
      ["Road bike", 2499.99, 1],
    ]);
    const chain = await answered<Component>(request("GET", `/api/components/${CHAIN}`), "component");
    expect(chain).toMatchObject({ name: "Chain", bicycleName: "Road bike", mileage: 3000, serviceCount: 1 });
    const bin = await answered<Component[]>(request("GET", "/api/components/parts-bin"), "components");
    expect(bin.map((c) => c.name)).toEqual(["Spare chain"]);
    const log = await answered<{ description: string; cost: number }[]>(
      request("GET", `/api/components/${CHAIN}/services`),
      "services",
    );
    expect(log.map((s) => [s.description, s.cost])).toEqual([["Chain waxed", 12.5]]);
    const shared = await anonymous(t.app).request("GET", `/api/shared/${SHARE}`);
    expect(shared.status).toBe(200);
    expect(await shared.text()).toContain("Chain waxed");
  });

  it("keeps a part's hand-kept distance and adds only the rides after the upgrade, not past ones brought in later", async () => {
    const request = await signIn();
    // The older release's "Mileage" was the chain's distance in all, kept by hand: 3,000 km by the upgrade.
    // Riding history brought in afterwards (a Strava import, ride files, or typed in) is already in that number.
    const past = await request("POST", `/api/bicycles/${ROAD}/rides`, {
      name: "Summer ride",
      startedAt: "2026-06-01T08:00:00Z",
      distanceKm: 100,
      movingSeconds: 14_400,
    });
    expect(past.status).toBe(201);
    const since = await request("POST", `/api/bicycles/${ROAD}/rides`, {
      name: "After the upgrade",
      startedAt: new Date().toISOString(),
      distanceKm: 20,
      movingSeconds: 3600,
    });
    expect(since.status).toBe(201);

    const chain = await answered<Component>(request("GET", `/api/components/${CHAIN}`), "component");
    expect(chain.distance).toBe(3020);
    // The bicycle counts every ride; the chain's one period on it begins with the upgrade.
    expect(await answered<Bicycle>(request("GET", `/api/bicycles/${ROAD}`), "bicycle")).toMatchObject({
      distanceKm: 120,
    });
    const periods = await answered<Installation[]>(
      request("GET", `/api/components/${CHAIN}/installations`),
      "installations",
    );
    expect(periods).toHaveLength(1);
    expect(periods[0]).toMatchObject({ bicycleName: "Road bike", endedAt: null, distanceKm: 20 });
  });
});
