import { existsSync, mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createDiskStorage, newStorageKey } from "./storage.ts";

describe("disk storage", () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "velolog-storage-"));
  const storage = createDiskStorage(dataDir);

  it("stores, reads and deletes under DATA_DIR/bicycle_images", async () => {
    const key = newStorageKey("webp", "component_images");
    expect(key).toMatch(/^component_images\/\d+-[0-9a-f]{24}\.webp$/);
    await storage.put(key, new Uint8Array([1, 2, 3]), "image/webp");
    expect(existsSync(path.join(dataDir, "bicycle_images", key))).toBe(true);
    expect([...((await storage.get(key)) ?? [])]).toEqual([1, 2, 3]);
    await storage.delete(key);
    expect(await storage.get(key)).toBeNull();
    await storage.delete(key);
  });

  it("never overwrites an existing file", async () => {
    const key = newStorageKey("pdf", "receipts");
    await storage.put(key, new Uint8Array([1]), "application/pdf");
    await expect(storage.put(key, new Uint8Array([2]), "application/pdf")).rejects.toThrow();
    expect([...((await storage.get(key)) ?? [])]).toEqual([1]);
  });

  it("refuses keys that could leave the bucket", async () => {
    await expect(storage.get("../auth-secret")).rejects.toThrow(/Invalid storage key/);
    await expect(storage.put("/etc/passwd", new Uint8Array(), "text/plain")).rejects.toThrow();
  });
});
