import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Bicycle } from "../../../shared/schemas/bicycle.ts";
import type { Component } from "../../../shared/schemas/component.ts";
import type { SharedBikeView, SharedLink } from "../../../shared/schemas/share.ts";
import {
  anonymous,
  createTestApp,
  describeEachDatabase,
  json,
  signUp,
  type TestApp,
  type TestClient,
} from "../../testing/test-app.ts";

describeEachDatabase("share links API", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    const webDir = mkdtempSync(path.join(os.tmpdir(), "velolog-web-"));
    writeFileSync(
      path.join(webDir, "index.html"),
      '<!doctype html><html><head><meta name="description" content="Velolog" /><title>Velolog</title></head><body><div id="root"></div></body></html>',
    );
    t = await createTestApp(kind, { webDir });
  });
  afterAll(() => t.close());

  async function bikeWithHistory(rider: TestClient, name = "Trail Hardtail") {
    const { bicycle } = await json<{ bicycle: Bicycle }>(
      rider.request("POST", "/api/bicycles", {
        name,
        description: "29er",
        price: 1899.99,
        purchaseCondition: "used",
        storeName: "Corner Shop",
        serialNumber: "SN-1",
        storeLink: "https://shop.example/trail",
      }),
    );
    const { component } = await json<{ component: Component }>(
      rider.request("POST", "/api/components", {
        bicycleId: bicycle.id,
        name: "Chain",
        type: "Drivetrain",
        brand: "KMC",
        mileage: 300,
      }),
    );
    await rider.request("POST", `/api/components/${component.id}/services`, {
      date: "2024-05-01",
      description: "Waxed",
      cost: 12.5,
    });
    return bicycle;
  }

  async function share(rider: TestClient, bicycleId: string, body: unknown = {}) {
    const response = await rider.request("POST", `/api/bicycles/${bicycleId}/share`, body);
    expect(response.status).toBe(201);
    return (await json<{ link: SharedLink }>(response)).link;
  }

  it("shares a snapshot that anyone with the token can read, and nothing private", async () => {
    const rider = await signUp(t.app);
    const bicycle = await bikeWithHistory(rider);
    const link = await share(rider, bicycle.id, { notes: "For sale, ask me" });
    expect(link.token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(link).toMatchObject({
      bicycleName: "Trail Hardtail",
      notes: "For sale, ask me",
      componentCount: 1,
    });

    const response = await anonymous(t.app).request("GET", `/api/shared/${link.token}`);
    expect(response.status).toBe(200);
    const view = await json<SharedBikeView>(response);
    expect(view).toEqual({
      snapshot: {
        bike: {
          name: "Trail Hardtail",
          description: "29er",
          imageUrl: null,
          purchaseDate: null,
          price: 1899.99,
          purchaseCondition: "used",
          storeName: "Corner Shop",
          serialNumber: "SN-1",
          storeLink: "https://shop.example/trail",
        },
        components: [
          { name: "Chain", type: "Drivetrain", brand: "KMC", mileage: 300, notes: null, imageUrl: null },
        ],
        services: [{ date: "2024-05-01", description: "Waxed", componentName: "Chain", cost: 12.5 }],
        distanceUnit: "km",
      },
      notes: "For sale, ask me",
      createdAt: expect.any(String),
    });
    const text = JSON.stringify(view);
    for (const secret of [rider.userId, rider.email, bicycle.id]) expect(text).not.toContain(secret);
  });

  it("leaves costs out when they are not to be shared", async () => {
    const rider = await signUp(t.app);
    const bicycle = await bikeWithHistory(rider);
    const link = await share(rider, bicycle.id, { includeCosts: false });
    const view = await json<SharedBikeView>(anonymous(t.app).request("GET", `/api/shared/${link.token}`));
    expect(view.snapshot.services).toEqual([
      { date: "2024-05-01", description: "Waxed", componentName: "Chain" },
    ]);
  });

  it("keeps the snapshot when the bicycle changes; sharing again makes a new link", async () => {
    const rider = await signUp(t.app);
    const bicycle = await bikeWithHistory(rider);
    const first = await share(rider, bicycle.id);
    await rider.request("PUT", `/api/bicycles/${bicycle.id}`, { name: "Renamed" });
    const view = await json<SharedBikeView>(anonymous(t.app).request("GET", `/api/shared/${first.token}`));
    expect(view.snapshot.bike.name).toBe("Trail Hardtail");
    const second = await share(rider, bicycle.id);
    expect(second.token).not.toBe(first.token);
    expect(second.bicycleName).toBe("Renamed");
    const { links } = await json<{ links: SharedLink[] }>(rider.request("GET", "/api/shared-links"));
    expect(links.map((l) => l.bicycleName)).toEqual(["Renamed", "Trail Hardtail"]);
  });

  it("lists only the user's own links and deletes only those; a deleted token is not found at once", async () => {
    const owner = await signUp(t.app);
    const other = await signUp(t.app);
    const link = await share(owner, (await bikeWithHistory(owner)).id);
    expect((await json<{ links: SharedLink[] }>(other.request("GET", "/api/shared-links"))).links).toEqual(
      [],
    );
    expect((await other.request("DELETE", `/api/shared-links/${link.id}`)).status).toBe(404);
    expect((await anonymous(t.app).request("GET", `/api/shared/${link.token}`)).status).toBe(200);

    expect((await owner.request("DELETE", `/api/shared-links/${link.id}`)).status).toBe(204);
    const gone = await anonymous(t.app).request("GET", `/api/shared/${link.token}`);
    expect(gone.status).toBe(404);
    expect((await json<{ error: { message: string } }>(gone)).error.message).toBe("Shared bike not found");
  });

  it("refuses to share another user's bicycle, or without a session", async () => {
    const owner = await signUp(t.app);
    const other = await signUp(t.app);
    const bicycle = await bikeWithHistory(owner);
    expect((await other.request("POST", `/api/bicycles/${bicycle.id}/share`, {})).status).toBe(404);
    expect((await anonymous(t.app).request("POST", `/api/bicycles/${bicycle.id}/share`, {})).status).toBe(
      401,
    );
    expect((await anonymous(t.app).request("GET", "/api/shared-links")).status).toBe(401);
    for (const token of ["nope", "x".repeat(300), "../../etc/passwd"]) {
      expect((await anonymous(t.app).request("GET", `/api/shared/${encodeURIComponent(token)}`)).status).toBe(
        404,
      );
    }
  });

  it("puts the bicycle into the shared page's title and preview tags, escaped", async () => {
    const rider = await signUp(t.app);
    const { bicycle } = await json<{ bicycle: Bicycle }>(
      rider.request("POST", "/api/bicycles", {
        name: '<script>alert("x")</script> & Co',
        description: 'A "quoted" <b>bike</b>',
      }),
    );
    const link = await share(rider, bicycle.id, { notes: "<img src=x onerror=alert(1)>" });
    const page = await t.app.request(`/shared/${link.token}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(
      "<title>&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; Co · Velolog</title>",
    );
    expect(html).toContain(
      '<meta property="og:title" content="&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; Co · Velolog" />',
    );
    expect(html).toContain(
      '<meta property="og:description" content="A &quot;quoted&quot; &lt;b&gt;bike&lt;/b&gt;" />',
    );
    expect(html).toContain(`<meta property="og:url" content="http://localhost:3000/shared/${link.token}" />`);
    expect(html).not.toContain("<script>alert");
    expect(html).not.toContain("<b>bike");

    const unknown = await t.app.request("/shared/no-such-token-at-all");
    expect(unknown.status).toBe(200);
    expect(await unknown.text()).toContain("<title>Velolog</title>");
  });
});
