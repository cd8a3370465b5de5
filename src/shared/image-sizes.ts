import type { FilePurpose } from "./schemas/file.ts";

/**
 * Photos are stored within 1024x1024 (SPEC.md); a photographed receipt within 2048x2048, where a till
 * receipt's small print stays legible (decision 0074). Its own module, read only where files are
 * uploaded, so the pages' shared chunk does not carry it.
 */
export const MAX_IMAGE_SIDE = 1024;
export const MAX_RECEIPT_SIDE = 2048;
export function maxImageSide(purpose: FilePurpose): number {
  return purpose === "receipt" ? MAX_RECEIPT_SIDE : MAX_IMAGE_SIDE;
}
