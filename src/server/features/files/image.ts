import type sharpType from "sharp";
import { messages } from "../../../shared/messages.ts";
import { AppError } from "../../errors.ts";

export type DetectedType = "image/jpeg" | "image/png" | "image/webp" | "application/pdf";

/** Pixel ceiling for decoding: far above any camera photo, far below a decompression bomb. */
export const MAX_INPUT_PIXELS = 40_000_000;

/** sharp (libvips, about 20 MB resident) is loaded when the first image arrives, not at start-up. */
let sharpModule: Promise<typeof sharpType> | undefined;
const loadSharp = () => {
  sharpModule ??= import("sharp").then((module) => module.default);
  return sharpModule;
};

const startsWith = (bytes: Uint8Array, signature: number[], offset = 0) =>
  signature.every((b, i) => bytes[offset + i] === b);
const ascii = (text: string) => [...text].map((ch) => ch.charCodeAt(0));

/** The real type from the file's first bytes (the browser's name and type are never trusted). */
export function detectType(bytes: Uint8Array): DetectedType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "image/jpeg";
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  if (startsWith(bytes, ascii("RIFF")) && startsWith(bytes, ascii("WEBP"), 8)) return "image/webp";
  if (startsWith(bytes, ascii("%PDF-"))) return "application/pdf";
  return null;
}

/**
 * Re-encodes an image as WebP (quality 80) within maxSide x maxSide, turned upright by its EXIF
 * orientation. sharp writes no metadata unless asked, so EXIF (GPS included), XMP and ICC are all dropped.
 */
export async function normalizeImage(bytes: Uint8Array, maxSide: number): Promise<Buffer> {
  const sharp = await loadSharp();
  let width = 0;
  let height = 0;
  try {
    ({ width, height } = await sharp(bytes, { limitInputPixels: false }).metadata());
  } catch {
    throw new AppError("VALIDATION", messages.images.processFailed, { file: messages.images.processFailed });
  }
  // Checked from the header before any decoding, so a bomb never gets its pixels allocated.
  if (width * height > MAX_INPUT_PIXELS)
    throw new AppError("VALIDATION", messages.images.tooManyPixels, { file: messages.images.tooManyPixels });
  try {
    return await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "truncated" })
      .rotate()
      .resize(maxSide, maxSide, { fit: "inside", withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer();
  } catch {
    throw new AppError("VALIDATION", messages.images.processFailed, { file: messages.images.processFailed });
  }
}

/**
 * Whether a WebP is already what `normalizeImage` makes: within maxSide x maxSide, no EXIF, XMP or ICC,
 * and its pixels decode whole. Anything else is re-encoded.
 */
export async function isNormalizedImage(bytes: Uint8Array, maxSide: number): Promise<boolean> {
  const sharp = await loadSharp();
  try {
    const meta = await sharp(bytes, { limitInputPixels: false }).metadata();
    const { width = 0, height = 0 } = meta;
    if (meta.format !== "webp" || width > maxSide || height > maxSide) return false;
    if (meta.exif || meta.icc || meta.xmp || (meta.pages ?? 1) > 1) return false;
    await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "truncated" }).raw().toBuffer();
    return true;
  } catch {
    return false;
  }
}
