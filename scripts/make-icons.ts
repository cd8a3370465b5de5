/**
 * Writes the installable app's PNG icons (public/icons/) from public/favicon.svg: 192 and 512 px, a
 * maskable 512 px one (the mark inside the middle 80%, the safe zone launchers crop to), and the 180 px
 * Apple touch icon. Run again after changing the favicon: `node scripts/make-icons.ts`.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";

const root = path.resolve(import.meta.dirname, "..");
const svg = readFileSync(path.join(root, "public", "favicon.svg"));
const out = (name: string) => path.join(root, "public", "icons", name);
// The favicon's own tile colour, behind the maskable icon's margin.
const TILE = "#0f766e";

const render = (size: number) =>
  sharp(svg, { density: (72 * size) / 32 })
    .resize(size, size)
    .png();

await render(192).toFile(out("icon-192.png"));
await render(512).toFile(out("icon-512.png"));
await render(180).toFile(out("apple-touch-icon.png"));
const inner = await render(410).toBuffer();
await sharp({ create: { width: 512, height: 512, channels: 4, background: TILE } })
  .composite([{ input: inner, gravity: "center" }])
  .png()
  .toFile(out("icon-maskable-512.png"));
console.log("icons written to public/icons/");
