import { Writable } from "node:stream";
import { createLogger } from "../logger.ts";

/** A real pino logger writing to an in-memory stream: the test reads back every JSON line it logged. */
export function captureLogs(level = "info") {
  const raw: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      raw.push(chunk.toString("utf8"));
      callback();
    },
  });
  const logger = createLogger(level, stream);
  return {
    logger,
    /** Everything written so far, as text (to look for secrets). */
    text: () => raw.join(""),
    /** Every line, parsed. */
    lines: () =>
      raw
        .join("")
        .split("\n")
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Record<string, unknown>),
  };
}
