import { once } from "node:events";
import { createWriteStream } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { createRoute, z } from "@hono/zod-openapi";
import { messages } from "../../../shared/messages.ts";
import { archiveImportResultSchema, MAX_ARCHIVE_BYTES } from "../../../shared/schemas/export.ts";
import { AppError } from "../../errors.ts";
import type { AppDeps } from "../../http/context.ts";
import { apiRouter, auth, errors, json } from "../../http/openapi.ts";
import { requireUser, signedIn } from "../../http/session.ts";
import { exportEntries } from "./export.ts";
import { importArchive } from "./import.ts";
import { zipStream } from "./zip-writer.ts";

const m = messages.archive;
const tags = ["Export"];

const zipFile = {
  description:
    "The account export: a .zip holding README.txt (what the archive is, its units), velolog.json (docs/export/velolog-export.schema.json) and files/ with the photos and receipts. Streamed as it is made.",
  content: { "application/zip": { schema: z.string().meta({ format: "binary" }) } },
};

/**
 * Writes a request body to a new temporary file as it arrives, refused past `maxBytes` (413). The import reads
 * the .zip from there with random access; the bytes never sit in memory whole.
 */
async function bodyToTempFile(body: ReadableStream<Uint8Array> | null, maxBytes: number) {
  if (!body) throw new AppError("VALIDATION", m.chooseFile, { file: m.chooseFile });
  const dir = await mkdtemp(path.join(os.tmpdir(), "velolog-import-"));
  const file = path.join(dir, "archive.zip");
  const out = createWriteStream(file, { flags: "wx" });
  let size = 0;
  try {
    for await (const chunk of body) {
      size += chunk.byteLength;
      if (size > maxBytes) throw new AppError("PAYLOAD_TOO_LARGE", m.tooLarge, { file: m.tooLarge });
      if (!out.write(chunk)) await once(out, "drain");
    }
    out.end();
    await once(out, "close");
  } catch (error) {
    out.destroy();
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
  if (size === 0) {
    await rm(dir, { recursive: true, force: true });
    throw new AppError("VALIDATION", m.chooseFile, { file: m.chooseFile });
  }
  return { file, size, remove: () => rm(dir, { recursive: true, force: true }) };
}

/** Mounted at /api: GET /api/export and POST /api/import/archive (decision 0048). */
export function archiveRoutes({ db, storage, config, logger }: AppDeps) {
  return apiRouter()
    .openapi(
      createRoute({
        method: "get",
        path: "/export",
        tags,
        summary: "Everything in the account as one .zip (velolog.json, photos and receipts)",
        description:
          "Bicycles, components, installation periods, rides, service intervals, service entries (and the intervals each resets), share links (without their secret tokens), settings, and the Strava bike mapping and the rider's choices about Strava rides (never the Strava tokens). Streamed: there is no Content-Length.",
        security: auth.signedIn,
        middleware: [signedIn()] as const,
        responses: { 200: zipFile, ...errors(401) },
      }),
      async (c) => {
        const user = requireUser(c.get("user"));
        const now = new Date();
        const name = `velolog-export-${now.toISOString().slice(0, 10)}.zip`;
        const chunks = zipStream(exportEntries(db, storage, user.id, now), now);
        const stream = new ReadableStream<Uint8Array>({
          async pull(controller) {
            try {
              const next = await chunks.next();
              if (next.done) controller.close();
              else controller.enqueue(next.value);
            } catch (error) {
              // The answer has started: all that is left is to cut it, so the browser sees a failed download.
              logger.error({ err: error, userId: user.id }, "export failed");
              controller.error(error);
            }
          },
          async cancel() {
            await chunks.return(undefined);
          },
        });
        c.header("Content-Type", "application/zip");
        c.header("Content-Disposition", `attachment; filename="${name}"`);
        c.header("Cache-Control", "private, no-store");
        c.header("X-Content-Type-Options", "nosniff");
        // A reverse proxy (nginx) would otherwise hold the streamed answer back until it has it all.
        c.header("X-Accel-Buffering", "no");
        return c.body(stream, 200);
      },
    )
    .openapi(
      createRoute({
        method: "post",
        path: "/import/archive",
        tags,
        summary: "Import an account export (.zip) into this account (at most 300 MB)",
        description:
          "The body is the .zip's bytes. Every id is remapped; photos and receipts pass the upload checks; the plan's bicycle limit applies (too many: nothing is imported, and the message names the bicycles that did not fit). Objects already imported from the same export (or already in this account) are not added again. The Strava bike mapping is restored onto the bicycles, except for bikes this account has mapped itself. `ridesRemoved` counts this account's Strava rides of activities the export says were deleted. The archive's preferences (distance unit, due-soon %, time zone, the reminder mail) become the account's; `settingsChanged` names each that changed, with its value before and after. A bad or unsafe archive changes nothing.",
        security: auth.signedIn,
        middleware: [signedIn()] as const,
        request: {
          body: {
            required: true,
            content: { "application/zip": { schema: { type: "string", format: "binary" } } },
          },
        },
        responses: {
          200: json(z.object({ result: archiveImportResultSchema }), "What was imported."),
          ...errors(400, 401, 403, 409, 413, 429),
        },
      }),
      async (c) => {
        const user = requireUser(c.get("user"));
        const declared = Number(c.req.header("content-length") ?? 0);
        if (declared > MAX_ARCHIVE_BYTES) {
          c.header("Connection", "close");
          throw new AppError("PAYLOAD_TOO_LARGE", m.tooLarge, { file: m.tooLarge });
        }
        const upload = await bodyToTempFile(c.req.raw.body, MAX_ARCHIVE_BYTES);
        try {
          const result = await importArchive(
            { db, storage, billingMode: config.billingMode },
            user.id,
            upload.file,
          );
          logger.info(
            { event: "archive_imported", userId: user.id, imported: result.imported },
            "archive imported",
          );
          return c.json({ result }, 200);
        } finally {
          await upload.remove();
        }
      },
    );
}
