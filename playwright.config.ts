import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { chromiumArgs } from "./e2e/browser.ts";
import { portOutsideEphemeralRange } from "./src/server/testing/ports.ts";

// A port of its own for each run (set once, so the runner's workers agree), so runs side by side never collide.
process.env.E2E_PORT ??= String(portOutsideEphemeralRange());
const port = Number(process.env.E2E_PORT);
const baseURL = `http://127.0.0.1:${port}`;
// Set once in the runner process so its workers (which load this file again) find the same folder.
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(os.tmpdir(), "velolog-e2e-"));
const dataDir = process.env.E2E_DATA_DIR;

export default defineConfig({
  testDir: "e2e",
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: true,
  reporter: process.env.CI ? [["list"]] : [["list"]],
  // Journeys of many steps: the CI machine (2 cores, shared) took 32 s for the longest.
  timeout: 60_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL,
    trace: "retain-on-failure",
    // The app's service worker (precaching every script) stays out of the tests that are not about it:
    // e2e/installable.spec.ts allows it.
    serviceWorkers: "block",
    launchOptions: { executablePath: "/usr/bin/chromium", args: chromiumArgs },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], channel: undefined } }],
  webServer: {
    // The bundle `npm run build` writes (test:e2e builds first), with the options of `npm start`.
    command: "node --max-semi-space-size=16 build/server/main.js",
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      PUBLIC_URL: baseURL,
      AUTH_RATE_LIMIT: "off",
      DANGEROUSLY_ALLOW_LOOPBACK_IMPORTS_FOR_TESTS: "1",
      LOG_LEVEL: "warn",
    },
  },
});
