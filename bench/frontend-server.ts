/**
 * The server for the front-end benchmark: the app as `npm start` runs it, but serving the web build the
 * benchmark made in a folder of its own (BENCH_WEB_DIR), so it never touches the shared dist/.
 */
import { serve } from "@hono/node-server";
import { loadConfig } from "../src/server/config.ts";
import { buildServer } from "../src/server/server.ts";

const config = loadConfig();
const { app } = await buildServer(config, { webDir: process.env.BENCH_WEB_DIR });
serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) =>
  console.log(`Velolog is running at http://127.0.0.1:${info.port}`),
);
