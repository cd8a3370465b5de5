import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../config.ts";
import { buildServer } from "../server.ts";
import { createPostgresTestDatabase } from "../testing/test-app.ts";

const postgresUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!postgresUrl)(
  `DATABASE_POOL_SIZE [postgres${postgresUrl ? "" : ": skipped, TEST_DATABASE_URL not set"}]`,
  () => {
    const admin = new pg.Client({ connectionString: postgresUrl });
    let database: Awaited<ReturnType<typeof createPostgresTestDatabase>>;

    beforeAll(async () => {
      database = await createPostgresTestDatabase();
      await admin.connect();
    });
    afterAll(async () => {
      await admin.end();
      await database.drop();
    });

    it.each([1, 2])(
      "keeps %i connection(s) to PostgreSQL; 40 requests at once wait their turn and are all answered",
      async (size) => {
        const config = loadConfig({
          DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "velolog-pool-")),
          DATABASE_URL: database.url,
          DATABASE_POOL_SIZE: String(size),
          LOG_LEVEL: "silent",
        });
        const server = await buildServer(config, { webDir: null });
        try {
          const answers = await Promise.all(
            Array.from({ length: 40 }, () => server.app.request("/api/health")),
          );
          expect(answers.map((answer) => answer.status)).toEqual(Array(40).fill(200));
          const { rows } = await admin.query<{ connections: number }>(
            `select count(*)::int as connections from pg_stat_activity
              where datname = $1 and backend_type = 'client backend'`,
            [database.name],
          );
          expect(rows[0]!.connections).toBe(size);
        } finally {
          await server.database.close();
        }
      },
    );
  },
);
