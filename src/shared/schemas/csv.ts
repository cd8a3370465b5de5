import { z } from "zod";
import { DATE_FORMATS, MAX_IMPORT_ROWS } from "../domain/service-csv.ts";
import { messages } from "../messages.ts";
import { idText } from "./common.ts";

/** The entities with a CSV download (`GET /api/export/csv/{entity}`). */
export const CSV_ENTITIES = ["bicycles", "components", "services", "rides"] as const;
export type CsvEntity = (typeof CSV_ENTITIES)[number];

export const csvEntityParamSchema = z.object({
  entity: z.enum(CSV_ENTITIES, { error: "Entity must be bicycles, components, services or rides" }),
});

const MAX_CELL = 20_000;
const cellText = (cell: string) => {
  const message = messages.csv.cellInvalid(cell, MAX_CELL);
  return z.string({ error: message }).max(MAX_CELL, message);
};

/**
 * POST /api/services/import: a spreadsheet's rows after the mapping step, each cell as the file has it
 * (the server reads dates and costs, and finds components by name). `row` is the row's number in the file
 * (the header is row 1), so that errors name the row the user sees.
 */
export const serviceCsvImportSchema = z.object({
  dateFormat: z.enum(DATE_FORMATS, { error: messages.csv.dateFormatRequired }),
  /** Only this bicycle's components are matched; null: all the user's, the parts bin included. */
  bicycleId: idText("bicycleId").nullable().default(null),
  /** Check and answer what would happen, writing nothing (the preview). */
  dryRun: z.boolean({ error: messages.csv.dryRunInvalid }).default(false),
  rows: z
    .array(
      z.object(
        {
          row: z
            .number({ error: messages.csv.rowNumberInvalid })
            .int(messages.csv.rowNumberInvalid)
            .min(1, messages.csv.rowNumberInvalid),
          // As long as a cell may be (the body's 1 MB is the real bound): a long note in the wrong column is that
          // row's error, naming it ("Row 3: date “Chain waxed after …” is not a date"), not a bare "too big".
          date: cellText("date"),
          component: cellText("component"),
          bicycle: cellText("bicycle").optional(),
          description: cellText("description"),
          cost: cellText("cost").default(""),
          /**
           * Blank, an http(s) link, or one of this app's file addresses (`/api/files/<id>`, or the whole address
           * the download writes); anything else is that row's error, read on the server as the other cells are.
           */
          receipt: cellText("receipt").default(""),
        },
        { error: messages.csv.rowNotAnObject },
      ),
      { error: messages.csv.rowsNotAList },
    )
    .min(1, messages.csv.noRows)
    .max(MAX_IMPORT_ROWS, messages.csv.tooManyRows(MAX_IMPORT_ROWS)),
});
export type ServiceCsvImport = z.input<typeof serviceCsvImportSchema>;

/** What became (or would become) of each row: a new entry, one already logged (skipped), or errors. */
export const serviceCsvRowResultSchema = z.object({
  row: z.number(),
  status: z.enum(["new", "duplicate", "error"]),
  date: z.string().nullable(),
  componentId: z.string().nullable(),
  componentName: z.string().nullable(),
  bicycleName: z.string().nullable(),
  description: z.string(),
  cost: z.number().nullable(),
  /** The receipt as the entry keeps it: `/api/files/<id>` for a file of the user's, else the link; null: none. */
  receiptUrl: z.string().nullable(),
  errors: z.array(z.string()),
});
export type ServiceCsvRowResult = z.infer<typeof serviceCsvRowResultSchema>;

export const serviceCsvImportResultSchema = z.object({
  /** Entries written (0 on a dry run). */
  imported: z.number(),
  /** Rows the same as an entry already logged (or as an earlier row), not written again. */
  skipped: z.number(),
  rows: z.array(serviceCsvRowResultSchema),
});
export type ServiceCsvImportResult = z.infer<typeof serviceCsvImportResultSchema>;
