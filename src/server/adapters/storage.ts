import { randomBytes } from "node:crypto";
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";

/** Where uploaded bytes live. Keys are server-made names such as `component_images/1700000000000-ab12cd.webp`. */
export interface Storage {
  /** Stores new bytes; refuses to overwrite an existing key. */
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** The bytes, or null when there is no such key. */
  get(key: string): Promise<Uint8Array | null>;
  /** Removes the key; a missing key is not an error. */
  delete(key: string): Promise<void>;
}

export const BUCKET = "bicycle_images";

const KEY = /^(?:[a-z_]+\/)?[0-9]+-[a-z0-9]+\.[a-z]+$/;

/** A fresh, never-reused name: `timestamp-random.ext`, under `prefix/` when given. */
export function newStorageKey(extension: string, prefix?: string): string {
  const name = `${Date.now()}-${randomBytes(12).toString("hex")}.${extension}`;
  return prefix ? `${prefix}/${name}` : name;
}

export function assertKey(key: string): void {
  // Keys are ours, but checking the shape keeps a bad one from ever naming a path outside the bucket.
  if (!KEY.test(key)) throw new Error(`Invalid storage key: ${key}`);
}

/** Files on local disk under `dataDir/bicycle_images`. */
export function createDiskStorage(dataDir: string): Storage {
  const root = path.join(dataDir, BUCKET);
  const fileFor = (key: string) => {
    assertKey(key);
    return path.join(root, key);
  };
  return {
    async put(key, bytes) {
      const file = fileFor(key);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, bytes, { flag: "wx" });
    },
    async get(key) {
      try {
        return await readFile(fileFor(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw error;
      }
    },
    async delete(key) {
      await rm(fileFor(key), { force: true });
    },
  };
}
