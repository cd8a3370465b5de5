import { z } from "zod";

export const filePurposes = ["bicycle-image", "component-image", "receipt"] as const;
export type FilePurpose = (typeof filePurposes)[number];

export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
export const IMAGE_TYPES = ["image/jpeg", "image/png", "image/webp"] as const;
export const RECEIPT_TYPES = [...IMAGE_TYPES, "application/pdf"] as const;

/** Uploaded files are served at /api/files/<uuid>; the random id is what keeps the URL unguessable. */
const FILE_URL = /^\/api\/files\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

export function fileUrl(id: string): string {
  return `/api/files/${id}`;
}

/** The file id in one of our file URLs, or null for any other text. */
export function fileIdFromUrl(url: string | null | undefined): string | null {
  return url ? (FILE_URL.exec(url)?.[1] ?? null) : null;
}

/** A photo field: blank, or the URL of an uploaded file. */
export function optionalFileUrl(message: string) {
  return z.preprocess(
    (v) => (v === undefined || v === null || (typeof v === "string" && v.trim() === "") ? null : v),
    z
      .string({ error: message })
      .trim()
      .refine((text) => fileIdFromUrl(text) !== null, { message })
      .nullable(),
  );
}

export interface UploadedFile {
  id: string;
  url: string;
  contentType: string;
  size: number;
}

function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
}

/** A receipt field: blank, an uploaded file's URL, or a link to a receipt kept elsewhere. */
export function optionalReceiptUrl(message: string) {
  return z.preprocess(
    (v) => (v === undefined || v === null || (typeof v === "string" && v.trim() === "") ? null : v),
    z
      .string({ error: message })
      .trim()
      .max(2000, message)
      .refine((text) => fileIdFromUrl(text) !== null || isHttpUrl(text), { message })
      .nullable(),
  );
}
