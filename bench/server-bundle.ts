import { execFileSync } from "node:child_process";
import path from "node:path";
import { BUILT_SERVER } from "../src/server/testing/spawn-server.ts";

let built = false;

/**
 * Bundles the server from the current source (the last step of `npm run build`) and returns the bundle's
 * path: the benchmarks measure what `npm start` runs, never a bundle left over from older source.
 */
export function freshServerBundle(): string {
  if (!built) {
    execFileSync(process.execPath, [path.join(import.meta.dirname, "..", "scripts", "build-server.ts")], {
      stdio: "ignore",
    });
    built = true;
  }
  return BUILT_SERVER;
}
