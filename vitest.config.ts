import { configDefaults, defineConfig } from "vitest/config";

/** Unit and API tests (`npm run test:unit`); the long soak and crash tests are `*.soak.test.ts` (vitest.soak.config.ts). */
export default defineConfig({
  resolve: { alias: { "@": new URL("./src/web", import.meta.url).pathname } },
  test: {
    include: ["src/**/*.test.ts", "src/**/*.test.tsx", "scripts/**/*.test.ts"],
    exclude: [...configDefaults.exclude, "**/*.soak.test.ts"],
    environment: "node",
    setupFiles: ["./src/server/testing/setup.ts"],
    globalSetup: ["./src/server/testing/pglite-image.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    // Vitest leaves a core free by default, which is one worker on a 2-core machine; the tests wait on
    // PostgreSQL and on servers they start as much as they compute.
    maxWorkers: 2,
    // A worker keeps the modules it loaded from one file to the next: every test builds its own app and
    // database (testing/test-app.ts), so only loaded code is shared, and loading the app for each of 80 files
    // was half of the run (331 s → 160–180 s on CI's 2 cores; passes with the files shuffled too).
    isolate: false,
  },
});
