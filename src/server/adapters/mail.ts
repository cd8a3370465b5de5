import { randomUUID } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Logger } from "../logger.ts";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  replyTo?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/**
 * Without SMTP configured, every message is written to DATA_DIR/outbox as JSON (one file each) and its
 * subject logged, so a self-hoster can read what would have been sent.
 */
export function createOutboxMailer(dataDir: string, logger: Logger): Mailer {
  const outbox = path.join(dataDir, "outbox");
  return {
    async send(message) {
      mkdirSync(outbox, { recursive: true });
      const file = path.join(
        outbox,
        `${new Date().toISOString().replace(/[:.]/g, "-")}-${randomUUID()}.json`,
      );
      // Written under another name, then renamed (atomic): a reader never sees a half-written message.
      const body = `${JSON.stringify({ ...message, sentAt: new Date().toISOString() }, null, 2)}\n`;
      writeFileSync(`${file}.partial`, body, { mode: 0o600 });
      renameSync(`${file}.partial`, file);
      logger.info(
        { event: "mail_outbox", to: message.to, subject: message.subject, file },
        "mail written to the outbox",
      );
    },
  };
}

/** Reads the outbox, oldest first (for operators and tests). */
export function readOutbox(dataDir: string): (MailMessage & { sentAt: string })[] {
  const outbox = path.join(dataDir, "outbox");
  let files: string[];
  try {
    files = readdirSync(outbox).filter((f) => f.endsWith(".json"));
  } catch {
    return [];
  }
  return files
    .sort()
    .map((f) => JSON.parse(readFileSync(path.join(outbox, f), "utf8")) as MailMessage & { sentAt: string });
}
