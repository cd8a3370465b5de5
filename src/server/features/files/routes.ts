import { createHash } from "node:crypto";
import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { etag } from "hono/etag";
import { messages } from "../../../shared/messages.ts";
import { filePurposes, MAX_UPLOAD_BYTES, uploadedFileSchema } from "../../../shared/schemas/file.ts";
import type { Storage } from "../../adapters/storage.ts";
import { AppError, notFound } from "../../errors.ts";
import { bodyLimit } from "../../http/body-limit.ts";
import type { AppDeps, AppEnv } from "../../http/context.ts";
import { apiRouter, auth, errors, json } from "../../http/openapi.ts";
import { requireUser, signedIn } from "../../http/session.ts";
import { receiptDisposition } from "./receipt-name.ts";
import { findOwnFile, receiptEntryOf, uploadFile } from "./service.ts";

const m = messages.images;
/** Room for the multipart envelope around a file of the largest allowed size. */
const MAX_UPLOAD_BODY = MAX_UPLOAD_BYTES + 64 * 1024;

/** A stored file's bytes: a photo (JPEG, PNG or WebP) or a PDF receipt. */
export const fileBytes = {
  description:
    "The file's bytes (private, no-cache; ETag is the file id, and for a PDF also its download name). A PDF is an attachment, named on the owner's " +
    "route after the service entry that shows it (`receipt-2024-05-31-shimano-chain.pdf`).",
  content: Object.fromEntries(
    ["image/jpeg", "image/png", "image/webp", "application/pdf"].map((type) => [
      type,
      { schema: z.string().meta({ format: "binary" }) },
    ]),
  ),
};

const tags = ["Files"];

/**
 * POST /api/files's form. A plain JSON Schema, not a zod one, so the document shows it while the route
 * reads the form itself: its failures have messages of their own.
 */
const uploadForm = {
  type: "object" as const,
  properties: {
    file: { type: "string" as const, format: "binary" },
    purpose: { type: "string" as const, enum: [...filePurposes] },
  },
  required: ["file", "purpose"],
};

/** Mounted at /api/files (outside the 1 MB JSON body limit). */
export function fileRoutes({ db, storage }: AppDeps) {
  return apiRouter()
    .openapi(
      createRoute({
        method: "post",
        path: "/",
        tags,
        summary: "Upload a photo or a receipt (JPEG, PNG, WebP; receipts also PDF; at most 10 MB)",
        description:
          "Use the answer's `url` as a bicycle's or component's `imageUrl`, or a service's `receiptUrl`.",
        security: auth.signedIn,
        middleware: [signedIn(), bodyLimit(MAX_UPLOAD_BODY, m.tooLarge)] as const,
        request: {
          body: { required: true, content: { "multipart/form-data": { schema: uploadForm } } },
        },
        responses: {
          201: json(z.object({ file: uploadedFileSchema }), "The stored file."),
          ...errors(400, 401, 403, 413),
        },
      }),
      async (c) => {
        const user = requireUser(c.get("user"));
        // parseBody reads any other body (JSON, text) as an empty form: say what the route takes.
        if (!c.req.header("Content-Type")?.toLowerCase().startsWith("multipart/form-data")) {
          throw new AppError("VALIDATION", m.notMultipart);
        }
        // all: a field sent twice is an array, refused below, where Hono would otherwise keep the last one.
        const form = await c.req.parseBody({ all: true }).catch(() => {
          throw new AppError("VALIDATION", m.notMultipart);
        });
        const { file, purpose } = form;
        if (Array.isArray(file)) throw new AppError("VALIDATION", m.oneFile, { file: m.oneFile });
        const validPurpose = filePurposes.find((p) => p === purpose);
        if (!validPurpose) throw new AppError("VALIDATION", m.purposeInvalid, { purpose: m.purposeInvalid });
        if (!(file instanceof File)) {
          // Nothing (or text) in the file field: say so, not that a file's type is wrong.
          const missing = validPurpose === "receipt" ? m.noReceiptFile : m.noFile;
          throw new AppError("VALIDATION", missing, { file: missing });
        }
        const bytes = new Uint8Array(await file.arrayBuffer());
        return c.json(
          { file: await uploadFile(db, storage, user.id, { bytes, purpose: validPurpose }) },
          201,
        );
      },
    )
    .openapi(
      createRoute({
        method: "get",
        path: "/{id}",
        tags,
        summary: "An uploaded file, for its owner only",
        security: auth.signedIn,
        middleware: [etag()] as const,
        request: { params: z.object({ id: z.string() }) },
        responses: { 200: fileBytes, 304: { description: "Not modified (If-None-Match)." }, ...errors(404) },
      }),
      async (c) => {
        // Only the owner: anyone else, signed in or not, gets the same 404 as for a missing file.
        const user = c.get("user");
        if (!user) throw notFound();
        const file = await findOwnFile(db, user.id, c.req.valid("param").id);
        const disposition =
          file.contentType === "application/pdf"
            ? receiptDisposition(await receiptEntryOf(db, user.id, file.id))
            : undefined;
        return sendFile(c, storage, file, disposition);
      },
    );
}

/**
 * A stored file's bytes. Access is checked on every request (`no-cache`: a browser keeps the bytes but
 * asks again, and gets a 304 while its copy is still allowed), and only the browser may keep them
 * (`private`), so a signed-out browser or a deleted share link gets nothing from a cache. Routes that
 * send files use `etag()`, which turns a matching If-None-Match into the 304. A PDF (a receipt) is a
 * download, named by `pdfDisposition`.
 */
export async function sendFile(
  c: Context<AppEnv>,
  storage: Storage,
  file: { id: string; key: string; contentType: string },
  pdfDisposition = receiptDisposition(null),
) {
  const bytes = await storage.get(file.key);
  if (!bytes) throw notFound();
  c.header("Content-Type", file.contentType);
  c.header("X-Content-Type-Options", "nosniff");
  c.header("Cache-Control", "private, no-cache");
  if (file.contentType === "application/pdf") {
    // A 304 carries no Content-Disposition, so a browser would keep the old name: the tag names it too.
    c.header(
      "ETag",
      `"${file.id}.${createHash("sha256").update(pdfDisposition).digest("base64url").slice(0, 12)}"`,
    );
    c.header("Content-Disposition", pdfDisposition);
  } else {
    // A file id names the same bytes forever (a new upload gets a new id).
    c.header("ETag", `"${file.id}"`);
  }
  return c.body(bytes as Uint8Array<ArrayBuffer>);
}
