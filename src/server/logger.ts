import pino from "pino";

export type Logger = pino.Logger;

/** Lines waiting for a stdout reader that does not read; past this, new lines are dropped. */
const MAX_UNWRITTEN_BYTES = 8 * 1024 * 1024;

/**
 * Stdout for log lines that never blocks the process. pino's own destination flushes at exit with
 * blocking writes, so a server whose log reader stopped reading (a supervisor that sent SIGTERM and went
 * away) could never exit. Node writes a pipe without blocking and queues what the reader has not taken;
 * the queue is bounded here, and a stopping server waits for it at most a while (`logsWritten`).
 */
const stdout: pino.DestinationStream = {
  write(line: string) {
    if (process.stdout.writableLength < MAX_UNWRITTEN_BYTES) process.stdout.write(line);
  },
};

/** JSON lines to stdout, or to the given stream (tests read what was logged through one). */
export function createLogger(level: string, destination: pino.DestinationStream = stdout): Logger {
  return pino({ level, base: undefined, timestamp: pino.stdTimeFunctions.isoTime }, destination);
}

/** Resolves once stdout has taken every line written so far, or after `waitMs` if its reader does not read. */
export function logsWritten(waitMs: number): Promise<void> {
  return new Promise((resolve) => {
    const giveUp = setTimeout(resolve, waitMs);
    // Writes complete in order: this empty one completes after every line before it.
    process.stdout.write("", () => {
      clearTimeout(giveUp);
      resolve();
    });
  });
}
