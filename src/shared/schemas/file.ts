import { z } from "zod";

export const filePurposes = ["bicycle-image", "component-image", "receipt"] as const;
export type FilePurpose = (typeof filePurposes)[number];

export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
export const IMAGE_TYPES = ["image/jpeg", "image/png", "image/webp"] as const;
export const RECEIPT_TYPES = [...IMAGE_TYPES, "application/pdf"] as const;

/** Uploaded files are served to their owner at /api/files/<uuid>, and through a share link at sharedFileUrl. */
const UUID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";
const FILE_URL = new RegExp(`^/api/files/(${UUID})$`);
const FILE_ID = new RegExp(`^${UUID}$`);

/** Whether the text has the shape of a file id (anything else can never name a file). */
export function isFileId(text: string): boolean {
  return FILE_ID.test(text);
}

export function fileUrl(id: string): string {
  return `/api/files/${id}`;
}

/** A photo a share link shows, for anyone holding the link (the owner's own URL works only for them). */
export function sharedFileUrl(token: string, id: string): string {
  return `/api/shared/${token}/files/${id}`;
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

export const uploadedFileSchema = z.object({
  id: z.string(),
  url: z.string(),
  contentType: z.string(),
  size: z.number(),
});
export type UploadedFile = z.infer<typeof uploadedFileSchema>;

/** Whether the text is an http: or https: URL (links kept elsewhere; nothing else may be followed). */
export function isHttpUrl(text: string): boolean {
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
