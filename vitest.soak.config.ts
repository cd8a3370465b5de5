import { defineConfig } from "vitest/config";

/** `npm run test:soak`: the tests that run a server for minutes (load, repeated crashes), one file at a time. */
export default defineConfig({
  test: {
    include: ["src/**/*.soak.test.ts"],
    environment: "node",
    setupFiles: ["./src/server/testing/setup.ts"],
    globalSetup: ["./src/server/testing/pglite-image.ts"],
    testTimeout: 300_000,
    hookTimeout: 60_000,
    pool: "forks",
    fileParallelism: false,
  },
});
