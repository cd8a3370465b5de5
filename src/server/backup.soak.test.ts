import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import sharp from "sharp";
import { afterEach, describe, expect, it } from "vitest";
import { exited, killAll, postJson, sessionCookie, startServer } from "./testing/spawn-server.ts";

afterEach(killAll);

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const ORIGIN = { Origin: "http://localhost:3000" };

/** Runs `node scripts/<script>` as an operator would, with the given environment. */
function runScript(
  script: string,
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [path.join(root, "scripts", script), ...args],
      { env: { ...process.env, LOG_LEVEL: "silent", ...env }, timeout: 120_000 },
      (error, stdout, stderr) => resolve({ code: error ? ((error.code as number) ?? 1) : 0, stdout, stderr }),
    );
  });
}

/** Everything a user makes, created through the API of a started server. */
async function createEverything(url: string, dataDir: string) {
  const cookie = await sessionCookie(url, "keeper@example.com", { dataDir });
  const photo = await sharp({
    create: { width: 64, height: 48, channels: 3, background: { r: 10, g: 120, b: 200 } },
  })
    .png()
    .toBuffer();
  const form = new FormData();
  form.set("file", new File([photo], "bike.png", { type: "image/png" }));
  form.set("purpose", "bicycle-image");
  const uploaded = await fetch(`${url}/api/files`, {
    method: "POST",
    headers: { Cookie: cookie, ...ORIGIN },
    body: form,
  });
  expect(uploaded.status).toBe(201);
  const { file } = (await uploaded.json()) as { file: { id: string; url: string } };
  const photoBytes = Buffer.from(
    await (await fetch(`${url}${file.url}`, { headers: { Cookie: cookie } })).arrayBuffer(),
  );

  const bike = await postJson(`${url}/api/bicycles`, cookie, {
    name: "Randonneur",
    description: "Steel, 'quoted' and\nmulti-line; ünïcode ✓",
    price: 1234.5,
    purchaseDate: "2024-03-01",
    purchaseCondition: "used",
    imageUrl: file.url,
  });
  expect(bike.status).toBe(201);
  const { bicycle } = (await bike.json()) as { bicycle: { id: string } };
  const part = await postJson(`${url}/api/components`, cookie, {
    name: "Dynamo hub",
    type: "Other",
    mileage: 1520.5,
    bicycleId: bicycle.id,
  });
  expect(part.status, await part.clone().text()).toBe(201);
  const { component } = (await part.json()) as { component: { id: string } };
  const entry = await postJson(`${url}/api/components/${component.id}/services`, cookie, {
    date: "2025-06-01",
    description: "Bearings regreased",
    cost: 42.1,
  });
  expect(entry.status).toBe(201);
  const share = await postJson(`${url}/api/bicycles/${bicycle.id}/share`, cookie, {
    notes: "For sale",
    includeCosts: true,
  });
  expect(share.status).toBe(201);
  const { link } = (await share.json()) as { link: { token: string } };
  return { cookie, photoUrl: file.url, photoBytes, bicycleId: bicycle.id, token: link.token };
}

type Rows = Record<string, string[]>;

/** Every table's rows as text, sorted, keyed by schema.table (times in UTC so both sides print alike). */
async function allRows(query: (sql: string) => Promise<{ rows: Record<string, unknown>[] }>): Promise<Rows> {
  await query("SET TimeZone = 'UTC'");
  const tables = await query(
    "select schemaname, tablename from pg_catalog.pg_tables where schemaname not in ('pg_catalog', 'information_schema') order by 1, 2",
  );
  const result: Rows = {};
  for (const { schemaname, tablename } of tables.rows as { schemaname: string; tablename: string }[]) {
    const name = `"${schemaname}"."${tablename}"`;
    const { rows } = await query(`select t::text as r from ${name} t order by 1`);
    result[`${schemaname}.${tablename}`] = rows.map((row) => row.r as string);
  }
  return result;
}

async function pgliteRows(dataDir: string): Promise<Rows> {
  const client = await PGlite.create(path.join(dataDir, "pglite"));
  try {
    return await allRows((sql) => client.query(sql));
  } finally {
    await client.close();
  }
}

async function postgresRows(url: string): Promise<Rows> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await allRows((sql) => client.query(sql));
  } finally {
    await client.end();
  }
}

function onlyBackupIn(backupDir: string): string {
  const entries = readdirSync(backupDir);
  expect(entries).toHaveLength(1);
  expect(entries[0]).toMatch(/^velolog-\d{4}-\d\d-\d\dT[\d-]+Z$/);
  return path.join(backupDir, entries[0]!);
}

describe("npm run db:backup on the embedded database", () => {
  it("refuses while a server holds the data directory, and once it is stopped writes a dump, the files and a manifest", async () => {
    const DATA_DIR = mkdtempSync(path.join(os.tmpdir(), "velolog-backup-"));
    const BACKUP_DIR = mkdtempSync(path.join(os.tmpdir(), "velolog-backups-"));
    const server = await startServer({ DATA_DIR });
    expect(server.exitCode, server.output()).toBeNull();
    const made = await createEverything(server.url, DATA_DIR);

    const refused = await runScript("db-backup.ts", [], { DATA_DIR, BACKUP_DIR });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`pid ${server.child.pid}`);
    expect(refused.stderr).toContain("can only be backed up while the server is stopped");
    expect(readdirSync(BACKUP_DIR)).toEqual([]);

    server.child.kill("SIGTERM");
    expect(await exited(server.child)).toBe(0);
    const done = await runScript("db-backup.ts", [], { DATA_DIR, BACKUP_DIR });
    expect(done.code, done.stderr).toBe(0);
    const backup = onlyBackupIn(BACKUP_DIR);
    expect(done.stdout).toContain(`Backup written to ${backup}`);
    const manifest = JSON.parse(readFileSync(path.join(backup, "manifest.json"), "utf8"));
    expect(manifest).toMatchObject({
      format: "velolog-backup-1",
      source: "pglite",
      files: 1,
      authSecret: true,
    });
    const dump = readFileSync(path.join(backup, "dump.sql"), "utf8");
    expect(dump).toContain("CREATE TABLE drizzle.__drizzle_migrations");
    expect(dump).toContain("CREATE TABLE public.bicycles");
    expect(dump).toContain("Randonneur");
    const files = readdirSync(path.join(backup, "bicycle_images"), { recursive: true });
    expect(files.filter((f) => String(f).endsWith(".webp"))).toHaveLength(1);
    // The data directory is free again: a server starts on it and still has the photo.
    const again = await startServer({ DATA_DIR });
    expect((await fetch(`${again.url}${made.photoUrl}`, { headers: { Cookie: made.cookie } })).status).toBe(
      200,
    );
  }, 120_000);
});

const postgresUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!postgresUrl)(
  `backup to PostgreSQL and back${postgresUrl ? "" : " (skipped: TEST_DATABASE_URL not set)"}`,
  () => {
    it("restores an embedded backup into an empty PostgreSQL with every row, then backs that up with pg_dump and restores it again", async () => {
      const admin = new pg.Client({ connectionString: postgresUrl });
      await admin.connect();
      const names = [1, 2].map(() => `velolog_restore_${randomBytes(4).toString("hex")}`);
      const urlOf = (name: string) => {
        const url = new URL(postgresUrl!);
        url.pathname = `/${name}`;
        return url.toString();
      };
      try {
        for (const name of names) await admin.query(`CREATE DATABASE ${name}`);
        const [firstUrl, secondUrl] = names.map(urlOf) as [string, string];

        // 1. Data made through the API on the embedded database, then the server stopped and backed up.
        const DATA_DIR = mkdtempSync(path.join(os.tmpdir(), "velolog-backup-src-"));
        const BACKUP_DIR = mkdtempSync(path.join(os.tmpdir(), "velolog-backups-"));
        const server = await startServer({ DATA_DIR });
        expect(server.exitCode, server.output()).toBeNull();
        const made = await createEverything(server.url, DATA_DIR);
        server.child.kill("SIGTERM");
        expect(await exited(server.child)).toBe(0);
        const backedUp = await runScript("db-backup.ts", ["--out", BACKUP_DIR], { DATA_DIR });
        expect(backedUp.code, backedUp.stderr).toBe(0);
        const backup = onlyBackupIn(BACKUP_DIR);

        // 2. The documented restore into an empty PostgreSQL and a new data directory.
        const RESTORED_DIR = mkdtempSync(path.join(os.tmpdir(), "velolog-restored-"));
        const restored = await runScript("db-restore.ts", [backup], {
          DATABASE_URL: firstUrl,
          DATA_DIR: RESTORED_DIR,
        });
        expect(restored.code, restored.stderr).toBe(0);
        expect(restored.stderr).toBe("");

        // Every table, row by row, including drizzle's migration bookkeeping.
        const before = await pgliteRows(DATA_DIR);
        expect(Object.keys(before)).toContain("drizzle.__drizzle_migrations");
        for (const table of [
          "public.user",
          "public.bicycles",
          "public.components",
          "public.service_entries",
        ]) {
          expect(before[table]!.length, table).toBeGreaterThan(0);
        }
        for (const table of ["public.shared_bikes", "public.files", "public.session", "public.account"]) {
          expect(before[table]!.length, table).toBeGreaterThan(0);
        }
        expect(await postgresRows(firstUrl)).toEqual(before);

        // Restoring into a database that is not empty is refused.
        const again = await runScript("db-restore.ts", [backup], {
          DATABASE_URL: firstUrl,
          DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "velolog-restored-")),
        });
        expect(again.code).toBe(1);
        expect(again.stderr).toContain("The target database is not empty");

        // 3. The server on PostgreSQL: nothing re-migrated, the old session, photo and share link work.
        const onPostgres = await startServer({ DATABASE_URL: firstUrl, DATA_DIR: RESTORED_DIR });
        expect(onPostgres.exitCode, onPostgres.output()).toBeNull();
        expect((await postgresRows(firstUrl))["drizzle.__drizzle_migrations"]).toEqual(
          before["drizzle.__drizzle_migrations"],
        );
        const bikes = await fetch(`${onPostgres.url}/api/bicycles`, { headers: { Cookie: made.cookie } });
        expect(bikes.status).toBe(200);
        const list = (await bikes.json()) as { bicycles: { id: string; name: string; imageUrl: string }[] };
        expect(list.bicycles.map((b) => [b.id, b.name, b.imageUrl])).toEqual([
          [made.bicycleId, "Randonneur", made.photoUrl],
        ]);
        const photo = await fetch(`${onPostgres.url}${made.photoUrl}`, { headers: { Cookie: made.cookie } });
        expect(photo.status).toBe(200);
        expect(Buffer.from(await photo.arrayBuffer()).equals(made.photoBytes)).toBe(true);
        const shared = await fetch(`${onPostgres.url}/api/shared/${made.token}`);
        expect(shared.status).toBe(200);
        const view = (await shared.json()) as { snapshot: { bike: { name: string } }; notes: string };
        expect([view.snapshot.bike.name, view.notes]).toEqual(["Randonneur", "For sale"]);
        await sessionCookie(onPostgres.url, "keeper@example.com", { dataDir: RESTORED_DIR, existing: true });
        onPostgres.child.kill("SIGTERM");
        expect(await exited(onPostgres.child)).toBe(0);

        // 4. A backup of PostgreSQL itself (the system pg_dump) restores the same rows again.
        const PG_BACKUPS = mkdtempSync(path.join(os.tmpdir(), "velolog-backups-pg-"));
        const fromPostgres = await runScript("db-backup.ts", ["--out", PG_BACKUPS], {
          DATABASE_URL: firstUrl,
          DATA_DIR: RESTORED_DIR,
        });
        expect(fromPostgres.code, fromPostgres.stderr).toBe(0);
        const pgBackup = onlyBackupIn(PG_BACKUPS);
        expect(JSON.parse(readFileSync(path.join(pgBackup, "manifest.json"), "utf8"))).toMatchObject({
          source: "postgres",
          files: 1,
        });
        const SECOND_DIR = mkdtempSync(path.join(os.tmpdir(), "velolog-restored-"));
        const second = await runScript("db-restore.ts", [pgBackup], {
          DATABASE_URL: secondUrl,
          DATA_DIR: SECOND_DIR,
        });
        expect(second.code, second.stderr).toBe(0);
        expect(await postgresRows(secondUrl)).toEqual(await postgresRows(firstUrl));
        expect(existsSync(path.join(SECOND_DIR, "bicycle_images"))).toBe(true);
      } finally {
        for (const name of names) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.end();
      }
    }, 240_000);
  },
);
