import { messages } from "../../../shared/messages.ts";
import { fitWithin } from "./resize.ts";

const QUALITY = 0.8;

export type Canvas = OffscreenCanvas | HTMLCanvasElement;

async function encode(canvas: Canvas, type: string): Promise<Blob | null> {
  if ("convertToBlob" in canvas) return canvas.convertToBlob({ type, quality: QUALITY });
  return new Promise((resolve) => canvas.toBlob(resolve, type, QUALITY));
}

/**
 * Scales a decoded image to fit maxSide x maxSide and encodes it once as WebP at 0.8 (JPEG where the browser
 * cannot encode WebP). Closes the bitmap. Runs in the compression worker and, as the fallback, on the page.
 */
export async function resizeAndEncode(
  bitmap: ImageBitmap,
  makeCanvas: (width: number, height: number) => Canvas,
  maxSide: number,
): Promise<Blob> {
  const { width, height } = fitWithin(bitmap.width, bitmap.height, maxSide);
  const canvas = makeCanvas(width, height);
  const context = canvas.getContext("2d") as
    | CanvasRenderingContext2D
    | OffscreenCanvasRenderingContext2D
    | null;
  if (!context) {
    bitmap.close();
    throw new Error(messages.images.canvasContext);
  }
  context.drawImage(bitmap, 0, 0, width, height);
  bitmap.close();
  let blob = await encode(canvas, "image/webp");
  // A browser without a WebP encoder answers with PNG; JPEG is the smaller fallback for photos.
  if (blob && blob.type !== "image/webp") blob = await encode(canvas, "image/jpeg");
  if (!blob) throw new Error(messages.images.createBlob);
  return blob;
}

/** Decodes once, upright by the file's EXIF orientation; SPEC's "Failed to process image" if it cannot. */
export async function decode(file: Blob): Promise<ImageBitmap> {
  try {
    return await createImageBitmap(file, { imageOrientation: "from-image" });
  } catch {
    throw new Error(messages.images.processFailed);
  }
}
