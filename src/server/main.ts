import { ServerResponse } from "node:http";
import { type Http2Bindings, type HttpBindings, serve } from "@hono/node-server";
import { ConfigError, loadConfig } from "./config.ts";
import { DataDirLockedError } from "./db/lock.ts";
import { startJobRunner } from "./jobs/runner.ts";
import { scheduledJobs } from "./jobs/schedule.ts";
import { logsWritten } from "./logger.ts";
import { buildServer } from "./server.ts";

const KEEP_ALIVE_TIMEOUT_MS = 65_000;

async function main() {
  const config = loadConfig();
  const { app, database, logger, mailer, storage } = await buildServer(config);
  // Scheduled work (reminder digests, removing unattached uploads) runs in this process; several processes share it (decision 0043).
  const jobRunner = startJobRunner({
    db: database.db,
    logger,
    jobs: scheduledJobs({ db: database.db, config, logger, mailer, storage }),
  });
  if (config.allowLoopbackImportsForTests) {
    logger.warn(
      "DANGEROUSLY_ALLOW_LOOPBACK_IMPORTS_FOR_TESTS is on: page import can reach 127.0.0.1. Never use this in production.",
    );
  }
  if (config.billingMode === "test") {
    logger.warn(
      "Billing is in test mode: any signed-in user can make themselves Premium without paying. Set BILLING_MODE=stripe (with the STRIPE_ settings) to charge, or BILLING_MODE=off for no plans and no limits.",
    );
  }
  let closing = false;
  const fetch = async (request: Request, env: HttpBindings | Http2Bindings) => {
    // Once shutdown begins, the readiness probe says so, so a load balancer stops sending new requests.
    if (closing && new URL(request.url).pathname === "/api/health/ready") {
      return Response.json({ status: "shutting_down" }, { status: 503 });
    }
    const response = await app.fetch(request, env);
    // An answer sent during shutdown ends its connection, rather than keeping it open for the next request.
    if (closing && env.outgoing instanceof ServerResponse) env.outgoing.setHeader("Connection", "close");
    return response;
  };
  const server = serve(
    {
      fetch,
      port: config.port,
      hostname: config.host,
      // An idle connection stays open longer than a reverse proxy keeps its own (decision 0055).
      serverOptions: { keepAliveTimeout: KEEP_ALIVE_TIMEOUT_MS },
    },
    (info) => {
      logger.info(
        { port: info.port, host: config.host, database: database.kind },
        `Velolog is running at ${config.publicUrl}`,
      );
    },
  );

  /**
   * Stop taking connections, let requests in flight, a scheduled job under way and mails finish (10 s at most), then close
   * the database.
   */
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    logger.info({ signal }, "shutting down");
    const forceExit = setTimeout(() => {
      logger.warn("requests still in flight after 10 s; exiting anyway");
      process.exit(1);
    }, 10_000);
    forceExit.unref();
    server.close(async () => {
      await jobRunner.stop(); // a run under way finishes (its lease would otherwise hold the job a while)
      await mailer.settled(); // mails under way (SMTP) go out before the process ends
      await database.close();
      logger.info("stopped");
      await logsWritten(1000); // a log reader that stopped reading must not keep the process alive
      process.exit(0);
    });
    // close() has closed the idle connections. One whose answer was already being sent when shutdown
    // began closes as soon as it is idle, not after the 65 s keep-alive.
    if ("keepAliveTimeoutBuffer" in server) {
      server.keepAliveTimeout = 1;
      server.keepAliveTimeoutBuffer = 0;
    }
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
