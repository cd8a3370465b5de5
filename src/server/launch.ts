/**
 * The entry of the server bundle, `build/server/main.js` (decision 0021); the server itself (main.ts) is a
 * chunk it imports. On Linux, Node is first started again in this same process (execve: same process id,
 * signals and output) with glibc's malloc told to hand freed memory back to the system: otherwise the
 * memory V8 frees after compiling the embedded database's WebAssembly stays with the process (about 55 MB
 * of the idle server's 240 MB). Anywhere else, or when the variable is already set, the server starts at once.
 */
const TRIM_THRESHOLD_BYTES = "131072";

if (
  process.platform === "linux" &&
  process.env.MALLOC_TRIM_THRESHOLD_ === undefined &&
  typeof process.execve === "function"
) {
  // The environment passed on already holds what --env-file read; reading it again would only repeat its notices.
  const nodeOptions = process.execArgv.filter((option) => !/^--env-file(-if-exists)?=/.test(option));
  try {
    process.execve(process.execPath, [process.execPath, ...nodeOptions, ...process.argv.slice(1)], {
      ...process.env,
      MALLOC_TRIM_THRESHOLD_: TRIM_THRESHOLD_BYTES,
    });
  } catch {
    // Not allowed here (a sandbox, say): run as we are; only memory is at stake.
  }
}

await import("./main.ts");
