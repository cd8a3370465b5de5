import v8 from "node:v8";
import vm from "node:vm";
import { expect, it } from "vitest";
import { collectStartUpGarbage } from "./startup-garbage.ts";

it("collects the young generation's pages and leaves gc unexposed", () => {
  // Start-up's pattern: much short-lived allocation, the young generation grown to hold it.
  let keep: unknown[] = [];
  for (let round = 0; round < 50; round++) keep = Array.from({ length: 20_000 }, (_, i) => ({ i, round }));
  const youngBefore = v8.getHeapSpaceStatistics().find((space) => space.space_name === "new_space")!;
  expect(keep.length).toBe(20_000);

  collectStartUpGarbage();

  const youngAfter = v8.getHeapSpaceStatistics().find((space) => space.space_name === "new_space")!;
  expect(youngBefore.physical_space_size).toBeGreaterThan(4 * 1024 * 1024);
  expect(youngAfter.physical_space_size).toBeLessThan(1024 * 1024);
  expect("gc" in globalThis).toBe(false);
  expect(vm.runInNewContext("typeof gc")).toBe("undefined");
});
