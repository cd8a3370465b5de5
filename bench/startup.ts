/**
 * Start-up on an existing embedded database (time from `node build/server/main.js`, what `npm start` runs
 * after building, to the first 200 of /api/health), and the server's resident memory idle and under load.
 */
import { mkdtempSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import {
  exited,
  freshServerBundle,
  killAll,
  sessionCookie,
  startServerOnFreePort,
} from "../src/server/testing/spawn-server.ts";

/** CPU time (user + system) the process has used: less at the mercy of other load than wall time. */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return Math.round(((Number(fields[11]) + Number(fields[12])) * 1000) / 100); // utime, stime in 1/100 s
}

function rssMb(pid: number): number {
  return Math.round(
    Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) / 1024,
  );
}

export async function benchStartup() {
  const DATA_DIR = mkdtempSync(path.join(os.tmpdir(), "velolog-startup-"));
  const entry = freshServerBundle();
  const first = await startServerOnFreePort(() => ({ DATA_DIR, LOG_LEVEL: "warn" }), entry);
  await sessionCookie(first.url, "startup@example.com", { dataDir: DATA_DIR });
  first.child.kill("SIGTERM");
  await exited(first.child);

  const started = performance.now();
  const server = await startServerOnFreePort(() => ({ DATA_DIR, LOG_LEVEL: "warn" }), entry);
  const startupMs = Math.round(performance.now() - started);
  if (server.child.exitCode !== null || server.child.signalCode !== null) {
    throw new Error(
      `the server exited right after answering (${server.child.exitCode}):\n${server.output()}`,
    );
  }
  const startupCpuMs = cpuMs(server.child.pid!);
  try {
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const idleRssMb = rssMb(server.child.pid!);
    const cookie = await sessionCookie(server.url, "startup@example.com", {
      dataDir: DATA_DIR,
      existing: true,
    });
    let loadRssMb = 0;
    const sampler = setInterval(() => {
      loadRssMb = Math.max(loadRssMb, rssMb(server.child.pid!));
    }, 500);
    await new Promise((resolve, reject) =>
      autocannon(
        { url: `${server.url}/api/bicycles`, connections: 50, duration: 5, headers: { Cookie: cookie } },
        (error, result) => (error ? reject(error) : resolve(result)),
      ),
    );
    clearInterval(sampler);
    return { database: "pglite", startupMs, startupCpuMs, idleRssMb, loadRssMb };
  } finally {
    killAll();
  }
}
