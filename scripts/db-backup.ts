// npm run db:backup [-- --out DIR]: a plain SQL dump of the database and a copy of the uploaded files,
// in a new timestamped folder under BACKUP_DIR (default ./backups). See docs/deploy.md.
import { ConfigError, loadConfig } from "../src/server/config.ts";
import { BackupError, createBackup } from "../src/server/db/backup.ts";

function outArgument(args: string[]): string | undefined {
  const i = args.indexOf("--out");
  if (i >= 0) {
    const value = args[i + 1];
    if (!value) throw new BackupError("--out needs a folder: npm run db:backup -- --out /path/to/backups");
    return value;
  }
  const unknown = args.find((a) => a !== "--out");
  if (unknown) throw new BackupError(`Unknown argument ${unknown}. Usage: npm run db:backup [-- --out DIR]`);
  return undefined;
}

try {
  // The scripts sign nothing: a stand-in secret keeps loadConfig from generating one into DATA_DIR
  // (the restore copies the backup's own auth-secret there).
  const config = loadConfig({ ...process.env, BETTER_AUTH_SECRET: "x".repeat(32) });
  if (config.s3) {
    console.log(
      "Uploaded files are in S3 (S3_BUCKET): back the bucket up with its own tools; this backup holds the database.",
    );
  }
  const { dir, manifest } = await createBackup({
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
    backupDir: outArgument(process.argv.slice(2)) ?? config.backupDir,
    log: (line) => console.log(line),
  });
  console.log(
    `Backup written to ${dir}\n  dump.sql (${manifest.source === "pglite" ? "embedded database" : "PostgreSQL"}), ` +
      `${manifest.files} uploaded file(s)${manifest.authSecret ? ", auth-secret" : ""}\n` +
      `Restore: DATABASE_URL=postgresql://... DATA_DIR=... npm run db:restore -- ${dir}`,
  );
} catch (error) {
  if (error instanceof BackupError || error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error("The backup failed:", error);
  }
  process.exit(1);
}
