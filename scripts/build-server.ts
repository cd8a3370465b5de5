/**
 * The build's last step: bundles the server (src/server/main.ts and the packages it imports) into
 * build/server/main.js, which `npm start`, `npm run serve` and the container run (decision 0031). Node then
 * reads one file instead of type-stripping and resolving about 1,500 modules: start-up about 2 s → under
 * 1 s, and about 60 MB less resident memory.
 *
 * Packages stay outside the bundle when they load files next to their own code (PGlite's WebAssembly,
 * sharp's and argon2's native addons, pino's worker files, pdfkit's font metrics) or are loaded only when a setting asks for them
 * (Stripe, S3, SMTP); Node loads those from node_modules as before. The committed migrations are copied
 * beside the bundle, where the database module looks for them.
 */
import { cpSync, rmSync } from "node:fs";
import path from "node:path";
import { build } from "esbuild";

const root = path.resolve(import.meta.dirname, "..");
// Two folders deep, like src/server/, so the server finds dist/ at the same relative path.
const outDir = path.join(root, "build", "server");

const EXTERNAL_PACKAGES = [
  "@electric-sql/pglite",
  "@electric-sql/pglite-tools",
  "@node-rs/argon2",
  "sharp",
  "pdfkit",
  "pg-native",
  "pino",
  "prom-client",
  "stripe",
  "@aws-sdk/client-s3",
  "nodemailer",
];

rmSync(outDir, { recursive: true, force: true });
await build({
  entryPoints: { main: path.join(root, "src", "server", "main.ts") },
  outdir: outDir,
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
cpSync(path.join(root, "src", "server", "db", "migrations"), path.join(outDir, "migrations"), {
  recursive: true,
});
console.log(`server bundled into ${path.relative(root, outDir)}/main.js`);
