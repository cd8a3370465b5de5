/**
 * The server as it was just before decision 0031 (the plain data path), built from git in a folder of its
 * own with its own dependencies, so `npm run bench` can measure it beside the current one in the same run
 * and show what the simpler code costs. Kept in the system's temporary folder between runs.
 */
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import os from "node:os";
import path from "node:path";

/** The last commit before decision 0031. */
export const BEFORE_COMMIT = "12f84a2";

const root = path.resolve(import.meta.dirname, "..");

/** The entry of the before-0031 server bundle, built on first use; null when git cannot give that commit. */
export function beforeServerBundle(): string | null {
  const dir = path.join(os.tmpdir(), `velolog-before-${BEFORE_COMMIT}`);
  const entry = path.join(dir, "build", "server", "main.js");
  if (existsSync(entry)) return entry;
  try {
    execFileSync("sh", ["-c", `mkdir -p "${dir}" && git archive ${BEFORE_COMMIT} | tar -x -C "${dir}"`], {
      cwd: root,
      stdio: "ignore",
    });
  } catch {
    console.warn(`bench: commit ${BEFORE_COMMIT} is not in this clone; the before figures are left out`);
    return null;
  }
  const quiet = { cwd: dir, stdio: "ignore" } as const;
  execFileSync("npm", ["install", "--no-audit", "--no-fund"], quiet);
  execFileSync(process.execPath, ["scripts/build-server.ts"], quiet);
  return entry;
}
