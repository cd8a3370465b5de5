import type { Mailer } from "../adapters/mail.ts";
import type { Storage } from "../adapters/storage.ts";
import type { Config } from "../config.ts";
import type { Database } from "../db/index.ts";
import { sweepUnattachedFiles } from "../features/files/service.ts";
import { sendReminderDigests } from "../features/reminders/digest.ts";
import type { Logger } from "../logger.ts";
import { removeExpiredRecords } from "./expired-records.ts";
import type { Job } from "./runner.ts";

export interface JobDeps {
  db: Database;
  config: Config;
  logger: Logger;
  mailer: Mailer;
  storage: Storage;
}

/** Every scheduled job of the app, started by main.ts. */
export function scheduledJobs({ db, config, logger, mailer, storage }: JobDeps): Job[] {
  return [
    {
      // Hourly, so a digest goes out within the hour after an interval comes due (at most one a day).
      name: "reminder-digests",
      everyMs: 60 * 60_000,
      run: async ({ now }) => {
        const sent = await sendReminderDigests(
          { db, mailer, logger, publicUrl: config.publicUrl, authSecret: config.authSecret },
          now,
        );
        if (sent > 0) logger.info({ job: "reminder-digests", sent }, "reminder digests sent");
      },
    },
    {
      // Hourly: uploads nothing shows a day after they were made (decision 0069), for every user.
      name: "unattached-files",
      everyMs: 60 * 60_000,
      run: async ({ now }) => {
        const removed = await sweepUnattachedFiles(db, storage, now);
        if (removed > 0) logger.info({ job: "unattached-files", removed }, "unattached uploads removed");
      },
    },
    {
      // Daily: expired sessions, link tokens, spent counters and the like (expired-records.ts).
      name: "expired-records",
      everyMs: 24 * 60 * 60_000,
      run: async ({ now }) => {
        const removed = await removeExpiredRecords(db, now);
        if (Object.values(removed).some((n) => n > 0))
          logger.info({ job: "expired-records", removed }, "expired records removed");
      },
    },
  ];
}
