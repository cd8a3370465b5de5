import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";

const features = path.join(import.meta.dirname, "features");

/** Every feature file but routes and tests: the services, which the HTTP layer calls and never the other way. */
function serviceFiles(): string[] {
  return readdirSync(features, { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".ts") && !file.endsWith(".test.ts"))
    .filter((file) => !/(^|[/-])routes\.ts$/.test(path.basename(file)));
}

it("no feature service imports from the HTTP layer", () => {
  const files = serviceFiles();
  expect(files.length).toBeGreaterThan(30);
  const offenders = files.filter((file) =>
    /from "(\.\.\/)+http\//.test(readFileSync(path.join(features, file), "utf8")),
  );
  expect(offenders).toEqual([]);
});
