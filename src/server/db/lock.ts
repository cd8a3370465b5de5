import { closeSync, existsSync, openSync, readFileSync, unlinkSync, writeSync } from "node:fs";
import path from "node:path";

export class DataDirLockedError extends Error {}

function isAlive(pid: number): boolean {
  if (pid === process.pid) return false; // a lock naming our own pid was left by an earlier life of this pid
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
  // The pid is in use; it only holds the lock if it is still a Node process (pids are reused).
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "utf8").includes("node");
  } catch {
    return true;
  }
}

/**
 * The embedded database allows one process per data directory. A lock held by a live process refuses;
 * one left behind by a crash, kill -9 or power loss is taken over.
 */
export function acquireDataDirLock(dataDir: string): () => void {
  const file = path.join(dataDir, "velolog.lock");
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(file, "wx", 0o600);
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => {
        try {
          if (readFileSync(file, "utf8").trim() === String(process.pid)) unlinkSync(file);
        } catch {
          // already gone
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const holder = Number.parseInt(existsSync(file) ? readFileSync(file, "utf8") : "", 10);
      if (Number.isInteger(holder) && isAlive(holder)) {
        throw new DataDirLockedError(
          `The data directory ${dataDir} is already in use by another Velolog process (pid ${holder}). ` +
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
