import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Bicycle } from "../../../shared/schemas/bicycle.ts";
import type { Component } from "../../../shared/schemas/component.ts";
import type { FilePurpose, UploadedFile } from "../../../shared/schemas/file.ts";
import type { SharedBikeView, SharedLink } from "../../../shared/schemas/share.ts";
import {
  anonymous,
  createTestApp,
  describeEachDatabase,
  json,
  signUp,
  TEST_ORIGIN,
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
          storeLink: "https://shop.example/trail",
          // No rides yet: no distance to divide by.
          costPerKm: null,
        },
        components: [
          {
            name: "Chain",
            type: "Drivetrain",
            brand: "KMC",
            mileage: 300,
            notes: null,
            imageUrl: null,
            // $12.50 over 300 km.
            costPerKm: 0.04167,
          },
        ],
        services: [{ date: "2024-05-01", description: "Waxed", componentName: "Chain", cost: 12.5 }],
        distanceUnit: "km",
      },
      notes: "For sale, ask me",
      createdAt: expect.any(String),
    });
    const text = JSON.stringify(view);
    // The serial number is shared only when the owner ticks it (below).
    for (const secret of [rider.userId, rider.email, bicycle.id, "SN-1"]) expect(text).not.toContain(secret);
  });

  it("leaves out what was paid, the price as well as the service costs, when costs are not shared", async () => {
    const rider = await signUp(t.app);
    const bicycle = await bikeWithHistory(rider);
    const link = await share(rider, bicycle.id, { includeCosts: false });
    const response = await anonymous(t.app).request("GET", `/api/shared/${link.token}`);
    const text = await response.text();
    const view = JSON.parse(text) as SharedBikeView;
    expect(view.snapshot.bike).toEqual({
      name: "Trail Hardtail",
      description: "29er",
      imageUrl: null,
      purchaseDate: null,
      purchaseCondition: "used",
      storeName: "Corner Shop",
      storeLink: "https://shop.example/trail",
    });
    expect(view.snapshot.services).toEqual([
      { date: "2024-05-01", description: "Waxed", componentName: "Chain" },
    ]);
    for (const paid of ["price", "cost", "1899", "12.5"]) expect(text).not.toContain(paid);
  });

  it("shares the serial number only when the owner ticks it", async () => {
    const rider = await signUp(t.app);
    const bicycle = await bikeWithHistory(rider);
    const view = async (body: unknown) => {
      const link = await share(rider, bicycle.id, body);
      return json<SharedBikeView>(anonymous(t.app).request("GET", `/api/shared/${link.token}`));
    };
    expect((await view({ includeSerialNumber: true })).snapshot.bike).toMatchObject({
      serialNumber: "SN-1",
      price: 1899.99,
    });
    const withoutCosts = (await view({ includeSerialNumber: true, includeCosts: false })).snapshot.bike;
    expect([withoutCosts.serialNumber, "price" in withoutCosts]).toEqual(["SN-1", false]);
    expect("serialNumber" in (await view({ includeSerialNumber: false })).snapshot.bike).toBe(false);
    const refused = await rider.request("POST", `/api/bicycles/${bicycle.id}/share`, {
      includeSerialNumber: "yes",
    });
    expect(refused.status).toBe(400);
    expect((await json<{ error: { fields: Record<string, string> } }>(refused)).error.fields).toMatchObject({
      includeSerialNumber: "Include serial number must be true or false",
    });
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

  async function upload(rider: TestClient, purpose: FilePurpose): Promise<UploadedFile> {
    const form = new FormData();
    const bytes =
      purpose === "receipt"
        ? Buffer.from("%PDF-1.4\n%%EOF\n")
        : await sharp({ create: { width: 8, height: 8, channels: 3, background: "#c33" } })
            .png()
            .toBuffer();
    form.set("file", new File([new Uint8Array(bytes)], "upload"));
    form.set("purpose", purpose);
    const response = await t.app.request("/api/files", {
      method: "POST",
      headers: { Origin: TEST_ORIGIN, Cookie: rider.cookie },
      body: form,
    });
    expect(response.status).toBe(201);
    return (await json<{ file: UploadedFile }>(response)).file;
  }

  it("serves through a link the photos it shows, to anyone holding it, and no other file", async () => {
    const rider = await signUp(t.app);
    const [bikePhoto, partPhoto, laterPhoto, receipt] = [
      await upload(rider, "bicycle-image"),
      await upload(rider, "component-image"),
      await upload(rider, "component-image"),
      await upload(rider, "receipt"),
    ];
    const { bicycle } = await json<{ bicycle: Bicycle }>(
      rider.request("POST", "/api/bicycles", { name: "Photo bike", imageUrl: bikePhoto.url }),
    );
    const { component } = await json<{ component: Component }>(
      rider.request("POST", "/api/components", {
        bicycleId: bicycle.id,
        name: "Fork",
        type: "Fork",
        imageUrl: partPhoto.url,
      }),
    );
    await rider.request("POST", `/api/components/${component.id}/services`, {
      date: "2024-05-01",
      description: "Lowers",
      cost: 20,
      receiptUrl: receipt.url,
    });
    const link = await share(rider, bicycle.id);
    // Added after the link was made: not in its snapshot.
    await rider.request("POST", "/api/components", {
      bicycleId: bicycle.id,
      name: "Saddle",
      type: "Saddle",
      imageUrl: laterPhoto.url,
    });
    const stranger = await signUp(t.app);
    const strangersLink = await share(stranger, (await bikeWithHistory(stranger)).id);

    const text = await (await anonymous(t.app).request("GET", `/api/shared/${link.token}`)).text();
    const view = JSON.parse(text) as SharedBikeView;
    const throughLink = (file: UploadedFile) => `/api/shared/${link.token}/files/${file.id}`;
    expect(view.snapshot.bike.imageUrl).toBe(throughLink(bikePhoto));
    expect(view.snapshot.components.map((c) => c.imageUrl)).toEqual([throughLink(partPhoto)]);
    expect(text).not.toContain("/api/files/");
    expect(text).not.toContain(receipt.id);

    const visitor = anonymous(t.app);
    for (const client of [visitor, stranger, rider]) {
      for (const photo of [bikePhoto, partPhoto]) {
        const served = await client.request("GET", throughLink(photo));
        expect(served.status).toBe(200);
        expect(served.headers.get("Content-Type")).toBe("image/webp");
        expect(served.headers.get("Cache-Control")).toBe("private, no-cache");
      }
      // The owner's own URL is theirs alone.
      expect((await client.request("GET", bikePhoto.url)).status).toBe(client === rider ? 200 : 404);
    }
    for (const path of [
      throughLink(receipt),
      throughLink(laterPhoto),
      `/api/shared/${strangersLink.token}/files/${bikePhoto.id}`,
      `/api/shared/no-such-token-at-all/files/${bikePhoto.id}`,
      `/api/shared/${link.token}/files/not-a-file-id`,
    ]) {
      expect((await visitor.request("GET", path)).status, path).toBe(404);
    }

    expect((await rider.request("DELETE", `/api/shared-links/${link.id}`)).status).toBe(204);
    expect((await visitor.request("GET", throughLink(bikePhoto))).status).toBe(404);
  });

  it("points the link preview at the photo through the link", async () => {
    const rider = await signUp(t.app);
    const photo = await upload(rider, "bicycle-image");
    const { bicycle } = await json<{ bicycle: Bicycle }>(
      rider.request("POST", "/api/bicycles", { name: "Preview bike", imageUrl: photo.url }),
    );
    const link = await share(rider, bicycle.id);
    const html = await (await t.app.request(`/shared/${link.token}`)).text();
    const image = `http://localhost:3000/api/shared/${link.token}/files/${photo.id}`;
    expect(html).toContain(`<meta property="og:image" content="${image}" />`);
    expect((await t.app.request(new URL(image).pathname)).status).toBe(200);
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
  });

  it("keeps every share page out of search results, and answers a deleted link's page 404", async () => {
    const rider = await signUp(t.app);
    const link = await share(rider, (await bikeWithHistory(rider)).id);
    const robots = '<meta name="robots" content="noindex, nofollow" />';
    const page = await t.app.request(`/shared/${link.token}`);
    expect(page.status).toBe(200);
    expect(page.headers.get("X-Robots-Tag")).toBe("noindex, nofollow");
    expect(await page.text()).toContain(robots);
    // Crawlers may fetch the page, or they would never read its noindex.
    expect(await (await t.app.request("/robots.txt")).text()).not.toMatch(/Disallow: \/shared\/?$/m);

    expect((await rider.request("DELETE", `/api/shared-links/${link.id}`)).status).toBe(204);
    for (const path of [`/shared/${link.token}`, "/shared", "/shared/no-such-token-at-all", "/shared/%E0"]) {
      const gone = await t.app.request(path);
      expect(gone.status, path).toBe(404);
      expect(gone.headers.get("X-Robots-Tag"), path).toBe("noindex, nofollow");
      const html = await gone.text();
      expect(html, path).toContain(robots);
      expect(html, path).toContain("<title>Bike Not Found · Velolog</title>");
      expect(html, path).not.toContain("Trail Hardtail");
    }
  });

  it("ends the links and their photos with the account", async () => {
    const rider = await signUp(t.app);
    const photo = await upload(rider, "bicycle-image");
    const { bicycle } = await json<{ bicycle: Bicycle }>(
      rider.request("POST", "/api/bicycles", { name: "Photo bike", imageUrl: photo.url }),
    );
    const link = await share(rider, bicycle.id);
    const visitor = anonymous(t.app);
    const photoPath = `/api/shared/${link.token}/files/${photo.id}`;
    expect((await visitor.request("GET", photoPath)).status).toBe(200);
    expect((await rider.request("POST", "/api/auth/delete-user", { password: "correct-horse" })).status).toBe(
      200,
    );
    for (const path of [`/api/shared/${link.token}`, photoPath, `/shared/${link.token}`])
      expect((await visitor.request("GET", path)).status, path).toBe(404);
  });
});
