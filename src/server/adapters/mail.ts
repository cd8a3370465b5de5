import { randomUUID } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Transporter } from "nodemailer";
import type { Config, SmtpConfig } from "../config.ts";
import type { Logger } from "../logger.ts";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  replyTo?: string;
  /** Extra headers, e.g. List-Unsubscribe on the reminder digest. */
  headers?: Record<string, string>;
}

export interface Mailer {
  /** "outbox": nothing leaves the machine, so links are also printed in the log for the operator. */
  readonly kind: "outbox" | "smtp";
  /** Sends the message; throws when the mail server refuses it (callers decide what the user sees). */
  send(message: MailMessage): Promise<void>;
  /** Resolves once every message handed over so far has been sent or has failed (before shutting down). */
  settled(): Promise<void>;
}

/** SMTP when configured (SMTP_URL or SMTP_HOST), otherwise the outbox in DATA_DIR. */
export function createMailer(config: Config, logger: Logger): Mailer {
  return config.smtp ? createSmtpMailer(config.smtp, logger) : createOutboxMailer(config.dataDir, logger);
}

/** "rider@example.com" becomes "r***@example.com": enough for an operator, not the whole address. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf("@");
  if (at < 1) return "***";
  return `${email[0]}***${email.slice(at)}`;
}

/** Sends through an SMTP server with nodemailer (plain-text messages). */
export function createSmtpMailer(smtp: SmtpConfig, logger: Logger): Mailer {
  // nodemailer is loaded with the first message (it costs ~25 MB of memory, for nothing until then).
  let transport: Promise<Transporter> | null = null;
  const inFlight = new Set<Promise<unknown>>();
  const connect = async () => {
    const { default: nodemailer } = await import("nodemailer");
    return smtp.url
      ? nodemailer.createTransport(smtp.url)
      : nodemailer.createTransport({
          host: smtp.host,
          port: smtp.port,
          secure: smtp.secure ?? false,
          ...(smtp.user ? { auth: { user: smtp.user, pass: smtp.password } } : {}),
        });
  };
  return {
    kind: "smtp",
    async settled() {
      await Promise.allSettled([...inFlight]);
    },
    async send(message) {
      const sending = deliver(message);
      inFlight.add(sending);
      try {
        await sending;
      } finally {
        inFlight.delete(sending);
      }
    },
  };

  async function deliver(message: MailMessage) {
    transport ??= connect();
    const info = await (await transport).sendMail({
      from: smtp.from,
      to: message.to,
      subject: message.subject,
      text: message.text,
      ...(message.replyTo ? { replyTo: message.replyTo } : {}),
      ...(message.headers ? { headers: message.headers } : {}),
    });
    logger.info(
      {
        event: "mail_sent",
        to: maskEmail(message.to),
        subject: message.subject,
        messageId: info.messageId,
      },
      "mail sent",
    );
  }
}

/**
 * Without SMTP configured, every message is written to DATA_DIR/outbox as JSON (one file each) and its
 * subject logged, so a self-hoster can read what would have been sent.
 */
export function createOutboxMailer(dataDir: string, logger: Logger): Mailer {
  const outbox = path.join(dataDir, "outbox");
  let written = 0;
  return {
    kind: "outbox",
    // Written before send() returns: nothing is ever pending.
    settled: async () => {},
    async send(message) {
      mkdirSync(outbox, { recursive: true });
      const file = path.join(
        outbox,
        // Sorting the names sorts the messages by when they were written, within one millisecond too.
        `${new Date().toISOString().replace(/[:.]/g, "-")}-${String(++written).padStart(9, "0")}-${randomUUID()}.json`,
      );
      // Written under another name, then renamed (atomic): a reader never sees a half-written message.
      const body = `${JSON.stringify({ ...message, sentAt: new Date().toISOString() }, null, 2)}\n`;
      writeFileSync(`${file}.partial`, body, { mode: 0o600 });
      renameSync(`${file}.partial`, file);
      logger.info(
        { event: "mail_outbox", to: maskEmail(message.to), subject: message.subject, file },
        "mail written to the outbox",
      );
    },
  };
}

/** A message as the outbox keeps it. */
export type OutboxMessage = MailMessage & { sentAt: string };

/** The outbox's message files, oldest first (their names start with the time they were written). */
function outboxFiles(dataDir: string): string[] {
  try {
    return readdirSync(path.join(dataDir, "outbox"))
      .filter((f) => f.endsWith(".json"))
      .sort();
  } catch {
    return [];
  }
}

function readOutboxFile(dataDir: string, file: string): OutboxMessage {
  return JSON.parse(readFileSync(path.join(dataDir, "outbox", file), "utf8")) as OutboxMessage;
}

/** Reads the outbox, oldest first (for operators and tests). */
export function readOutbox(dataDir: string): OutboxMessage[] {
  return outboxFiles(dataDir).map((file) => readOutboxFile(dataDir, file));
}

/** The outbox, newest first, each message read only when reached (finding a recent one need not read all). */
export function* outboxNewestFirst(dataDir: string): Generator<OutboxMessage> {
  for (const file of outboxFiles(dataDir).reverse()) yield readOutboxFile(dataDir, file);
}
