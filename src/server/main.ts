import { serve } from "@hono/node-server";
import { ConfigError, loadConfig } from "./config.ts";
import { DataDirLockedError } from "./db/lock.ts";
import { buildServer } from "./server.ts";

async function main() {
  const config = loadConfig();
  const { app, database, logger } = await buildServer(config);
  if (config.allowLoopbackImportsForTests) {
    logger.warn(
      "DANGEROUSLY_ALLOW_LOOPBACK_IMPORTS_FOR_TESTS is on: page import can reach 127.0.0.1. Never use this in production.",
    );
  }
  const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => {
    logger.info(
      { port: info.port, host: config.host, database: database.kind },
      `Velolog is running at ${config.publicUrl}`,
    );
  });

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    logger.info({ signal }, "shutting down");
    const forceExit = setTimeout(() => process.exit(1), 10_000);
    forceExit.unref();
    server.close(async () => {
      await database.close();
      process.exit(0);
    });
  };
  process.on("SIGINT", () => shutdown("SIGINT"));
  process.on("SIGTERM", () => shutdown("SIGTERM"));
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    console.error(error.message);
  } else {
    console.error("Velolog could not start:", error);
  }
  process.exit(1);
});
