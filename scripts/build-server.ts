/**
 * The build's last step: bundles the server (src/server/main.ts and the packages it imports) into
 * build/server/: a small launcher, main.js (src/server/launch.ts), which `npm start`, `npm run serve` and the
 * container run, and the server as chunks it imports (decision 0021). Node then reads a few files instead of
 * type-stripping and resolving about 1,500 modules: start-up about 2 s → under 1 s, and about 60 MB less
 * resident memory.
 *
 * Packages stay outside the bundle when they load files next to their own code (PGlite's WebAssembly,
 * sharp's and argon2's native addons, pino's worker files) or are loaded only when a setting asks for them
 * (Stripe, S3, SMTP); Node loads those from node_modules as before. The committed migrations are copied
 * beside the bundle, where the database module looks for them.
 */
import { cpSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { build } from "esbuild";
import { asciiSource } from "./ascii-source.ts";

const root = path.resolve(import.meta.dirname, "..");
// Two folders deep, like src/server/, so the server finds dist/ at the same relative path.
const outDir = path.join(root, "build", "server");

const EXTERNAL_PACKAGES = [
  "@electric-sql/pglite",
  "@electric-sql/pglite-tools",
  "@node-rs/argon2",
  "sharp",
  "pg-native",
  "pino",
  "prom-client",
  "stripe",
  "@aws-sdk/client-s3",
  "nodemailer",
];

rmSync(outDir, { recursive: true, force: true });
await build({
  // main.js is the small launcher; the server (src/server/main.ts and everything it imports) is a chunk it loads.
  entryPoints: { main: path.join(root, "src", "server", "launch.ts") },
  outdir: outDir,
  splitting: true,
  chunkNames: "server-[hash]",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node24",
  external: EXTERNAL_PACKAGES,
  // Bundled CommonJS packages call require(); an ES module has none of its own.
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  legalComments: "linked",
  logLevel: "warning",
});
// One character beyond ASCII makes V8 keep a whole chunk's source as two bytes per character (decision 0023).
for (const chunk of readdirSync(outDir).filter((name) => name.endsWith(".js"))) {
  const file = path.join(outDir, chunk);
  const { code, left, unparsed } = asciiSource(readFileSync(file, "utf8"));
  writeFileSync(file, code);
  if (left > 0) {
    const why = unparsed ? ` (acorn could not parse it: ${unparsed})` : "";
    console.warn(
      `${chunk}: ${left} characters beyond ASCII left; V8 keeps it at two bytes per character${why}`,
    );
  }
}
cpSync(path.join(root, "src", "server", "db", "migrations"), path.join(outDir, "migrations"), {
  recursive: true,
});
console.log(`server bundled into ${path.relative(root, outDir)}/main.js`);
