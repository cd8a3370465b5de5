import { Hono } from "hono";
import { messages } from "../../../shared/messages.ts";
import { filePurposes, MAX_UPLOAD_BYTES } from "../../../shared/schemas/file.ts";
import { AppError } from "../../errors.ts";
import { bodyLimit } from "../../http/body-limit.ts";
import type { AppDeps, AppEnv } from "../../http/context.ts";
import { requireUser } from "../../http/session.ts";
import { UUID } from "../bicycles/service.ts";
import { findFile, uploadFile } from "./service.ts";

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
    .get("/:id", async (c) => {
      const id = c.req.param("id");
      const found = UUID.test(id) ? await findFile(db, id) : null;
      const bytes = found ? await storage.get(found.key) : null;
      if (!found || !bytes) throw new AppError("NOT_FOUND", messages.generic.notFound);
      c.header("Content-Type", found.contentType);
      c.header("X-Content-Type-Options", "nosniff");
      // The URL names one file forever (a new upload gets a new id), so caches may keep it.
      c.header("Cache-Control", "public, max-age=31536000, immutable");
      if (found.contentType === "application/pdf")
        c.header("Content-Disposition", 'attachment; filename="receipt.pdf"');
      return c.body(bytes as Uint8Array<ArrayBuffer>);
    });
}
