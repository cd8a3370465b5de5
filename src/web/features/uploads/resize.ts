import { MAX_IMAGE_SIDE } from "../../../shared/image-sizes.ts";
import { messages } from "../../../shared/messages.ts";
import { IMAGE_TYPES, MAX_UPLOAD_BYTES, RECEIPT_TYPES } from "../../../shared/schemas/file.ts";

/** Images above this size are compressed in the browser before upload. */
export const COMPRESS_ABOVE_BYTES = 1024 * 1024;

/** The largest size within max x max with the same aspect ratio; never enlarges. */
export function fitWithin(width: number, height: number, max = MAX_IMAGE_SIDE) {
  const scale = Math.min(1, max / width, max / height);
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** The file name with its extension replaced, e.g. photo.JPG -> photo.webp. */
export function withExtension(name: string, extension: string): string {
  const base = name.replace(/\.[^./\\]*$/, "") || "image";
  return `${base}.${extension}`;
}

export type PickKind = "image" | "receipt";

/** SPEC.md's client-side checks (the server checks the bytes again). Null when the file may be sent. */
export function checkFile(file: File, kind: PickKind): string | null {
  const types: readonly string[] = kind === "receipt" ? RECEIPT_TYPES : IMAGE_TYPES;
  if (!types.includes(file.type)) {
    return kind === "receipt" ? messages.images.invalidReceiptType : messages.images.invalidType;
  }
  if (file.size > MAX_UPLOAD_BYTES) return messages.images.tooLarge;
  return null;
}
