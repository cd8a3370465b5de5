import { randomUUID } from "node:crypto";
import { and, eq, isNull, lt, lte, or, sql } from "drizzle-orm";
import type { Database } from "../db/index.ts";
import { jobs } from "../db/schema.ts";
import type { Logger } from "../logger.ts";

/** Scheduled work: idempotent, so a run repeated after a crash changes nothing twice. */
export interface Job {
  name: string;
  /** How long after a completed run the next one is due. */
  everyMs: number;
  run: (context: { now: Date }) => Promise<void>;
}

export interface JobRunnerOptions {
  db: Database;
  logger: Logger;
  jobs: Job[];
  /** How often this process looks for due jobs (default: every minute). */
  checkEveryMs?: number;
  /** How long a claimed run may take before another process may take the job over (default: 10 minutes). */
  leaseMs?: number;
  /** After a failed run, how long before it is tried again (default: 5 minutes). */
  retryAfterMs?: number;
}

export interface JobRunner {
  /** Runs, one after another, the jobs that are due and that no other process holds; names those it ran. */
  runDue: () => Promise<string[]>;
  /** Stops looking for jobs and waits for a run under way to finish. */
  stop: () => Promise<void>;
}

const milliseconds = (ms: number) => sql`(${ms}::integer * interval '1 millisecond')`;

/**
 * The job runner (decision 0043): each job has a lease row in `jobs`. A process claims a due job with one
 * UPDATE whose condition is "the lease is free and the last completed run is older than the job's period";
 * on PostgreSQL a second process's UPDATE waits for the first's row lock, then re-reads the row and finds
 * the lease taken, so each run happens in one process only. Times are the database's, one clock for all.
 */
export function createJobRunner(options: JobRunnerOptions): JobRunner {
  const { db, logger } = options;
  const leaseMs = options.leaseMs ?? 10 * 60_000;
  const retryAfterMs = options.retryAfterMs ?? 5 * 60_000;
  const holder = randomUUID();
  let registered = false;

  async function claim(job: Job): Promise<boolean> {
    const claimed = await db
      .update(jobs)
      .set({ lockedUntil: sql`now() + ${milliseconds(leaseMs)}`, lockedBy: holder })
      .where(
        and(
          eq(jobs.name, job.name),
          or(isNull(jobs.lockedUntil), lt(jobs.lockedUntil, sql`now()`)),
          or(
            isNull(jobs.lastCompletedAt),
            lte(jobs.lastCompletedAt, sql`now() - ${milliseconds(job.everyMs)}`),
          ),
        ),
      )
      .returning({ name: jobs.name });
    return claimed.length > 0;
  }

  async function runOne(job: Job): Promise<boolean> {
    if (!(await claim(job))) return false;
    const started = performance.now();
    const mine = and(eq(jobs.name, job.name), eq(jobs.lockedBy, holder));
    try {
      await job.run({ now: new Date() });
    } catch (error) {
      logger.error({ err: error, job: job.name }, "scheduled job failed; it will be tried again");
      await db
        .update(jobs)
        .set({ lockedUntil: sql`now() + ${milliseconds(retryAfterMs)}`, lockedBy: null })
        .where(mine);
      return false;
    }
    await db.update(jobs).set({ lastCompletedAt: sql`now()`, lockedUntil: null, lockedBy: null }).where(mine);
    logger.info({ job: job.name, ms: Math.round(performance.now() - started) }, "scheduled job ran");
    return true;
  }

  async function runDue(): Promise<string[]> {
    if (!registered && options.jobs.length > 0) {
      await db
        .insert(jobs)
        .values(options.jobs.map((job) => ({ name: job.name })))
        .onConflictDoNothing();
      registered = true;
    }
    const ran: string[] = [];
    for (const job of options.jobs) if (await runOne(job)) ran.push(job.name);
    return ran;
  }

  return { runDue, stop: async () => {} };
}

/**
 * Starts looking for due jobs now (a run missed while the server was down catches up at once) and then
 * every `checkEveryMs`; a check never overlaps the previous one.
 */
export function startJobRunner(options: JobRunnerOptions): JobRunner {
  const runner = createJobRunner(options);
  let current: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const check = () => {
    current = current.then(() =>
      stopped
        ? undefined
        : runner.runDue().catch((error: unknown) => {
            options.logger.warn({ err: error }, "could not look for scheduled jobs; trying again later");
          }),
    );
  };
  check();
  const timer = setInterval(check, options.checkEveryMs ?? 60_000);
  timer.unref();
  return {
    runDue: runner.runDue,
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await current;
    },
  };
}
