import { closeSync, existsSync, openSync, readFileSync, unlinkSync, writeSync } from "node:fs";
import path from "node:path";

export class DataDirLockedError extends Error {}

/**
 * When the process started, in clock ticks since boot (field 22 of /proc/<pid>/stat), or null where there
 * is no /proc. A pid and its start time name one process: a pid reused by a later process has another.
 */
function startTimeOf(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // The command name (field 2) is in parentheses and may hold spaces; the fields after it are plain.
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19] ?? null;
  } catch {
    return null;
  }
}

/** The lock file's text: our pid and, where it can be read, our start time. */
function ownLock(): string {
  const startTime = startTimeOf(process.pid);
  return startTime ? `${process.pid} ${startTime}` : String(process.pid);
}

/** Whether the process a lock file names still runs: the same pid, started at the same time. */
function holderRuns(lock: string): boolean {
  const [pidText, recordedStart] = lock.trim().split(" ");
  const pid = Number(pidText);
  if (!Number.isInteger(pid) || pid <= 0) return false;
  if (pid === process.pid) return false; // a lock naming our own pid was left by an earlier life of this pid
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EPERM") return false;
  }
  const startTime = startTimeOf(pid);
  if (recordedStart && startTime) return startTime === recordedStart;
  // A lock without a start time (written by an older version) or no /proc: only a Node process can hold it.
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "utf8").includes("node");
  } catch {
    return true;
  }
}

/**
 * The embedded database allows one process per data directory. A lock held by a live process refuses;
 * one left behind by a crash, kill -9 or power loss is taken over, also when its pid now belongs to
 * another process.
 */
export function acquireDataDirLock(dataDir: string): () => void {
  const file = path.join(dataDir, "velolog.lock");
  const lock = ownLock();
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(file, "wx", 0o600);
      writeSync(fd, lock);
      closeSync(fd);
      return () => {
        try {
          if (readFileSync(file, "utf8") === lock) unlinkSync(file);
        } catch {
          // already gone
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const holder = existsSync(file) ? readFileSync(file, "utf8") : "";
      if (holderRuns(holder)) {
        throw new DataDirLockedError(
          `The data directory ${dataDir} is already in use by another Velolog process (pid ${holder.split(" ")[0]}). ` +
            "Stop that process first, or start this one with another DATA_DIR.",
        );
      }
      try {
        unlinkSync(file); // stale lock from a process that no longer runs
      } catch {
        // another starter removed it first; try again
      }
    }
  }
  throw new DataDirLockedError(`Could not lock the data directory ${dataDir}; try again.`);
}
