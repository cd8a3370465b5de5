// npm run db:restore -- BACKUP_FOLDER: loads a backup's dump.sql into the empty PostgreSQL named by
// DATABASE_URL (with psql) and copies its uploaded files into DATA_DIR. See docs/deploy.md.
import { ConfigError, loadConfig } from "../src/server/config.ts";
import { BackupError, restoreBackup } from "../src/server/db/backup.ts";

try {
  const [backup, ...rest] = process.argv.slice(2);
  if (!backup || rest.length > 0)
    throw new BackupError("Usage: DATABASE_URL=postgresql://... npm run db:restore -- BACKUP_FOLDER");
  // The scripts sign nothing: a stand-in secret keeps loadConfig from generating one into DATA_DIR
  // (the restore copies the backup's own auth-secret there).
  const config = loadConfig({ ...process.env, BETTER_AUTH_SECRET: "x".repeat(32) });
  if (!config.databaseUrl)
    throw new BackupError(
      "DATABASE_URL must name the empty PostgreSQL database to restore into (the embedded database is not a restore target).",
    );
  await restoreBackup({
    backup,
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    log: (line) => console.log(line),
  });
  console.log(`Restored. Start the server with the same DATABASE_URL and DATA_DIR=${config.dataDir}.`);
} catch (error) {
  if (error instanceof BackupError || error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error("The restore failed:", error);
  }
  process.exit(1);
}
