import { existsSync, mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Bicycle } from "../../../shared/schemas/bicycle.ts";
import type { UploadedFile } from "../../../shared/schemas/file.ts";
import { type S3TestServer, startS3Server } from "../../testing/s3-server.ts";
import { killAll, sessionCookie, startServer } from "../../testing/spawn-server.ts";
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

describeEachDatabase("files API with S3 storage", (kind) => {
  let s3: S3TestServer;
  let t: TestApp;
  beforeAll(async () => {
    s3 = await startS3Server();
    t = await createTestApp(kind, { env: s3.env });
  });
  afterAll(async () => {
    await t.close();
    await s3.stop();
  });

  async function upload(client: TestClient, bytes: Buffer, name: string, type: string, purpose: string) {
    const form = new FormData();
    form.set("file", new File([new Uint8Array(bytes)], name, { type }));
    form.set("purpose", purpose);
    const response = await t.app.request("/api/files", {
      method: "POST",
      headers: { Origin: TEST_ORIGIN, Cookie: client.cookie },
      body: form,
    });
    expect(response.status).toBe(201);
    return ((await response.json()) as { file: UploadedFile }).file;
  }

  it("stores uploads in the bucket, not on disk, and serves them back", async () => {
    const rider = await signUp(t.app);
    const jpeg = await sharp({
      create: { width: 1600, height: 1200, channels: 3, background: { r: 30, g: 90, b: 160 } },
    })
      .jpeg()
      .toBuffer();
    const before = await s3.keys();
    const photo = await upload(rider, jpeg, "bike.jpg", "image/jpeg", "bicycle-image");
    const added = (await s3.keys()).filter((key) => !before.includes(key));
    expect(added).toHaveLength(1);
    expect(added[0]).toMatch(/^\d+-[0-9a-f]+\.webp$/);
    expect(existsSync(path.join(t.config.dataDir, "bicycle_images"))).toBe(false);

    const served = await rider.request("GET", photo.url);
    expect(served.status).toBe(200);
    expect(served.headers.get("Content-Type")).toBe("image/webp");
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["webp", 1024, 768]);
    expect((await anonymous(t.app).request("GET", photo.url)).status).toBe(404);
  });

  it("deleting a bicycle removes its photos and receipts from the bucket", async () => {
    const rider = await signUp(t.app);
    const png = await sharp({ create: { width: 10, height: 10, channels: 3, background: "#c00" } })
      .png()
      .toBuffer();
    const pdf = Buffer.from("%PDF-1.4\n%%EOF\n");
    const before = await s3.keys();
    const photo = await upload(rider, png, "bike.png", "image/png", "bicycle-image");
    const partPhoto = await upload(rider, png, "fork.png", "image/png", "component-image");
    const receipt = await upload(rider, pdf, "r.pdf", "application/pdf", "receipt");
    const added = (await s3.keys()).filter((key) => !before.includes(key));
    expect(added.map((key) => key.split("/").slice(0, -1).join("/")).sort()).toEqual([
      "",
      "component_images",
      "receipts",
    ]);

    const { bicycle } = await json<{ bicycle: Bicycle }>(
      rider.request("POST", "/api/bicycles", { name: "Tourer", imageUrl: photo.url }),
    );
    const { component } = await json<{ component: { id: string } }>(
      rider.request("POST", "/api/components", {
        name: "Fork",
        type: "Fork",
        bicycleId: bicycle.id,
        imageUrl: partPhoto.url,
      }),
    );
    const entry = await rider.request("POST", `/api/components/${component.id}/services`, {
      date: "2024-05-01",
      description: "Lowers",
      cost: 20,
      receiptUrl: receipt.url,
    });
    expect(entry.status).toBe(201);
    expect((await rider.request("GET", receipt.url)).status).toBe(200);

    expect((await rider.request("DELETE", `/api/bicycles/${bicycle.id}`)).status).toBe(204);
    expect(await s3.keys()).toEqual(before);
    for (const file of [photo, partPhoto, receipt]) {
      expect((await rider.request("GET", file.url)).status).toBe(404);
    }
  });
});

describe("a started server with S3_* set", () => {
  afterEach(killAll);

  it("keeps uploads in the bucket (main.ts picks the S3 adapter from the environment)", async () => {
    const s3 = await startS3Server();
    try {
      const dataDir = mkdtempSync(path.join(os.tmpdir(), "velolog-s3-server-"));
      const server = await startServer({ DATA_DIR: dataDir, ...s3.env });
      expect(server.url, server.output()).not.toBe("");
      const cookie = await sessionCookie(server.url, "s3-rider@example.com", { dataDir });
      const form = new FormData();
      const png = await sharp({ create: { width: 20, height: 10, channels: 3, background: "#0a0" } })
        .png()
        .toBuffer();
      form.set("file", new File([new Uint8Array(png)], "bike.png", { type: "image/png" }));
      form.set("purpose", "bicycle-image");
      const response = await fetch(`${server.url}/api/files`, {
        method: "POST",
        headers: { Origin: "http://localhost:3000", Cookie: cookie },
        body: form,
      });
      expect(response.status).toBe(201);
      const { file } = (await response.json()) as { file: UploadedFile };
      expect(await s3.keys()).toHaveLength(1);
      expect(existsSync(path.join(dataDir, "bicycle_images"))).toBe(false);
      const served = await fetch(`${server.url}${file.url}`, { headers: { Cookie: cookie } });
      expect([served.status, served.headers.get("Content-Type")]).toEqual([200, "image/webp"]);
    } finally {
      killAll();
      await s3.stop();
    }
    // A process of its own starts slowly on a busy machine, as in main.soak.test.ts.
  }, 120_000);
});
