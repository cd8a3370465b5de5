import { type Context, Hono } from "hono";
import { etag } from "hono/etag";
import { messages } from "../../../shared/messages.ts";
import { filePurposes, MAX_UPLOAD_BYTES } from "../../../shared/schemas/file.ts";
import type { Storage } from "../../adapters/storage.ts";
import { AppError, notFound } from "../../errors.ts";
import { bodyLimit } from "../../http/body-limit.ts";
import type { AppDeps, AppEnv } from "../../http/context.ts";
import { requireUser } from "../../http/session.ts";
import { findOwnFile, uploadFile } from "./service.ts";

const m = messages.images;
/** Room for the multipart envelope around a file of the largest allowed size. */
const MAX_UPLOAD_BODY = MAX_UPLOAD_BYTES + 64 * 1024;

/** Mounted at /api/files (outside the 1 MB JSON body limit). */
export function fileRoutes({ db, storage }: AppDeps) {
  return new Hono<AppEnv>()
    .post(
      "/",
      async (c, next) => {
        requireUser(c.get("user"));
        await next();
      },
      bodyLimit(MAX_UPLOAD_BODY, m.tooLarge),
      async (c) => {
        const user = requireUser(c.get("user"));
        const form = await c.req.parseBody().catch(() => {
          throw new AppError("VALIDATION", "The upload must be multipart/form-data with a file.");
        });
        const { file, purpose } = form;
        const validPurpose = filePurposes.find((p) => p === purpose);
        if (!validPurpose)
          throw new AppError("VALIDATION", "Unknown upload purpose.", { purpose: "Unknown" });
        if (!(file instanceof File)) throw new AppError("VALIDATION", m.invalidType, { file: m.invalidType });
        const bytes = new Uint8Array(await file.arrayBuffer());
        return c.json(
          { file: await uploadFile(db, storage, user.id, { bytes, purpose: validPurpose }) },
          201,
        );
      },
    )
    .get("/:id", etag(), async (c) => {
      // Only the owner: anyone else, signed in or not, gets the same 404 as for a missing file.
      const user = c.get("user");
      if (!user) throw notFound();
      return sendFile(c, storage, await findOwnFile(db, user.id, c.req.param("id")));
    });
}

/**
 * A stored file's bytes. Access is checked on every request (`no-cache`: a browser keeps the bytes but
 * asks again, and gets a 304 while its copy is still allowed), and only the browser may keep them
 * (`private`), so a signed-out browser or a deleted share link gets nothing from a cache. Routes that
 * send files use `etag()`, which turns a matching If-None-Match into the 304.
 */
export async function sendFile(
  c: Context<AppEnv>,
  storage: Storage,
  file: { id: string; key: string; contentType: string },
) {
  const bytes = await storage.get(file.key);
  if (!bytes) throw notFound();
  c.header("Content-Type", file.contentType);
  c.header("X-Content-Type-Options", "nosniff");
  c.header("Cache-Control", "private, no-cache");
  // A file id names the same bytes forever (a new upload gets a new id).
  c.header("ETag", `"${file.id}"`);
  if (file.contentType === "application/pdf")
    c.header("Content-Disposition", 'attachment; filename="receipt.pdf"');
  return c.body(bytes as Uint8Array<ArrayBuffer>);
}
