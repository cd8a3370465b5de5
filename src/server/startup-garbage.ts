import v8 from "node:v8";
import vm from "node:vm";

/**
 * Collects what start-up left behind, once, before the server takes requests (decision 0023). Opening the
 * embedded database and running the migrations grow V8's young generation to its cap (2 x 16 MB) and
 * leave it there, mostly empty, until a collection that aims to save memory: V8 makes one only after a
 * long quiet spell. A full collection with the "last resort" flavour (the one V8 makes under memory
 * pressure) compacts the heap and gives the young generation's pages back: about 18 MB of resident memory
 * on the embedded database, for about 100 ms once at start. The young generation grows again under load.
 *
 * `gc` is exposed only in a throwaway context, for this one call, so no other code can reach it.
 */
export function collectStartUpGarbage(): void {
  v8.setFlagsFromString("--expose-gc");
  const gc = vm.runInNewContext("gc") as (options: Record<string, string>) => void;
  v8.setFlagsFromString("--no-expose-gc");
  gc({ type: "major", execution: "sync", flavor: "last-resort" });
}
