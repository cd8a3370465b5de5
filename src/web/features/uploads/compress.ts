import { messages } from "../../../shared/messages.ts";
import { fitWithin, withExtension } from "./resize.ts";

const QUALITY = 0.8;

type Canvas = OffscreenCanvas | HTMLCanvasElement;

function makeCanvas(width: number, height: number): Canvas {
  if (typeof OffscreenCanvas !== "undefined") return new OffscreenCanvas(width, height);
  const canvas = document.createElement("canvas");
  canvas.width = width;
  canvas.height = height;
  return canvas;
}

async function encode(canvas: Canvas, type: string): Promise<Blob | null> {
  if ("convertToBlob" in canvas) return canvas.convertToBlob({ type, quality: QUALITY });
  return new Promise((resolve) => canvas.toBlob(resolve, type, QUALITY));
}

/**
 * Decodes the image once, scales it to fit 1024x1024 and encodes it once as WebP at 0.8 (JPEG where the
 * browser cannot encode WebP). Throws SPEC's "Failed to process image" when the file does not decode.
 */
export async function compressImage(file: File): Promise<File> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: "from-image" });
  } catch {
    throw new Error(messages.images.processFailed);
  }
  const { width, height } = fitWithin(bitmap.width, bitmap.height);
  const canvas = makeCanvas(width, height);
  const context = canvas.getContext("2d") as
    | CanvasRenderingContext2D
    | OffscreenCanvasRenderingContext2D
    | null;
  if (!context) throw new Error(messages.images.canvasContext);
  context.drawImage(bitmap, 0, 0, width, height);
  bitmap.close();
  let blob = await encode(canvas, "image/webp");
  // A browser without a WebP encoder answers with PNG; JPEG is the smaller fallback for photos.
  if (blob && blob.type !== "image/webp") blob = await encode(canvas, "image/jpeg");
  if (!blob) throw new Error(messages.images.createBlob);
  const extension = blob.type === "image/webp" ? "webp" : "jpg";
  return new File([blob], withExtension(file.name, extension), { type: blob.type });
}
