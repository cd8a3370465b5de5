/**
 * Server image processing: a 12-megapixel JPEG (4000x3000, camera-like: smooth content with sensor noise,
 * EXIF orientation 6) through `normalizeImage`, the function every uploaded photo goes through (turned
 * upright, resized within 1024x1024, re-encoded as WebP); the median of a few runs after a warm-up.
 */
import sharp from "sharp";
import { normalizeImage } from "../src/server/features/files/image.ts";
import { MAX_IMAGE_SIDE } from "../src/shared/image-sizes.ts";

const WIDTH = 4000;
const HEIGHT = 3000;

/** The same bytes on every run: gaussian noise, blurred into soft shapes, plus a little noise on top. */
async function cameraLikeJpeg(): Promise<Buffer> {
  const base = await sharp({
    create: {
      width: WIDTH / 8,
      height: HEIGHT / 8,
      channels: 3,
      background: "#808080",
      noise: { type: "gaussian", mean: 128, sigma: 60 },
    },
  })
    .blur(2)
    .resize(WIDTH, HEIGHT, { kernel: "cubic" })
    .raw()
    .toBuffer();
  const grain = await sharp({
    create: {
      width: WIDTH,
      height: HEIGHT,
      channels: 3,
      background: "#000000",
      noise: { type: "gaussian", mean: 0, sigma: 6 },
    },
  })
    .raw()
    .toBuffer();
  for (let i = 0; i < base.length; i++) base[i] = Math.min(255, base[i]! + grain[i]!);
  return sharp(base, { raw: { width: WIDTH, height: HEIGHT, channels: 3 } })
    .jpeg({ quality: 90 })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

export interface ImageFigures {
  megapixels: number;
  inputMb: number;
  ms: number;
  outputKb: number;
  outputSide: string;
}

export async function benchImageProcessing(runs = 5): Promise<ImageFigures> {
  const jpeg = await cameraLikeJpeg();
  let output = await normalizeImage(jpeg, MAX_IMAGE_SIDE); // warm-up: loads sharp and libvips
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    output = await normalizeImage(jpeg, MAX_IMAGE_SIDE);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const { width, height } = await sharp(output).metadata();
  return {
    megapixels: (WIDTH * HEIGHT) / 1_000_000,
    inputMb: Math.round((jpeg.length / 1_000_000) * 10) / 10,
    ms: Math.round(times[Math.floor(times.length / 2)]!),
    outputKb: Math.round(output.length / 1000),
    outputSide: `${width}x${height}`,
  };
}
