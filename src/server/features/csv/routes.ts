import { createRoute, z } from "@hono/zod-openapi";
import {
  csvEntityParamSchema,
  serviceCsvImportResultSchema,
  serviceCsvImportSchema,
} from "../../../shared/schemas/csv.ts";
import type { AppDeps } from "../../http/context.ts";
import { apiRouter, auth, errors, json, jsonBody, writeErrors } from "../../http/openapi.ts";
import { requireUser, signedIn } from "../../http/session.ts";
import { csvExport } from "./export.ts";
import { importServiceCsv } from "./import.ts";

const csvFile = {
  description:
    "The CSV (UTF-8 with a byte-order mark, comma-separated, CRLF, a header row; dates yyyy-MM-dd, instants ISO 8601 in UTC, distances in the user's unit named in the header), sent as an attachment.",
  content: { "text/csv": { schema: z.string() } },
};

/** Mounted at /api: CSV downloads per entity, and importing service records from a spreadsheet. */
export function csvRoutes({ db, config, logger }: AppDeps) {
  return apiRouter()
    .openapi(
      createRoute({
        method: "get",
        path: "/export/csv/{entity}",
        tags: ["Account"],
        summary: "Your bicycles, components, service entries or rides as a CSV file for spreadsheets",
        security: auth.signedIn,
        middleware: [signedIn()] as const,
        request: { params: csvEntityParamSchema },
        responses: { 200: csvFile, ...errors(400, 401) },
      }),
      (c) => {
        const user = requireUser(c.get("user"));
        const { entity } = c.req.valid("param");
        const today = new Date().toISOString().slice(0, 10);
        const encoder = new TextEncoder();
        // Rows go out as they are read (a page of rides at a time), never as one string in memory.
        const rows = csvExport(db, user.id, entity, config.publicUrl);
        const body = new ReadableStream<Uint8Array>({
          async pull(controller) {
            try {
              const { value, done } = await rows.next();
              if (done) controller.close();
              else controller.enqueue(encoder.encode(value));
            } catch (error) {
              // As the archive export's (export/routes.ts): the answer has started, so it is cut, and logged.
              logger.error({ err: error, userId: user.id, entity }, "csv export failed");
              controller.error(error);
            }
          },
          async cancel() {
            await rows.return(undefined);
          },
        });
        c.header("Content-Type", "text/csv; charset=utf-8");
        c.header("Content-Disposition", `attachment; filename="velolog-${entity}-${today}.csv"`);
        c.header("Cache-Control", "private, no-store");
        return c.body(body, 200);
      },
    )
    .openapi(
      createRoute({
        method: "post",
        path: "/services/import",
        tags: ["Services"],
        summary:
          "Import service records from a spreadsheet's rows: all or nothing, rows already logged skipped (dryRun: check only)",
        security: auth.signedIn,
        middleware: [signedIn()] as const,
        request: { body: jsonBody(serviceCsvImportSchema) },
        responses: {
          200: json(
            serviceCsvImportResultSchema,
            "What became (or, on a dry run, would become) of each row.",
          ),
          ...errors(...writeErrors, 404),
        },
      }),
      async (c) => {
        const user = requireUser(c.get("user"));
        return c.json(await importServiceCsv(db, user.id, c.req.valid("json"), config.publicUrl), 200);
      },
    );
}
