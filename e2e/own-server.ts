import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { BUILT_SERVER, startServerOnFreePort } from "../src/server/testing/spawn-server.ts";

/**
 * A server of a journey's own (beside the shared one), configured with `env` (e.g. Google or Stripe
 * pointed at a local stand-in), on a free port and a fresh data folder.
 */
export async function startOwnServer(name: string, env: Record<string, string>) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `velolog-e2e-${name}-`));
  let url = "";
  const server = await startServerOnFreePort((ownUrl) => {
    url = ownUrl;
    return {
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      PUBLIC_URL: url,
      LOG_LEVEL: "warn",
      AUTH_RATE_LIMIT: "off",
      ...env,
    };
  }, BUILT_SERVER);
  return { url, dataDir, server };
}
