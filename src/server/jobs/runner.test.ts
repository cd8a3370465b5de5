import { eq, sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { type OpenDatabase, openDatabase } from "../db/index.ts";
import { jobs } from "../db/schema.ts";
import { createLogger } from "../logger.ts";
import {
  createPostgresTestDatabase,
  type DatabaseKind,
  describeEachDatabase,
  openTestDatabase,
} from "../testing/test-app.ts";
import { createJobRunner, type Job } from "./runner.ts";

const logger = createLogger("silent");
const HOUR = 3_600_000;
const opened: OpenDatabase[] = [];
afterEach(async () => {
  for (const database of opened.splice(0)) await database.close();
});

async function open(kind: DatabaseKind) {
  const database = await openTestDatabase(kind);
  opened.push(database);
  return database.db;
}

function countingJob(name: string, options: { everyMs?: number; fails?: () => boolean } = {}) {
  const job = {
    name,
    everyMs: options.everyMs ?? HOUR,
    runs: 0,
    async run() {
      job.runs++;
      if (options.fails?.()) throw new Error("the job failed");
    },
  };
  return job;
}

describeEachDatabase("job runner", (kind) => {
  it("runs a due job, not again within its period, and catches up on a run missed while nothing ran", async () => {
    const db = await open(kind);
    const digest = countingJob("digest");
    const runner = createJobRunner({ db, logger, jobs: [digest] });

    expect(await runner.runDue()).toEqual(["digest"]);
    expect(await runner.runDue()).toEqual([]);
    // Another process (or this one after a restart) finds it done too.
    expect(await createJobRunner({ db, logger, jobs: [digest] }).runDue()).toEqual([]);
    expect(digest.runs).toBe(1);

    // The server was down past the next run: the first check after the start runs it.
    await db
      .update(jobs)
      .set({ lastCompletedAt: sql`now() - interval '2 hours'` })
      .where(eq(jobs.name, "digest"));
    expect(await createJobRunner({ db, logger, jobs: [digest] }).runDue()).toEqual(["digest"]);
    expect(digest.runs).toBe(2);
  });

  it("tries a failed run again after the retry delay, not at once", async () => {
    const db = await open(kind);
    let failing = true;
    const job = countingJob("flaky", { fails: () => failing });
    const runner = createJobRunner({ db, logger, jobs: [job], retryAfterMs: HOUR });

    expect(await runner.runDue()).toEqual([]);
    expect(await runner.runDue()).toEqual([]);
    expect(job.runs).toBe(1);

    failing = false;
    await db
      .update(jobs)
      .set({ lockedUntil: sql`now() - interval '1 second'` })
      .where(eq(jobs.name, "flaky"));
    expect(await runner.runDue()).toEqual(["flaky"]);
    expect(job.runs).toBe(2);
  });

  it("takes over a job whose runner died holding it once the lease has run out", async () => {
    const db = await open(kind);
    const job = countingJob("abandoned");
    await db.insert(jobs).values({
      name: "abandoned",
      lockedBy: "a process that crashed",
      lockedUntil: new Date(Date.now() + HOUR),
    });
    expect(await createJobRunner({ db, logger, jobs: [job] }).runDue()).toEqual([]);
    await db
      .update(jobs)
      .set({ lockedUntil: sql`now() - interval '1 second'` })
      .where(eq(jobs.name, "abandoned"));
    expect(await createJobRunner({ db, logger, jobs: [job] }).runDue()).toEqual(["abandoned"]);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)("job runner, several processes on one PostgreSQL", () => {
  it("runs each job once when every process looks at the same moment", async () => {
    const created = await createPostgresTestDatabase();
    const pools = await Promise.all(
      [0, 1, 2, 3].map(() => openDatabase({ kind: "postgres", url: created.url, poolSize: 2 })),
    );
    try {
      let runs = 0;
      const slow: Job = {
        name: "digest",
        everyMs: HOUR,
        async run() {
          runs++;
          await new Promise((resolve) => setTimeout(resolve, 200));
        },
      };
      const ran = await Promise.all(
        pools.map((database) => createJobRunner({ db: database.db, logger, jobs: [slow] }).runDue()),
      );
      expect(ran.flat()).toEqual(["digest"]);
      expect(runs).toBe(1);
    } finally {
      for (const database of pools) await database.close();
      await created.drop();
    }
  });
});
