import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  from: string;
  to: string[];
  /** Header lines, lower-cased names. */
  headers: Record<string, string>;
  subject: string;
  /** The body, decoded from quoted-printable when it was sent so. */
  text: string;
}

/**
 * A real SMTP server on 127.0.0.1 and a free port, for tests: it accepts (or, after refuse(), rejects)
 * messages and keeps what it received. With a user and password it requires them.
 */
export async function startSmtpServer(credentials?: { user: string; password: string }) {
  const received: ReceivedMail[] = [];
  let refusing = false;
  // While held, the server answers no recipient: a mail server that is slow or hangs.
  let held: (() => void)[] | null = null;
  const server = new SMTPServer({
    disabledCommands: credentials ? ["STARTTLS"] : ["STARTTLS", "AUTH"],
    authOptional: !credentials,
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === credentials?.user && auth.password === credentials?.password) {
        callback(null, { user: auth.username });
      } else callback(new Error("Invalid username or password"));
    },
    onRcptTo(_address, _session, callback) {
      if (held) {
        held.push(() => callback());
        return;
      }
      if (refusing) {
        const error = new Error("Mailbox unavailable") as Error & { responseCode: number };
        error.responseCode = 550;
        callback(error);
      } else callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        received.push(
          parse(
            Buffer.concat(chunks).toString("utf8"),
            session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
            session.envelope.rcptTo.map((r) => r.address),
          ),
        );
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    port,
    url: credentials
      ? `smtp://${encodeURIComponent(credentials.user)}:${encodeURIComponent(credentials.password)}@127.0.0.1:${port}`
      : `smtp://127.0.0.1:${port}`,
    received,
    /** From now on every recipient is refused with 550. */
    refuse: () => {
      refusing = true;
    },
    /** From now on recipients are accepted again. */
    accept: () => {
      refusing = false;
    },
    /** From now on the server keeps every sender waiting, until release(). */
    hold: () => {
      held ??= [];
    },
    /** How many senders the server keeps waiting now (held). */
    waiting: () => held?.length ?? 0,
    /** Answers the senders kept waiting, and stops holding. */
    release: () => {
      const waiting = held ?? [];
      held = null;
      for (const answer of waiting) answer();
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function parse(raw: string, from: string, to: string[]): ReceivedMail {
  const split = raw.indexOf("\r\n\r\n");
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, " ");
  let body = raw.slice(split + 4);
  const headers: Record<string, string> = {};
  for (const line of head.split("\r\n")) {
    const colon = line.indexOf(":");
    if (colon > 0) headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
  }
  if (headers["content-transfer-encoding"]?.toLowerCase() === "quoted-printable") {
    body = Buffer.from(
      body
        .replace(/=\r\n/g, "")
        .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
      "latin1",
    ).toString("utf8");
  } else if (headers["content-transfer-encoding"]?.toLowerCase() === "base64") {
    body = Buffer.from(body, "base64").toString("utf8");
  }
  return { from, to, headers, subject: headers.subject ?? "", text: body.replace(/\r\n/g, "\n") };
}
