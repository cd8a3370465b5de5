import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Bicycle } from "../../shared/schemas/bicycle.ts";
import type { Component } from "../../shared/schemas/component.ts";
import type { DashboardStats } from "../../shared/schemas/dashboard.ts";
import type { SharedBikeView, SharedLink } from "../../shared/schemas/share.ts";
import { bicycles, session, sharedBikes, subscriptions } from "../db/schema.ts";
import {
  answered,
  changeBehindDataVersion,
  createTestApp,
  describeEachDatabase,
  json,
  signUp,
  type TestApp,
  type TestClient,
} from "../testing/test-app.ts";

// The bicycles list, a bicycle, the parts bin and a share link's view are kept between requests, and the
// version checks of requests read at the same time go in one statement (decision 0029). Each test reads
// first, so the server holds the answer, then changes something and reads again.
describeEachDatabase("kept answers, checked together", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  async function read<T>(rider: TestClient, path: string): Promise<T> {
    const response = await rider.request("GET", path);
    expect(response.status, path).toBe(200);
    return json<T>(response);
  }
  const bicycleNames = async (rider: TestClient) =>
    (await read<{ bicycles: Bicycle[] }>(rider, "/api/bicycles")).bicycles.map((b) => b.name);
  const partsBinNames = async (rider: TestClient) =>
    (await read<{ components: Component[] }>(rider, "/api/components/parts-bin")).components.map(
      (c) => c.name,
    );
  const bicycleName = async (rider: TestClient, id: string) =>
    (await read<{ bicycle: Bicycle }>(rider, `/api/bicycles/${id}`)).bicycle.name;

  async function riderWithBicycle() {
    const rider = await signUp(t.app);
    await t.db.insert(subscriptions).values({ userId: rider.userId, tier: "premium" });
    const bicycle = await answered<Bicycle>(
      rider.request("POST", "/api/bicycles", { name: "Gravel" }),
      "bicycle",
    );
    const chain = await answered<Component>(
      rider.request("POST", "/api/components", { bicycleId: bicycle.id, name: "Chain", type: "Drivetrain" }),
      "component",
    );
    expect(await bicycleNames(rider)).toEqual(["Gravel"]);
    expect(await bicycleName(rider, bicycle.id)).toBe("Gravel");
    expect(await partsBinNames(rider)).toEqual([]);
    return { rider, bicycle, chain };
  }

  describe("the bicycles list, a bicycle and the parts bin", () => {
    it("show bicycles added, renamed and deleted, and components moved to the parts bin and back", async () => {
      const { rider, bicycle, chain } = await riderWithBicycle();
      const road = await answered<Bicycle>(
        rider.request("POST", "/api/bicycles", { name: "Road" }),
        "bicycle",
      );
      expect(await bicycleNames(rider)).toEqual(["Road", "Gravel"]);
      await answered(rider.request("PUT", `/api/bicycles/${bicycle.id}`, { name: "Gravel Plus" }), "bicycle");
      expect(await bicycleNames(rider)).toEqual(["Road", "Gravel Plus"]);
      expect(await bicycleName(rider, bicycle.id)).toBe("Gravel Plus");

      await answered(rider.request("POST", `/api/components/${chain.id}/move-to-parts-bin`), "component");
      expect(await partsBinNames(rider)).toEqual(["Chain"]);
      await answered(
        rider.request("POST", `/api/components/${chain.id}/assign`, { bicycleId: road.id }),
        "component",
      );
      expect(await partsBinNames(rider)).toEqual([]);

      expect((await rider.request("DELETE", `/api/bicycles/${road.id}`)).status).toBe(204);
      expect(await bicycleNames(rider)).toEqual(["Gravel Plus"]);
      expect((await rider.request("GET", `/api/bicycles/${road.id}`)).status).toBe(404);
    });

    it("show changes made in the database by other means than this server", async () => {
      const { rider, bicycle } = await riderWithBicycle();
      await t.db.update(bicycles).set({ name: "Renamed in SQL" }).where(eq(bicycles.id, bicycle.id));
      expect(await bicycleNames(rider)).toEqual(["Renamed in SQL"]);
      expect(await bicycleName(rider, bicycle.id.toUpperCase())).toBe("Renamed in SQL");
    });

    it("answer from what the server holds while the owner's data version is unchanged", async () => {
      const { rider, bicycle } = await riderWithBicycle();
      await changeBehindDataVersion(t.db, rider.userId, () =>
        t.db.update(bicycles).set({ name: "Behind" }).where(eq(bicycles.id, bicycle.id)),
      );
      expect(await bicycleNames(rider)).toEqual(["Gravel"]);
      expect(await bicycleName(rider, bicycle.id)).toBe("Gravel");
    });

    it("answer another user 404 for a bicycle the server holds, and a signed-out session 401", async () => {
      const { rider, bicycle } = await riderWithBicycle();
      const stranger = await signUp(t.app);
      expect((await stranger.request("GET", `/api/bicycles/${bicycle.id}`)).status).toBe(404);
      expect(await bicycleNames(stranger)).toEqual([]);

      await t.db.delete(session).where(eq(session.userId, rider.userId));
      for (const path of ["/api/bicycles", `/api/bicycles/${bicycle.id}`, "/api/components/parts-bin"]) {
        expect((await rider.request("GET", path)).status, path).toBe(401);
      }
    });
  });

  describe("requests read at the same time", () => {
    it("check their versions in one statement, each answered for its own session", async () => {
      const first = await riderWithBicycle();
      const second = await riderWithBicycle();
      await answered(
        second.rider.request("PUT", `/api/bicycles/${second.bicycle.id}`, { name: "Second" }),
        "bicycle",
      );
      const dashboardOf = (rider: TestClient) => json<DashboardStats>(rider.request("GET", "/api/dashboard"));
      const held = [await dashboardOf(first.rider), await dashboardOf(second.rider)];
      expect(held.map((d) => d.bicycles.map((b) => b.name))).toEqual([["Gravel"], ["Second"]]);

      t.queries.count = 0;
      const riders = Array.from({ length: 20 }, (_, i) => (i % 2 === 0 ? first.rider : second.rider));
      const answers = await Promise.all(riders.map(dashboardOf));
      expect(t.queries.count).toBe(1);
      answers.forEach((answer, i) => {
        expect(answer).toEqual(held[i % 2]);
      });
    });

    it("see a change committed before they arrived", async () => {
      const { rider, bicycle } = await riderWithBicycle();
      await t.db.update(bicycles).set({ name: "Committed" }).where(eq(bicycles.id, bicycle.id));
      const names = await Promise.all(Array.from({ length: 5 }, () => bicycleNames(rider)));
      expect(names).toEqual(Array.from({ length: 5 }, () => ["Committed"]));
    });
  });

  describe("a share link's view", () => {
    async function sharedLink() {
      const { rider, bicycle } = await riderWithBicycle();
      const created = await answered<SharedLink>(
        rider.request("POST", `/api/bicycles/${bicycle.id}/share`, { notes: "First notes" }),
        "link",
      );
      const view = (token = created.token) => t.app.request(`/api/shared/${token}`);
      const notes = async () => (await json<SharedBikeView>(view())).notes;
      expect(await notes()).toBe("First notes");
      return { rider, created, view, notes };
    }

    it("is read for many visitors at once in one statement", async () => {
      const { view } = await sharedLink();
      t.queries.count = 0;
      const responses = await Promise.all(Array.from({ length: 10 }, () => view()));
      expect(responses.map((r) => r.status)).toEqual(Array.from({ length: 10 }, () => 200));
      expect(t.queries.count).toBe(1);
    });

    it("shows a change to the link made in the database, and answers 404 once it is deleted", async () => {
      const { rider, created, view, notes } = await sharedLink();
      await t.db
        .update(sharedBikes)
        .set({ notes: "Edited by hand" })
        .where(eq(sharedBikes.shareToken, created.token));
      expect(await notes()).toBe("Edited by hand");
      expect((await rider.request("DELETE", `/api/shared-links/${created.id}`)).status).toBe(204);
      expect((await view()).status).toBe(404);
    });
  });
});
