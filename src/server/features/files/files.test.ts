import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import path from "node:path";
import { crc32 } from "node:zlib";
import { eq, inArray } from "drizzle-orm";
import sharp from "sharp";
import { expect, it } from "vitest";
import { messages } from "../../../shared/messages.ts";
import type { Bicycle } from "../../../shared/schemas/bicycle.ts";
import type { UploadedFile } from "../../../shared/schemas/file.ts";
import { files } from "../../db/schema.ts";
import { createJobRunner } from "../../jobs/runner.ts";
import { scheduledJobs } from "../../jobs/schedule.ts";
import {
  anonymous,
  describeEachDatabase,
  json,
  signUp,
  TEST_ORIGIN,
  type TestClient,
  useTestApp,
} from "../../testing/test-app.ts";
import { QUOTA_BYTES } from "./service.ts";

const m = messages.images;
const solid = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 40 } } });

/** A PNG whose header claims 20,000 x 20,000 px: a few bytes on disk, a 1.6 GB bomb when decoded. */
function pngBomb(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const out = Buffer.alloc(8 + data.length + 4);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), 8 + data.length);
    return out;
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(20_000, 0);
  ihdr.writeUInt32BE(20_000, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", Buffer.from([0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

describeEachDatabase("files API", (kind) => {
  const t = useTestApp(kind);

  function upload(
    client: TestClient,
    bytes: Uint8Array,
    name: string,
    type: string,
    purpose = "bicycle-image",
  ) {
    const form = new FormData();
    form.set("file", new File([bytes as Uint8Array<ArrayBuffer>], name, { type }));
    form.set("purpose", purpose);
    return t.app.request("/api/files", {
      method: "POST",
      headers: { Origin: TEST_ORIGIN, Cookie: client.cookie },
      body: form,
    });
  }

  async function uploaded(response: Response): Promise<UploadedFile> {
    expect(response.status).toBe(201);
    return ((await response.json()) as { file: UploadedFile }).file;
  }

  async function errorOf(response: Response) {
    return {
      status: response.status,
      message: ((await response.json()) as { error: { message: string } }).error.message,
    };
  }

  async function diskPath(fileId: string) {
    const [row] = await t.db.select({ key: files.key }).from(files).where(eq(files.id, fileId));
    return row ? path.join(t.config.dataDir, "bicycle_images", row.key) : null;
  }

  it("accepts JPEG, PNG and WebP, and stores each as WebP within 1024x1024", async () => {
    const rider = await signUp(t.app);
    for (const [format, type] of [
      ["jpeg", "image/jpeg"],
      ["png", "image/png"],
      ["webp", "image/webp"],
    ] as const) {
      const bytes = await solid(2048, 1024).toFormat(format).toBuffer();
      const file = await uploaded(await upload(rider, bytes, `bike.${format}`, type));
      expect(file.url).toBe(`/api/files/${file.id}`);
      const served = await rider.request("GET", file.url);
      expect(served.status).toBe(200);
      expect(served.headers.get("Content-Type")).toBe("image/webp");
      expect(served.headers.get("X-Content-Type-Options")).toBe("nosniff");
      const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(["webp", 1024, 512]);
    }
  });

  it("keeps a photographed receipt at up to 2048 px, so its small print stays legible", async () => {
    const rider = await signUp(t.app);
    // A long till receipt: at 1024 px tall it would be 256 px wide.
    const bytes = await solid(1500, 6000).jpeg().toBuffer();
    const file = await uploaded(await upload(rider, bytes, "receipt.jpg", "image/jpeg", "receipt"));
    const served = await rider.request("GET", file.url);
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["webp", 512, 2048]);
  });

  it("trusts the bytes, not the name: a PNG called .jpg is accepted, HTML or SVG called .png are not", async () => {
    const rider = await signUp(t.app);
    const png = await solid(10, 10).png().toBuffer();
    await uploaded(await upload(rider, png, "photo.jpg", "image/jpeg"));
    const html = Buffer.from("<!doctype html><script>alert(1)</script>");
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    for (const bytes of [html, svg]) {
      expect(await errorOf(await upload(rider, bytes, "photo.png", "image/png"))).toEqual({
        status: 400,
        message: m.invalidType,
      });
    }
  });

  it("says no file was sent when the form has none (naming PDF for a receipt), not that its type is wrong", async () => {
    const rider = await signUp(t.app);
    const send = (purpose: string, file?: string) => {
      const form = new FormData();
      form.set("purpose", purpose);
      if (file !== undefined) form.set("file", file);
      return t.app.request("/api/files", {
        method: "POST",
        headers: { Origin: TEST_ORIGIN, Cookie: rider.cookie },
        body: form,
      });
    };
    for (const [purpose, message] of [
      ["receipt", m.noReceiptFile],
      ["bicycle-image", m.noFile],
      ["component-image", m.noFile],
    ] as const) {
      const response = await send(purpose);
      expect(response.status).toBe(400);
      expect(((await response.json()) as { error: unknown }).error).toMatchObject({
        message,
        fields: { file: message },
      });
    }
    expect(m.noReceiptFile).toContain("PDF");
    // Text where the file should be is no file either.
    expect(await errorOf(await send("receipt", "not a file"))).toEqual({
      status: 400,
      message: m.noReceiptFile,
    });
  });

  it("refuses a missing or unknown purpose naming it, and a body that is not a form, storing nothing", async () => {
    const rider = await signUp(t.app);
    const png = await solid(8, 8).png().toBuffer();
    const post = (body: BodyInit, contentType?: string) =>
      t.app.request("/api/files", {
        method: "POST",
        headers: {
          Origin: TEST_ORIGIN,
          Cookie: rider.cookie,
          ...(contentType ? { "Content-Type": contentType } : {}),
        },
        body,
      });
    for (const purpose of [undefined, "avatar"]) {
      const form = new FormData();
      form.set("file", new File([new Uint8Array(png)], "bike.png", { type: "image/png" }));
      if (purpose) form.set("purpose", purpose);
      const response = await post(form);
      expect(response.status).toBe(400);
      expect(((await response.json()) as { error: unknown }).error).toEqual({
        code: "VALIDATION",
        message: m.purposeInvalid,
        fields: { purpose: m.purposeInvalid },
      });
    }
    for (const [body, contentType] of [
      ['{"purpose":"bicycle-image"}', "application/json"],
      ["purpose=bicycle-image", "text/plain"],
    ] as const) {
      expect(await errorOf(await post(body, contentType))).toEqual({ status: 400, message: m.notMultipart });
    }
    expect(await t.db.select().from(files).where(eq(files.userId, rider.userId))).toEqual([]);
  });

  it("refuses a form with two files or two purposes, naming the field, instead of keeping one of them", async () => {
    const rider = await signUp(t.app);
    const png = await solid(8, 8).png().toBuffer();
    const photo = () => new File([new Uint8Array(png)], "bike.png", { type: "image/png" });
    const send = (form: FormData) =>
      t.app.request("/api/files", {
        method: "POST",
        headers: { Origin: TEST_ORIGIN, Cookie: rider.cookie },
        body: form,
      });
    const twoFiles = new FormData();
    twoFiles.append("file", photo());
    twoFiles.append("file", photo());
    twoFiles.set("purpose", "bicycle-image");
    const twoPurposes = new FormData();
    twoPurposes.set("file", photo());
    twoPurposes.append("purpose", "receipt");
    twoPurposes.append("purpose", "bicycle-image");
    for (const [form, field, message] of [
      [twoFiles, "file", m.oneFile],
      [twoPurposes, "purpose", m.purposeInvalid],
    ] as const) {
      const response = await send(form);
      expect(response.status).toBe(400);
      expect(((await response.json()) as { error: unknown }).error).toEqual({
        code: "VALIDATION",
        message,
        fields: { [field]: message },
      });
    }
    expect(await t.db.select().from(files).where(eq(files.userId, rider.userId))).toEqual([]);
  });

  it("refuses an empty file as empty, and names the file as the field at fault", async () => {
    const rider = await signUp(t.app);
    const empty = await upload(rider, Buffer.alloc(0), "photo.jpg", "image/jpeg");
    expect(empty.status).toBe(400);
    expect(((await empty.json()) as { error: unknown }).error).toMatchObject({
      message: m.empty,
      fields: { file: m.empty },
    });
    const html = await upload(rider, Buffer.from("<!doctype html>"), "photo.png", "image/png");
    expect(((await html.json()) as { error: unknown }).error).toMatchObject({
      fields: { file: m.invalidType },
    });
  });

  it("refuses a truncated JPEG, a pixel bomb and a file over 10 MB with clear messages", async () => {
    const rider = await signUp(t.app);
    const noise = await sharp(randomBytes(300 * 300 * 3), { raw: { width: 300, height: 300, channels: 3 } })
      .jpeg()
      .toBuffer();
    const truncated = noise.subarray(0, Math.floor(noise.length / 2));
    expect(await errorOf(await upload(rider, truncated, "cut.jpg", "image/jpeg"))).toEqual({
      status: 400,
      message: m.processFailed,
    });
    expect(await errorOf(await upload(rider, pngBomb(), "bomb.png", "image/png"))).toEqual({
      status: 400,
      message: m.tooManyPixels,
    });
    const big = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), randomBytes(11 * 1024 * 1024)]);
    expect(await errorOf(await upload(rider, big, "big.jpg", "image/jpeg"))).toEqual({
      status: 413,
      message: m.tooLarge,
    });
  });

  it("strips EXIF, GPS included, from stored photos", async () => {
    const rider = await signUp(t.app);
    const withGps = await solid(64, 48)
      .withExif({ IFD3: { GPSLatitudeRef: "N", GPSLatitude: "51/1 30/1 0/1" } })
      .jpeg()
      .toBuffer();
    expect((await sharp(withGps).metadata()).exif).toBeDefined();
    const file = await uploaded(await upload(rider, withGps, "gps.jpg", "image/jpeg"));
    const stored = Buffer.from(await (await rider.request("GET", file.url)).arrayBuffer());
    const meta = await sharp(stored).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
  });

  it("takes PDFs as receipts only, and serves them as downloads", async () => {
    const rider = await signUp(t.app);
    const pdf = Buffer.from("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");
    expect(await errorOf(await upload(rider, pdf, "r.pdf", "application/pdf"))).toEqual({
      status: 400,
      message: m.invalidType,
    });
    const file = await uploaded(await upload(rider, pdf, "r.pdf", "application/pdf", "receipt"));
    expect(await diskPath(file.id)).toContain(`${path.sep}receipts${path.sep}`);
    const served = await rider.request("GET", file.url);
    expect(served.headers.get("Content-Type")).toBe("application/pdf");
    expect(served.headers.get("Content-Disposition")).toMatch(/^attachment/);
    expect(Buffer.from(await served.arrayBuffer()).equals(pdf)).toBe(true);
    const html = Buffer.from("<html></html>");
    expect((await errorOf(await upload(rider, html, "r.pdf", "application/pdf", "receipt"))).message).toBe(
      m.invalidReceiptType,
    );
  });

  it("names a downloaded PDF receipt after the service entry that shows it: its date and component", async () => {
    const rider = await signUp(t.app);
    const pdf = Buffer.from("%PDF-1.4\n%%EOF\n");
    const disposition = async (file: UploadedFile) =>
      (await rider.request("GET", file.url)).headers.get("Content-Disposition");
    const attach = async (file: UploadedFile, componentName: string, date: string) => {
      const created = (await (
        await rider.request("POST", "/api/components", { name: componentName, type: "Drivetrain" })
      ).json()) as { component: { id: string } };
      const entry = await rider.request("POST", `/api/components/${created.component.id}/services`, {
        date,
        description: "New chain",
        cost: 45,
        receiptUrl: file.url,
      });
      expect(entry.status).toBe(201);
    };

    // Not saved with an entry yet: still a receipt's name.
    const chain = await uploaded(await upload(rider, pdf, "scan.pdf", "application/pdf", "receipt"));
    expect(await disposition(chain)).toBe('attachment; filename="receipt.pdf"');
    await attach(chain, "Shimano CN-M8100 chain", "2024-05-31");
    expect(await disposition(chain)).toBe(
      'attachment; filename="receipt-2024-05-31-shimano-cn-m8100-chain.pdf"',
    );

    // Accents and emoji are made safe; the readable name comes too, for browsers that take it.
    const kette = await uploaded(await upload(rider, pdf, "scan.pdf", "application/pdf", "receipt"));
    await attach(kette, "Kette für Rennräder 🚲", "2024-06-01");
    expect(await disposition(kette)).toBe(
      `attachment; filename="receipt-2024-06-01-kette-fur-rennrader.pdf"; filename*=UTF-8''${encodeURIComponent("receipt-2024-06-01-kette-für-rennräder.pdf")}`,
    );
    // A name with nothing ASCII keeps the date; a very long one is cut to a name a file system takes.
    const japanese = await uploaded(await upload(rider, pdf, "scan.pdf", "application/pdf", "receipt"));
    await attach(japanese, "チェーン", "2024-06-02");
    expect(await disposition(japanese)).toBe(
      `attachment; filename="receipt-2024-06-02.pdf"; filename*=UTF-8''${encodeURIComponent("receipt-2024-06-02-チェーン.pdf")}`,
    );
    const long = await uploaded(await upload(rider, pdf, "scan.pdf", "application/pdf", "receipt"));
    await attach(long, "Chain ".repeat(30), "2024-06-03");
    const longName = /filename="([^"]+)"/.exec((await disposition(long))!)![1]!;
    expect(longName).toMatch(/^receipt-2024-06-03-chain-chain-[a-z-]*chain\.pdf$/);
    expect(longName.length).toBeLessThanOrEqual(80);
  });

  it("answers a receipt's revalidation with its new name once the entry's component is renamed", async () => {
    const rider = await signUp(t.app);
    const receipt = await uploaded(
      await upload(rider, Buffer.from("%PDF-1.4\n%%EOF\n"), "scan.pdf", "application/pdf", "receipt"),
    );
    const created = (await (
      await rider.request("POST", "/api/components", { name: "Old chain", type: "Drivetrain" })
    ).json()) as { component: { id: string } };
    const entry = { date: "2024-05-31", description: "New chain", cost: 45, receiptUrl: receipt.url };
    expect(
      (await rider.request("POST", `/api/components/${created.component.id}/services`, entry)).status,
    ).toBe(201);
    const revalidate = (tag: string) =>
      t.app.request(receipt.url, { headers: { Cookie: rider.cookie!, "If-None-Match": tag } });
    const tag = (await rider.request("GET", receipt.url)).headers.get("ETag")!;
    expect((await revalidate(tag)).status).toBe(304);

    const renamed = await rider.request("PUT", `/api/components/${created.component.id}`, {
      name: "New chain",
      type: "Drivetrain",
    });
    expect(renamed.status).toBe(200);
    const after = await revalidate(tag);
    expect(after.status).toBe(200);
    expect(after.headers.get("Content-Disposition")).toBe(
      'attachment; filename="receipt-2024-05-31-new-chain.pdf"',
    );
  });

  it("serves a photo or receipt to its owner only, kept by no shared cache; a stranger or a visitor gets 404", async () => {
    const owner = await signUp(t.app);
    const stranger = await signUp(t.app);
    const png = await solid(10, 10).png().toBuffer();
    const pdf = Buffer.from("%PDF-1.4\n%%EOF\n");
    const photo = await uploaded(await upload(owner, png, "a.png", "image/png"));
    const receipt = await uploaded(await upload(owner, pdf, "r.pdf", "application/pdf", "receipt"));
    for (const file of [photo, receipt]) {
      const served = await owner.request("GET", file.url);
      expect(served.status).toBe(200);
      expect(served.headers.get("Cache-Control")).toBe("private, no-cache");
      for (const outsider of [stranger, anonymous(t.app)]) {
        const refused = await outsider.request("GET", file.url);
        expect(refused.status).toBe(404);
        expect(await refused.text()).not.toContain(file.id);
      }
    }

    // The browser keeps the bytes but asks each time: the owner gets a 304, anyone else still a 404.
    const first = await owner.request("GET", photo.url);
    const tag = first.headers.get("ETag")!;
    expect(tag).toBeTruthy();
    const again = (client: TestClient) =>
      t.app.request(photo.url, {
        headers: { "If-None-Match": tag, ...(client.cookie ? { Cookie: client.cookie } : {}) },
      });
    const revalidated = await again(owner);
    expect([revalidated.status, revalidated.headers.get("Cache-Control")]).toEqual([
      304,
      "private, no-cache",
    ]);
    expect((await again(stranger)).status).toBe(404);
    expect((await again(anonymous(t.app))).status).toBe(404);
  });

  it("refuses a receipt as a bicycle's or a component's photo, naming the field, and stores nothing", async () => {
    const rider = await signUp(t.app);
    const png = await solid(10, 10).png().toBuffer();
    const receipt = await uploaded(await upload(rider, png, "receipt.png", "image/png", "receipt"));
    const refused = { code: "VALIDATION", message: m.wrongPurpose, fields: { imageUrl: m.wrongPurpose } };
    const bike = await rider.request("POST", "/api/bicycles", { name: "Road", imageUrl: receipt.url });
    expect([bike.status, ((await bike.json()) as { error: unknown }).error]).toEqual([400, refused]);
    expect(await json(rider.request("GET", "/api/bicycles"))).toEqual({ bicycles: [] });
    const { component } = await json<{ component: { id: string } }>(
      rider.request("POST", "/api/components", { name: "Chain", type: "Drivetrain" }),
    );
    const path = `/api/components/${component.id}`;
    const part = await rider.request("PUT", path, { imageUrl: receipt.url });
    expect([part.status, ((await part.json()) as { error: unknown }).error]).toEqual([400, refused]);
    expect(await json(rider.request("GET", path))).toMatchObject({ component: { imageUrl: null } });
  });

  it("needs a session to upload, and answers unknown files with 404", async () => {
    const png = await solid(10, 10).png().toBuffer();
    const form = new FormData();
    form.set("file", new File([png], "a.png"));
    form.set("purpose", "bicycle-image");
    const response = await t.app.request("/api/files", {
      method: "POST",
      headers: { Origin: TEST_ORIGIN },
      body: form,
    });
    expect(response.status).toBe(401);
    const rider = await signUp(t.app);
    for (const client of [anonymous(t.app), rider]) {
      expect((await client.request("GET", "/api/files/00000000-0000-4000-8000-000000000000")).status).toBe(
        404,
      );
      expect((await client.request("GET", "/api/files/..%2f..%2fauth-secret")).status).toBe(404);
    }
  });

  it("refuses another user's file as a photo, changing nothing", async () => {
    const owner = await signUp(t.app);
    const other = await signUp(t.app);
    const png = await solid(10, 10).png().toBuffer();
    const theirs = await uploaded(await upload(owner, png, "a.png", "image/png"));
    const created = await other.request("POST", "/api/bicycles", { name: "Mine", imageUrl: theirs.url });
    expect(created.status).toBe(404);
    expect(
      ((await (await other.request("GET", "/api/bicycles")).json()) as { bicycles: Bicycle[] }).bicycles,
    ).toEqual([]);

    const bike = (
      (await (await other.request("POST", "/api/bicycles", { name: "Mine" })).json()) as { bicycle: Bicycle }
    ).bicycle;
    expect(
      (await other.request("PUT", `/api/bicycles/${bike.id}`, { name: "Mine", imageUrl: theirs.url })).status,
    ).toBe(404);
    const component = await other.request("POST", "/api/components", {
      name: "Fork",
      type: "Fork",
      bicycleId: bike.id,
      imageUrl: theirs.url,
    });
    expect(component.status).toBe(404);
    expect(existsSync((await diskPath(theirs.id))!)).toBe(true);
  });

  it("deletes a bicycle's photo, its components' photos and their receipts with it", async () => {
    const rider = await signUp(t.app);
    const png = await solid(10, 10).png().toBuffer();
    const pdf = Buffer.from("%PDF-1.4\n%%EOF\n");
    const photo = await uploaded(await upload(rider, png, "bike.png", "image/png"));
    const partPhoto = await uploaded(await upload(rider, png, "fork.png", "image/png", "component-image"));
    const receipt = await uploaded(await upload(rider, pdf, "r.pdf", "application/pdf", "receipt"));
    const bike = (
      (await (await rider.request("POST", "/api/bicycles", { name: "B", imageUrl: photo.url })).json()) as {
        bicycle: Bicycle;
      }
    ).bicycle;
    expect(bike.imageUrl).toBe(photo.url);
    const component = (await (
      await rider.request("POST", "/api/components", {
        name: "Fork",
        type: "Fork",
        bicycleId: bike.id,
        imageUrl: partPhoto.url,
      })
    ).json()) as { component: { id: string } };
    const entry = await rider.request("POST", `/api/components/${component.component.id}/services`, {
      date: "2024-05-01",
      description: "Lowers",
      cost: 20,
      receiptUrl: receipt.url,
    });
    expect(entry.status).toBe(201);
    const paths = await Promise.all([photo, partPhoto, receipt].map((f) => diskPath(f.id)));
    expect(paths.every((p) => p && existsSync(p))).toBe(true);

    expect((await rider.request("DELETE", `/api/bicycles/${bike.id}`)).status).toBe(204);
    expect(paths.some((p) => existsSync(p!))).toBe(false);
    expect(await t.db.select().from(files).where(eq(files.userId, rider.userId))).toEqual([]);
  });

  it("removes the old photo when it is replaced or removed", async () => {
    const rider = await signUp(t.app);
    const png = await solid(10, 10).png().toBuffer();
    const first = await uploaded(await upload(rider, png, "1.png", "image/png"));
    const second = await uploaded(await upload(rider, png, "2.png", "image/png"));
    const bike = (
      (await (await rider.request("POST", "/api/bicycles", { name: "B", imageUrl: first.url })).json()) as {
        bicycle: Bicycle;
      }
    ).bicycle;
    const firstPath = (await diskPath(first.id))!;
    const secondPath = (await diskPath(second.id))!;
    expect(
      (await rider.request("PUT", `/api/bicycles/${bike.id}`, { name: "B", imageUrl: second.url })).status,
    ).toBe(200);
    expect(existsSync(firstPath)).toBe(false);
    expect(
      (await rider.request("PUT", `/api/bicycles/${bike.id}`, { name: "B", imageUrl: null })).status,
    ).toBe(200);
    expect(existsSync(secondPath)).toBe(false);
  });

  it("removes the photos only a share link still showed when the link is deleted", async () => {
    const rider = await signUp(t.app);
    const png = await solid(10, 10).png().toBuffer();
    const old = await uploaded(await upload(rider, png, "old.png", "image/png"));
    const current = await uploaded(await upload(rider, png, "new.png", "image/png"));
    const shareOf = async (bicycleId: string) => {
      const response = await rider.request("POST", `/api/bicycles/${bicycleId}/share`, {});
      expect(response.status).toBe(201);
      return ((await response.json()) as { link: { id: string } }).link;
    };
    const bike = (
      (await (await rider.request("POST", "/api/bicycles", { name: "B", imageUrl: old.url })).json()) as {
        bicycle: Bicycle;
      }
    ).bicycle;
    // The photo is replaced after sharing: the first link keeps showing the old one.
    const first = await shareOf(bike.id);
    const put = await rider.request("PUT", `/api/bicycles/${bike.id}`, { name: "B", imageUrl: current.url });
    expect(put.status).toBe(200);
    // The second link shows the new one, and lives on after the bicycle is deleted (sold, say).
    const second = await shareOf(bike.id);
    expect((await rider.request("DELETE", `/api/bicycles/${bike.id}`)).status).toBe(204);
    const [oldPath, currentPath] = [(await diskPath(old.id))!, (await diskPath(current.id))!];
    expect([existsSync(oldPath), existsSync(currentPath)]).toEqual([true, true]);

    expect((await rider.request("DELETE", `/api/shared-links/${first.id}`)).status).toBe(204);
    expect([existsSync(oldPath), existsSync(currentPath)]).toEqual([false, true]);
    expect((await rider.request("DELETE", `/api/shared-links/${second.id}`)).status).toBe(204);
    expect(existsSync(currentPath)).toBe(false);
    expect(await t.db.select().from(files).where(eq(files.userId, rider.userId))).toEqual([]);
  });

  it("frees, within the hour after a day, an upload whose form was never saved, even if its owner never uploads again", async () => {
    const rider = await signUp(t.app);
    const other = await signUp(t.app);
    const png = await solid(10, 10).png().toBuffer();
    // Picked, uploaded, and the form cancelled: nothing shows it.
    const abandoned = await uploaded(await upload(rider, png, "a.png", "image/png"));
    const shown = await uploaded(await upload(rider, png, "b.png", "image/png"));
    expect((await rider.request("POST", "/api/bicycles", { name: "B", imageUrl: shown.url })).status).toBe(
      201,
    );
    const theirs = await uploaded(await upload(other, png, "c.png", "image/png"));
    const fresh = await uploaded(await upload(other, png, "d.png", "image/png"));
    const dayAgo = new Date(Date.now() - 25 * 60 * 60 * 1000);
    await t.db
      .update(files)
      .set({ createdAt: dayAgo })
      .where(inArray(files.id, [abandoned.id, shown.id, theirs.id]));
    const paths = await Promise.all(
      [abandoned, shown, theirs, fresh].map(async (f) => (await diskPath(f.id))!),
    );

    const runner = createJobRunner({
      db: t.db,
      logger: t.logger,
      jobs: scheduledJobs({
        db: t.db,
        config: t.config,
        logger: t.logger,
        mailer: t.mailer,
        storage: t.storage,
      }),
    });
    expect(await runner.runDue()).toContain("unattached-files");
    // The abandoned ones (of both users) are gone; the bicycle's photo and an upload made today stay.
    expect(paths.map((p) => existsSync(p))).toEqual([false, true, false, true]);
    expect((await rider.request("GET", abandoned.url)).status).toBe(404);
    expect((await rider.request("GET", shown.url)).status).toBe(200);
    expect((await other.request("GET", fresh.url)).status).toBe(200);
  });

  it("deleting an account removes everything that user uploaded, and only theirs", async () => {
    const leaving = await signUp(t.app);
    const staying = await signUp(t.app);
    const png = await solid(10, 10).png().toBuffer();
    const gone = await uploaded(await upload(leaving, png, "a.png", "image/png"));
    const kept = await uploaded(await upload(staying, png, "b.png", "image/png"));
    const [gonePath, keptPath] = [(await diskPath(gone.id))!, (await diskPath(kept.id))!];
    const deleted = await t.app.request("/api/auth/delete-user", {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: TEST_ORIGIN, Cookie: leaving.cookie },
      body: JSON.stringify({ password: "correct-horse" }),
    });
    expect(deleted.status).toBe(200);
    expect([existsSync(gonePath), existsSync(keptPath)]).toEqual([false, true]);
    expect(await diskPath(gone.id)).toBeNull();
  });

  it("keeps each user within the storage quota and the upload rate limit", async () => {
    const rider = await signUp(t.app);
    const png = await solid(10, 10).png().toBuffer();
    await t.db.insert(files).values({
      userId: rider.userId,
      key: "0-quotafiller.webp",
      contentType: "image/webp",
      size: QUOTA_BYTES,
      purpose: "bicycle-image",
    });
    expect(await errorOf(await upload(rider, png, "a.png", "image/png"))).toEqual({
      status: 409,
      message: m.quotaReached,
    });

    const busy = await signUp(t.app);
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await upload(busy, png, "a.png", "image/png")).status);
    expect(statuses.slice(0, 30).every((s) => s === 201)).toBe(true);
    expect(statuses[30]).toBe(429);
  });
});
