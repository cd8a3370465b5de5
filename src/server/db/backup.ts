import { spawn } from "node:child_process";
import {
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  renameSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pgDump } from "@electric-sql/pglite-tools/pg_dump";
import pg from "pg";
import { BUCKET } from "../adapters/storage.ts";
import { acquireDataDirLock, DataDirLockedError } from "./lock.ts";

/**
 * Backups (decision 0016): a folder named after the moment it was taken, holding
 *   dump.sql         a plain-format pg_dump of the whole database (schema, data, and drizzle's migration
 *                    bookkeeping), loadable into an empty PostgreSQL with psql
 *   bicycle_images/  a copy of the uploaded files (disk storage)
 *   auth-secret      the generated session secret, when DATA_DIR has one
 *   manifest.json    what was backed up, from where, when
 * The folder appears under its final name only once everything is written.
 */
export interface BackupManifest {
  format: "velolog-backup-1";
  createdAt: string;
  source: "pglite" | "postgres";
  dump: "dump.sql";
  files: number;
  authSecret: boolean;
}

export class BackupError extends Error {}

export interface BackupOptions {
  dataDir: string;
  databaseUrl?: string;
  /** The folder that receives the timestamped backup folder. */
  backupDir: string;
  log?: (line: string) => void;
}

export async function createBackup(
  options: BackupOptions,
): Promise<{ dir: string; manifest: BackupManifest }> {
  const log = options.log ?? (() => {});
  const createdAt = new Date();
  const name = `velolog-${createdAt.toISOString().replace(/[:.]/g, "-")}`;
  const finalDir = path.resolve(options.backupDir, name);
  const workDir = `${finalDir}.partial`;
  if (existsSync(finalDir)) throw new BackupError(`${finalDir} already exists.`);
  mkdirSync(workDir, { recursive: true, mode: 0o700 });
  try {
    const dumpFile = path.join(workDir, "dump.sql");
    let release = () => {};
    if (options.databaseUrl) {
      log("Dumping PostgreSQL with pg_dump ...");
      await runPgDump(options.databaseUrl, dumpFile);
    } else {
      const databaseDir = path.join(options.dataDir, "pglite");
      if (!existsSync(databaseDir))
        throw new BackupError(`There is no embedded database in ${options.dataDir} (no pglite folder).`);
      // The embedded database is one process's at a time: a running server keeps us out, and while we
      // hold the lock a server cannot start and change the database or the files under us.
      try {
        release = acquireDataDirLock(options.dataDir);
      } catch (error) {
        if (error instanceof DataDirLockedError)
          throw new BackupError(
            `${error.message}\nThe embedded database can only be backed up while the server is stopped: ` +
              "stop it, run npm run db:backup, then start it again.",
          );
        throw error;
      }
      log("Dumping the embedded database ...");
      try {
        await dumpPglite(databaseDir, dumpFile);
      } catch (error) {
        release();
        throw error;
      }
    }
    try {
      // After the dump: every file the dump names was uploaded before it was taken.
      const filesDir = path.join(options.dataDir, BUCKET);
      const files = existsSync(filesDir) ? copyFiles(filesDir, path.join(workDir, BUCKET)) : 0;
      const secretFile = path.join(options.dataDir, "auth-secret");
      const authSecret = existsSync(secretFile);
      if (authSecret) {
        cpSync(secretFile, path.join(workDir, "auth-secret"));
        chmodSync(path.join(workDir, "auth-secret"), 0o600);
      }
      const manifest: BackupManifest = {
        format: "velolog-backup-1",
        createdAt: createdAt.toISOString(),
        source: options.databaseUrl ? "postgres" : "pglite",
        dump: "dump.sql",
        files,
        authSecret,
      };
      writeFileSync(path.join(workDir, "manifest.json"), `${JSON.stringify(manifest, null, 2)}\n`);
      renameSync(workDir, finalDir);
      return { dir: finalDir, manifest };
    } finally {
      release();
    }
  } catch (error) {
    rmSync(workDir, { recursive: true, force: true });
    throw error;
  }
}

function copyFiles(from: string, to: string): number {
  cpSync(from, to, { recursive: true, errorOnExist: true, force: false, preserveTimestamps: true });
  return countFiles(to);
}

function countFiles(dir: string): number {
  let n = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    n += entry.isDirectory() ? countFiles(path.join(dir, entry.name)) : 1;
  }
  return n;
}

async function dumpPglite(databaseDir: string, dumpFile: string): Promise<void> {
  // The same start parameters as the server (fsync on, decision 0010).
  const startParams = PGlite.defaultStartParams.filter((param) => param !== "-F");
  const client = await PGlite.create(databaseDir, { startParams });
  try {
    const file = await pgDump({ pg: client, args: ["--no-owner", "--no-privileges"] });
    writeFileSync(dumpFile, portableDump(await file.text()));
  } finally {
    await client.close();
  }
}

/**
 * PGlite is PostgreSQL 18, whose pg_dump sets `transaction_timeout` (new in 17) at the top of the
 * dump. On an older server that one line is an error, so it becomes a setting applied only where the
 * server knows it; nothing else in our schema's dump depends on the version.
 */
export function portableDump(text: string): string {
  return text.replace(
    /^SET transaction_timeout = 0;$/m,
    "SELECT pg_catalog.set_config('transaction_timeout', '0', false) WHERE current_setting('server_version_num')::int >= 170000;",
  );
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ["ignore", "inherit", "pipe"], env });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on("error", (error) =>
      reject(
        new BackupError(
          (error as NodeJS.ErrnoException).code === "ENOENT"
            ? `${command} was not found: install the PostgreSQL client tools (e.g. apt-get install postgresql-client).`
            : `${command} could not run: ${error.message}`,
        ),
      ),
    );
    child.on("exit", (code) =>
      code === 0 ? resolve() : reject(new BackupError(`${command} failed (exit ${code}):\n${stderr.trim()}`)),
    );
  });
}

function runPgDump(url: string, dumpFile: string): Promise<void> {
  return run("pg_dump", ["--format=plain", "--no-owner", "--no-privileges", "--file", dumpFile, url]);
}

export interface RestoreOptions {
  /** A backup folder written by createBackup. */
  backup: string;
  /** An empty PostgreSQL database. */
  databaseUrl: string;
  /** Where the restored server's DATA_DIR is: uploaded files (and the auth secret) go there. */
  dataDir: string;
  log?: (line: string) => void;
}

/** Loads a backup into an empty PostgreSQL with psql, and copies its files into dataDir. */
export async function restoreBackup(options: RestoreOptions): Promise<void> {
  const log = options.log ?? (() => {});
  const dumpFile = path.join(options.backup, "dump.sql");
  if (!existsSync(dumpFile))
    throw new BackupError(`${options.backup} is not a Velolog backup (no dump.sql).`);
  const client = new pg.Client({ connectionString: options.databaseUrl });
  await client.connect().catch((error: Error) => {
    throw new BackupError(`Could not connect to DATABASE_URL: ${error.message}`);
  });
  try {
    const { rows } = await client.query<{ n: string }>(
      "select count(*) as n from pg_catalog.pg_tables where schemaname not in ('pg_catalog', 'information_schema')",
    );
    if (Number(rows[0]!.n) > 0)
      throw new BackupError(
        "The target database is not empty: restore into a new, empty database (e.g. createdb velolog).",
      );
  } finally {
    await client.end();
  }
  log("Loading dump.sql with psql ...");
  // -o /dev/null: the dump's SELECT set_config/setval results are noise; errors still reach stderr.
  const psqlArgs = ["-X", "-q", "-v", "ON_ERROR_STOP=1", "--single-transaction", "-o", "/dev/null"];
  await run("psql", [...psqlArgs, "-f", dumpFile, options.databaseUrl], {
    ...process.env,
    PGOPTIONS: "--client-min-messages=warning",
  });
  const filesDir = path.join(options.backup, BUCKET);
  if (existsSync(filesDir)) {
    log(`Copying uploaded files into ${path.join(options.dataDir, BUCKET)} ...`);
    mkdirSync(options.dataDir, { recursive: true });
    cpSync(filesDir, path.join(options.dataDir, BUCKET), {
      recursive: true,
      errorOnExist: true,
      force: false,
      preserveTimestamps: true,
    });
  }
  const secret = path.join(options.backup, "auth-secret");
  const target = path.join(options.dataDir, "auth-secret");
  if (existsSync(secret) && !existsSync(target)) {
    // Signed-in sessions stay valid when the restored server uses the same secret.
    cpSync(secret, target);
    chmodSync(target, 0o600);
  }
}
