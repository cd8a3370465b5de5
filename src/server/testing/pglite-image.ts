import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import type { TestProject } from "vitest/node";
import { MIGRATIONS_FOLDER } from "./migrations.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** A migrated, empty embedded database as a tarball (PGlite's `dumpDataDir`), made once per test run. */
    pgliteImage: string;
  }
}

/**
 * Vitest global set-up: creating an embedded database runs initdb inside WebAssembly (about 3 s); loading
 * one made before takes under 1 s. So the run makes one migrated, empty database, and every test's
 * `openTestDatabase("pglite")` starts from a copy of it.
 */
export default async function makePgliteImage(project: TestProject) {
  const client = await PGlite.create();
  await migrate(drizzle({ client }), { migrationsFolder: MIGRATIONS_FOLDER });
  const image = await client.dumpDataDir("none");
  await client.close();
  const folder = mkdtempSync(path.join(os.tmpdir(), "velolog-pglite-image-"));
  const file = path.join(folder, "pglite.tar");
  writeFileSync(file, Buffer.from(await image.arrayBuffer()));
  project.provide("pgliteImage", file);
  return () => rmSync(folder, { recursive: true, force: true });
}

/** The image made by the global set-up, for `openDatabase`'s in-memory target. */
export function pgliteImage(file: string): Blob {
  return new Blob([readFileSync(file)]);
}
