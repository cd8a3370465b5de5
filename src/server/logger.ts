import pino from "pino";

export type Logger = pino.Logger;

/** JSON lines to stdout, or to the given stream (tests read what was logged through one). */
export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  const options = { level, base: undefined, timestamp: pino.stdTimeFunctions.isoTime };
  return destination ? pino(options, destination) : pino(options);
}
