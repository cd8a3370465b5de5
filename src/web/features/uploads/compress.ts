import type { CompressReply, CompressRequest } from "./compress.worker.ts";
import { type Canvas, decode, resizeAndEncode } from "./encode.ts";
import { withExtension } from "./resize.ts";

function makeCanvas(width: number, height: number): Canvas {
  if (typeof OffscreenCanvas !== "undefined") return new OffscreenCanvas(width, height);
  const canvas = document.createElement("canvas");
  canvas.width = width;
  canvas.height = height;
  return canvas;
}

let workerEncodesWebp: Promise<boolean> | undefined;

/** Whether a worker can do the work: module workers, OffscreenCanvas, and a WebP encoder (not Safari's). */
function canUseWorker(): Promise<boolean> {
  workerEncodesWebp ??= (async () => {
    if (typeof Worker === "undefined" || typeof OffscreenCanvas === "undefined") return false;
    if (!("convertToBlob" in OffscreenCanvas.prototype)) return false;
    try {
      const probe = new OffscreenCanvas(1, 1);
      if (!probe.getContext("2d")) return false;
      return (await probe.convertToBlob({ type: "image/webp" })).type === "image/webp";
    } catch {
      return false;
    }
  })();
  return workerEncodesWebp;
}

/** The worker's result; null when the worker itself could not run (then the page does the work). */
function inWorker(file: File, maxSide: number): Promise<Blob | null> {
  return new Promise((resolve, reject) => {
    let worker: Worker;
    try {
      worker = new Worker(new URL("./compress.worker.ts", import.meta.url), { type: "module" });
    } catch {
      resolve(null);
      return;
    }
    const finish = () => worker.terminate();
    worker.onmessage = (event: MessageEvent<CompressReply>) => {
      finish();
      if (event.data.ok) resolve(event.data.blob);
      else reject(new Error(event.data.message));
    };
    // The script failed to load or run (an old browser without module workers, say): no reply will come.
    worker.onerror = (event) => {
      event.preventDefault();
      finish();
      resolve(null);
    };
    worker.onmessageerror = () => {
      finish();
      resolve(null);
    };
    worker.postMessage({ file, maxSide } satisfies CompressRequest);
  });
}

/**
 * Decodes the image once, scales it to fit maxSide x maxSide (1024 for a photo, 2048 for a receipt) and encodes it once as WebP at 0.8 (JPEG where the
 * browser cannot encode WebP), in a worker where the browser allows it, otherwise on the page. Throws
 * SPEC's "Failed to process image" when the file does not decode.
 */
export async function compressImage(file: File, maxSide: number): Promise<File> {
  const blob =
    ((await canUseWorker()) ? await inWorker(file, maxSide) : null) ??
    (await resizeAndEncode(await decode(file), makeCanvas, maxSide));
  const extension = blob.type === "image/webp" ? "webp" : "jpg";
  return new File([blob], withExtension(file.name, extension), { type: blob.type });
}
