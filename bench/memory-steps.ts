/**
 * Where the server's memory goes, step by step (run: node bench/memory-steps.ts [dataDir]).
 * Resident memory (RSS) and the JavaScript heap after each start-up step of a server on the embedded
 * database: imports, opening PGlite, migrations, the auth, sharp, the first requests.
 */
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";

export interface MemoryStep {
  step: string;
  rssMb: number;
  heapUsedMb: number;
  externalMb: number;
  ms: number;
}

const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);

export async function memorySteps(dataDir: string): Promise<MemoryStep[]> {
  const steps: MemoryStep[] = [];
  const t0 = performance.now();
  const mark = (step: string) => {
    globalThis.gc?.();
    const m = process.memoryUsage();
    steps.push({
      step,
      rssMb: mb(m.rss),
      heapUsedMb: mb(m.heapUsed),
      externalMb: mb(m.external),
      ms: Math.round(performance.now() - t0),
    });
  };
  mark("node started");
  const { loadConfig } = await import("../src/server/config.ts");
  const { openDatabase } = await import("../src/server/db/index.ts");
  const { createApp } = await import("../src/server/app.ts");
  const { createAuth } = await import("../src/server/auth/auth.ts");
  mark("server modules imported");
  const database = await openDatabase({ kind: "pglite", dataDir });
  mark("PGlite opened and migrated");
  const config = loadConfig({
    ...process.env,
    DATA_DIR: dataDir,
    NODE_ENV: "production",
  } as NodeJS.ProcessEnv);
  const { createDiskStorage } = await import("../src/server/adapters/storage.ts");
  const { createMailer } = await import("../src/server/adapters/mail.ts");
  const { createLogger } = await import("../src/server/logger.ts");
  const logger = createLogger("warn");
  const mailer = createMailer(config, logger);
  const auth = createAuth(database.db, config, { rateLimit: false, mailer, logger });
  const app = createApp({
    mailer,
    storage: createDiskStorage(dataDir),
    fetchPage: async () => {
      throw new Error("not used");
    },
    db: database.db,
    config,
    auth,
    logger,
  });
  mark("auth and app created");
  await app.request("/api/health");
  mark("first request (/api/health)");
  const response = await app.request("/api/auth/sign-up/email", {
    method: "POST",
    headers: { "content-type": "application/json", origin: config.publicUrl },
    body: JSON.stringify({
      name: "Memory",
      email: `memory-${Date.now()}@example.com`,
      password: "correct horse battery",
    }),
  });
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  await app.request("/api/dashboard", { headers: { cookie } });
  mark("sign-up and a dashboard request");
  await import("sharp");
  mark("sharp imported");
  await database.close();
  return steps;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dataDir = process.argv[2] ?? mkdtempSync(path.join(os.tmpdir(), "velolog-memory-"));
  console.table(await memorySteps(dataDir));
}
