import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { HeadObjectCommand } from "@aws-sdk/client-s3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type S3TestServer, startS3Server } from "../testing/s3-server.ts";
import { createS3Storage } from "./s3-storage.ts";
import { createDiskStorage, newStorageKey, type Storage } from "./storage.ts";

const bytesOf = async (storage: Storage, key: string) => {
  const bytes = await storage.get(key);
  return bytes === null ? null : Buffer.from(bytes);
};

/** What every Storage must do; run below against local disk and against an S3-compatible server. */
function behavesAsStorage(storage: () => Storage) {
  it("stores, reads back and deletes, under a prefix or not", async () => {
    for (const key of [newStorageKey("webp"), newStorageKey("webp", "component_images")]) {
      const bytes = randomBytes(300 * 1024);
      await storage().put(key, bytes, "image/webp");
      expect((await bytesOf(storage(), key))?.equals(bytes)).toBe(true);
      await storage().delete(key);
      expect(await storage().get(key)).toBeNull();
    }
  });

  it("keeps empty files and every byte value", async () => {
    const empty = newStorageKey("pdf", "receipts");
    await storage().put(empty, new Uint8Array(), "application/pdf");
    expect(await bytesOf(storage(), empty)).toEqual(Buffer.alloc(0));
    const all = newStorageKey("pdf", "receipts");
    const everyByte = Buffer.from(Array.from({ length: 256 }, (_, i) => i));
    await storage().put(all, everyByte, "application/pdf");
    expect((await bytesOf(storage(), all))?.equals(everyByte)).toBe(true);
  });

  it("answers null for a key that was never stored", async () => {
    expect(await storage().get(newStorageKey("webp"))).toBeNull();
    expect(await storage().get(newStorageKey("webp", "component_images"))).toBeNull();
  });

  it("deleting a missing key is not an error", async () => {
    const key = newStorageKey("webp");
    await expect(storage().delete(key)).resolves.toBeUndefined();
    await storage().put(key, new Uint8Array([1]), "image/webp");
    await storage().delete(key);
    await expect(storage().delete(key)).resolves.toBeUndefined();
  });

  it("never overwrites an existing key", async () => {
    const key = newStorageKey("pdf", "receipts");
    await storage().put(key, new Uint8Array([1]), "application/pdf");
    await expect(storage().put(key, new Uint8Array([2]), "application/pdf")).rejects.toThrow();
    expect([...((await storage().get(key)) ?? [])]).toEqual([1]);
  });

  it("keeps files apart when many are stored at once", async () => {
    const files = Array.from({ length: 12 }, (_, i) => ({
      key: newStorageKey("webp", i % 2 ? "component_images" : undefined),
      bytes: randomBytes(1000 + i),
    }));
    await Promise.all(files.map((f) => storage().put(f.key, f.bytes, "image/webp")));
    const read = await Promise.all(files.map((f) => bytesOf(storage(), f.key)));
    expect(read.every((bytes, i) => bytes?.equals(files[i]!.bytes))).toBe(true);
  });

  it("refuses keys it did not make, such as ones that could leave the bucket", async () => {
    await expect(storage().get("../auth-secret")).rejects.toThrow(/Invalid storage key/);
    await expect(storage().put("/etc/passwd", new Uint8Array(), "text/plain")).rejects.toThrow(
      /Invalid storage key/,
    );
    await expect(storage().delete("receipts/../../x.pdf")).rejects.toThrow(/Invalid storage key/);
  });
}

describe("disk storage", () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "velolog-storage-"));
  const storage = createDiskStorage(dataDir);

  behavesAsStorage(() => storage);

  it("keeps files under DATA_DIR/bicycle_images", async () => {
    const key = newStorageKey("webp", "component_images");
    expect(key).toMatch(/^component_images\/\d+-[0-9a-f]{24}\.webp$/);
    await storage.put(key, new Uint8Array([1, 2, 3]), "image/webp");
    expect(existsSync(path.join(dataDir, "bicycle_images", key))).toBe(true);
  });
});

describe("S3 storage (against s3rver, a local S3-compatible server)", () => {
  let s3: S3TestServer;
  let storage: Storage;
  beforeAll(async () => {
    s3 = await startS3Server();
    storage = createS3Storage(s3.config);
  });
  afterAll(() => s3.stop());

  behavesAsStorage(() => storage);

  it("keeps files in the bucket under the same keys, with their content type", async () => {
    const key = newStorageKey("webp", "component_images");
    await storage.put(key, new Uint8Array([1, 2, 3]), "image/webp");
    expect(await s3.keys()).toContain(key);
    const head = await s3.client.send(new HeadObjectCommand({ Bucket: s3.bucket, Key: key }));
    expect([head.ContentType, head.ContentLength]).toEqual(["image/webp", 3]);
  });

  it("reports a failing server as an error, never as a missing file", async () => {
    const key = newStorageKey("webp");
    await storage.put(key, new Uint8Array([1]), "image/webp");
    // s3rver checks the access key id but not SigV4 signatures, so a wrong key id stands for a refusal.
    const refused = createS3Storage({ ...s3.config, accessKeyId: "NOT-A-KEY" });
    await expect(refused.get(key)).rejects.toThrow(/Access Key Id/);
    await expect(refused.put(newStorageKey("webp"), new Uint8Array([1]), "image/webp")).rejects.toThrow();
    await expect(refused.delete(key)).rejects.toThrow();
    const noBucket = createS3Storage({ ...s3.config, bucket: "no-such-bucket" });
    await expect(noBucket.get(key)).rejects.toThrow();
    await expect(noBucket.put(newStorageKey("webp"), new Uint8Array([1]), "image/webp")).rejects.toThrow();
    const stopped = createS3Storage({ ...s3.config, endpoint: "http://127.0.0.1:9" });
    await expect(stopped.get(key)).rejects.toThrow();
  });
});
