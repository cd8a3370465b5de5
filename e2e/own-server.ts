import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { startServer } from "../src/server/testing/spawn-server.ts";

/**
 * A server of a journey's own (beside the shared one), configured with `env` (e.g. Google or Stripe
 * pointed at a local stand-in), on a free-ish port and a fresh data folder.
 */
export async function startOwnServer(name: string, env: Record<string, string>) {
  const port = 40_000 + Math.floor(Math.random() * 20_000);
  const url = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `velolog-e2e-${name}-`));
  const server = await startServer({
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    PUBLIC_URL: url,
    LOG_LEVEL: "warn",
    AUTH_RATE_LIMIT: "off",
    ...env,
  });
  return { url, dataDir, server };
}
