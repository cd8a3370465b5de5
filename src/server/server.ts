import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createMailer } from "./adapters/mail.ts";
import { createPageFetcher } from "./adapters/page-fetcher.ts";
import { createDiskStorage } from "./adapters/storage.ts";
import { createApp } from "./app.ts";
import { createAuth } from "./auth/auth.ts";
import type { Config } from "./config.ts";
import { openDatabase } from "./db/index.ts";
import { cancelBillingOf } from "./features/billing/account-deletion.ts";
import { deleteAllFilesOf } from "./features/files/service.ts";
import { disconnectStravaOf } from "./features/strava/service.ts";
import { createLogger } from "./logger.ts";

const defaultWebDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../dist");

/** Opens the database (migrating it) and builds the app from config; used by main.ts and by tests. */
export async function buildServer(config: Config, options: { webDir?: string | null } = {}) {
  const logger = createLogger(config.logLevel);
  const database = await openDatabase(
    config.databaseUrl
      ? { kind: "postgres", url: config.databaseUrl, poolSize: config.databasePoolSize }
      : { kind: "pglite", dataDir: path.join(config.dataDir) },
    {
      onIdleConnectionError: (error) =>
        logger.warn({ err: error }, "an idle database connection failed; it will be replaced"),
      onMaintenanceError: (error) => logger.warn({ err: error }, "routine database maintenance failed"),
    },
  );
  const mailer = createMailer(config, logger);
  // The S3 client (about 35 MB resident) is loaded only when S3 storage is configured.
  const storage = config.s3
    ? (await import("./adapters/s3-storage.ts")).createS3Storage(config.s3)
    : createDiskStorage(config.dataDir);
  const auth = createAuth(database.db, config, {
    rateLimit: process.env.AUTH_RATE_LIMIT !== "off",
    mailer,
    logger,
    beforeDeleteUser: async (userId) => {
      await cancelBillingOf(database.db, config, userId);
      await disconnectStravaOf(database.db, config, userId);
      await deleteAllFilesOf(database.db, storage, userId);
    },
  });
  const webDir = options.webDir === null ? undefined : (options.webDir ?? defaultWebDir);
  const app = createApp({
    mailer,
    storage,
    fetchPage: createPageFetcher({ dangerouslyAllowLoopbackForTests: config.allowLoopbackImportsForTests }),
    db: database.db,
    config,
    auth,
    logger,
    webDir: webDir && existsSync(path.join(webDir, "index.html")) ? webDir : undefined,
  });
  return { app, database, logger, mailer, storage };
}
