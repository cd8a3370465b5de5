/**
 * Developer mode: the API server (restarted on change by node --watch) plus Vite's dev server with hot
 * reload on http://localhost:5173, which proxies /api to the API server.
 */
import { spawn } from "node:child_process";

const apiPort = process.env.PORT ?? "3000";
const children = [
  spawn(process.execPath, ["--watch-path=src/server", "--watch-path=src/shared", "src/server/main.ts"], {
    stdio: "inherit",
    env: {
      ...process.env,
      NODE_ENV: "development",
      PORT: apiPort,
      TRUSTED_ORIGINS: process.env.TRUSTED_ORIGINS ?? "http://localhost:5173",
      AUTH_RATE_LIMIT: process.env.AUTH_RATE_LIMIT ?? "off",
    },
  }),
  spawn("npx", ["vite"], { stdio: "inherit", env: { ...process.env, API_PORT: apiPort } }),
];

function stopAll() {
  for (const child of children) child.kill("SIGTERM");
}
process.on("SIGINT", stopAll);
process.on("SIGTERM", stopAll);
for (const child of children) child.on("exit", stopAll);
