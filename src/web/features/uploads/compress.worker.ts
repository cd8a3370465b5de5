import { decode, resizeAndEncode } from "./encode.ts";

export type CompressRequest = { file: File; maxSide: number };
export type CompressReply = { ok: true; blob: Blob } | { ok: false; message: string };

// Decoding, resizing and encoding a 12-megapixel photo takes long enough to freeze the page, so the
// page hands the file to this worker when it has OffscreenCanvas with a WebP encoder.
// (Typed by hand: the "webworker" lib would clash with "dom" in the one tsconfig.)
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<CompressRequest>) => void) | null;
  postMessage: (message: CompressReply) => void;
};

scope.onmessage = async (event: MessageEvent<CompressRequest>) => {
  let reply: CompressReply;
  try {
    const bitmap = await decode(event.data.file);
    const canvas = (w: number, h: number) => new OffscreenCanvas(w, h);
    reply = { ok: true, blob: await resizeAndEncode(bitmap, canvas, event.data.maxSide) };
  } catch (error) {
    reply = { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
  scope.postMessage(reply);
};
