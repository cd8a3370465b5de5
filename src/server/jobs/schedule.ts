import type { Mailer } from "../adapters/mail.ts";
import type { Config } from "../config.ts";
import type { Database } from "../db/index.ts";
import type { Logger } from "../logger.ts";
import type { Job } from "./runner.ts";

export interface JobDeps {
  db: Database;
  config: Config;
  logger: Logger;
  mailer: Mailer;
}

/** Every scheduled job of the app, started by main.ts. */
export function scheduledJobs(_deps: JobDeps): Job[] {
  return [];
}
