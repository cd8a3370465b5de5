import { Upload } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { Button } from "@/components/ui/button.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "@/components/ui/dialog.tsx";
import { FormField } from "@/components/ui/form-field.tsx";
import { hintClasses } from "@/components/ui/hint-classes.ts";
import { NativeSelect } from "@/components/ui/native-select.tsx";
import { useBicycles } from "@/features/bicycles/api.ts";
import { ApiError } from "@/lib/api-client.ts";
import { showError } from "@/lib/error-handler.ts";
import { toast } from "@/lib/toaster.ts";
import { decodeSpreadsheetFile } from "../../../../shared/domain/csv.ts";
import {
  DATE_FORMAT_LABELS,
  DATE_FORMATS,
  type DateFormat,
  detectDateFormat,
  guessColumns,
  MAX_IMPORT_ROWS,
  readServiceSheet,
  type ServiceCsvField,
} from "../../../../shared/domain/service-csv.ts";
import { formatCost, formatDate, formatNumber } from "../../../../shared/format.ts";
import { messages } from "../../../../shared/messages.ts";
import type { ServiceCsvImport, ServiceCsvImportResult } from "../../../../shared/schemas/csv.ts";
import { useImportServiceCsv } from "../api.ts";

const m = messages.csv;

/** The API's JSON body limit; a bigger import is refused by the server, so it is caught here first. */
const MAX_BODY_BYTES = 1024 * 1024;
/** Rows shown in the preview table; the counts and the error list cover them all. */
const PREVIEW_ROWS = 100;

interface SheetFile {
  name: string;
  headers: string[];
  /** Data records with their row number in the file (the header is row 1). */
  records: { row: number; cells: string[] }[];
}

type Mapping = Record<ServiceCsvField, number | null>;

const FIELDS: { field: ServiceCsvField; label: string; required: boolean; hint: string }[] = [
  { field: "date", label: "Date", required: true, hint: "When the service was done." },
  { field: "component", label: "Component", required: true, hint: "Matched to your components by name." },
  { field: "description", label: "Description", required: true, hint: "What was done." },
  { field: "cost", label: "Cost", required: false, hint: "In US dollars; a blank cost is 0." },
  {
    field: "bicycle",
    label: "Bicycle",
    required: false,
    hint: "Tells apart components of the same name on different bicycles.",
  },
  {
    field: "receipt",
    label: "Receipt",
    required: false,
    hint: "A link, or one of your uploaded receipts as the service download writes it.",
  },
];

const statusText: Record<ServiceCsvImportResult["rows"][number]["status"], string> = {
  new: "New",
  duplicate: "Already there",
  error: "Error",
};

/** The file's records, or a message saying why it cannot be imported. */
function readSheet(name: string, text: string): SheetFile | string {
  const read = readServiceSheet(text);
  return typeof read === "string" ? read : { name, ...read };
}

function columnName(headers: string[], index: number): string {
  return headers[index]?.trim() || `Column ${index + 1}`;
}

/**
 * "Import service records": pick a CSV file, say which column holds the date, component, description,
 * cost and receipt (guessed from the headers) and how dates are written, look at what the server would do (a dry run:
 * matched components, rows already logged, errors per row), then import all rows at once.
 */
export function ImportServicesDialog() {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [open, setOpen] = useState(false);
  const [sheet, setSheet] = useState<SheetFile | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [mapping, setMapping] = useState<Mapping | null>(null);
  const [dateFormat, setDateFormat] = useState<DateFormat | "">("");
  const [bicycleId, setBicycleId] = useState("");
  const [preview, setPreview] = useState<ServiceCsvImportResult | null>(null);
  const [problems, setProblems] = useState<string[]>([]);
  const bicycles = useBicycles(open);
  const importCsv = useImportServiceCsv();

  // Each step's content replaces the last one's, and the focus would fall to the dialog itself: it goes to
  // what the rider acts on next instead (the first column to map, the preview's summary, the file button).
  const step = !sheet ? "file" : !preview ? "map" : "preview";
  const shownStep = useRef(step);
  useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    // Closing resets the steps: the focus goes back to the dialog's button, not here.
    if (!open) return;
    const target = { file: `${id}-choose`, map: `${id}-date`, preview: `${id}-summary` }[step];
    document.getElementById(target)?.focus();
  }, [step, id, open]);

  const reset = () => {
    setSheet(null);
    setFileError(null);
    setMapping(null);
    setDateFormat("");
    setBicycleId("");
    setPreview(null);
    setProblems([]);
    if (input.current) input.current.value = "";
  };

  async function pick(file: File | undefined) {
    if (!file) return;
    reset();
    const read = readSheet(file.name, decodeSpreadsheetFile(new Uint8Array(await file.arrayBuffer())));
    if (typeof read === "string") {
      setFileError(read);
      return;
    }
    const guess = guessColumns(read.headers);
    setSheet(read);
    setMapping(guess);
    const dates = guess.date === null ? [] : read.records.map((r) => r.cells[guess.date!] ?? "");
    setDateFormat(detectDateFormat(dates) ?? "");
  }

  const missing = mapping
    ? FIELDS.filter((f) => f.required && mapping[f.field] === null).map((f) =>
        m.columnRequired(f.label.toLowerCase()),
      )
    : [];
  const mappingProblems = [...missing, ...(dateFormat === "" ? [m.dateFormatRequired] : [])];

  const cell = (cells: string[], field: ServiceCsvField) => {
    const index = mapping?.[field] ?? null;
    return index === null ? "" : (cells[index] ?? "");
  };
  // A row with neither a date nor a component is a sheet's total or a note under the records, not a service.
  const isRecord = (cells: string[]) =>
    cell(cells, "date").trim() !== "" || cell(cells, "component").trim() !== "";
  const leftOut = sheet && mapping ? sheet.records.filter((r) => !isRecord(r.cells)).length : 0;

  function body(dryRun: boolean): ServiceCsvImport | null {
    if (!sheet || !mapping || dateFormat === "") return null;
    return {
      dateFormat,
      bicycleId: bicycleId || null,
      dryRun,
      rows: sheet.records
        .filter((r) => isRecord(r.cells))
        .map(({ row, cells }) => ({
          row,
          date: cell(cells, "date"),
          component: cell(cells, "component"),
          description: cell(cells, "description"),
          cost: cell(cells, "cost"),
          ...(mapping.bicycle === null ? {} : { bicycle: cell(cells, "bicycle") }),
          ...(mapping.receipt === null ? {} : { receipt: cell(cells, "receipt") }),
        })),
    };
  }

  async function send(dryRun: boolean) {
    const request = body(dryRun);
    if (!request) return;
    if (new TextEncoder().encode(JSON.stringify(request)).length > MAX_BODY_BYTES) {
      setProblems([m.tooLarge]);
      return;
    }
    setProblems([]);
    try {
      const result = await importCsv.mutateAsync(request);
      if (dryRun) {
        setPreview(result);
        return;
      }
      toast.success(m.imported(result.imported, result.skipped));
      setOpen(false);
      reset();
    } catch (error) {
      if (error instanceof ApiError && error.code === "VALIDATION" && error.fields) {
        setProblems([error.message, ...Object.values(error.fields)]);
      } else showError(error, { fallback: m.importFailed });
    }
  }

  /** One "which column holds …" select of the mapping step. */
  const columnField =
    (sheet: SheetFile, mapping: Mapping) =>
    ({ field, label, required, hint }: (typeof FIELDS)[number]) => {
      const index = mapping[field];
      const example = index === null ? "" : (sheet.records[0]?.cells[index] ?? "");
      return (
        <FormField
          key={field}
          id={`${id}-${field}`}
          label={`${label} column`}
          hint={example ? `${hint} First row: “${example.slice(0, 40)}”` : hint}
        >
          <NativeSelect
            id={`${id}-${field}`}
            value={index === null ? "" : String(index)}
            onChange={(event) => {
              const value = event.target.value === "" ? null : Number(event.target.value);
              setMapping({ ...mapping, [field]: value });
              if (field === "date" && value !== null) {
                setDateFormat(detectDateFormat(sheet.records.map((r) => r.cells[value] ?? "")) ?? "");
              }
            }}
          >
            <option value="">{required ? "Choose a column…" : "Not in the file"}</option>
            {sheet.headers.map((_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: columns are their position
              <option key={i} value={i}>
                {columnName(sheet.headers, i)}
              </option>
            ))}
          </NativeSelect>
        </FormField>
      );
    };

  const repeated = preview ? repeatedRows(preview.rows) : new Set<number>();
  const counts = preview && {
    new: preview.rows.filter((r) => r.status === "new").length,
    errors: preview.rows.filter((r) => r.status === "error"),
    inLogs: preview.skipped - repeated.size,
    repeated: repeated.size,
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) reset();
      }}
    >
      <DialogTrigger asChild>
        <Button variant="outline">
          <Upload aria-hidden="true" /> Import service records
        </Button>
      </DialogTrigger>
      <DialogContent className={preview ? "sm:max-w-3xl" : "sm:max-w-xl"}>
        <DialogHeader>
          <DialogTitle>Import service records</DialogTitle>
          <DialogDescription>
            {!sheet
              ? "Bring your service history from a spreadsheet: save it as CSV with a header row, then choose the file."
              : !preview
                ? `Which column of “${sheet.name}” holds what? ${sheet.records.length} ${sheet.records.length === 1 ? "row" : "rows"} found.`
                : "Check the rows before they are added to your service logs."}
          </DialogDescription>
        </DialogHeader>

        {!sheet ? (
          <div className="grid gap-2">
            <input
              ref={input}
              id={`${id}-file`}
              type="file"
              accept=".csv,text/csv,.txt,text/plain"
              className="hidden"
              aria-label="CSV file"
              onChange={(event) => void pick(event.target.files?.[0])}
            />
            <Button
              id={`${id}-choose`}
              variant="outline"
              className="justify-self-start"
              onClick={() => input.current?.click()}
            >
              Choose CSV file
            </Button>
            <p className={hintClasses}>
              Columns for the date, the component's name, a description and (optionally) the cost and a
              receipt. Up to {formatNumber(MAX_IMPORT_ROWS)} rows at a time.
            </p>
            {fileError ? (
              <p role="alert" className="text-sm text-destructive">
                {fileError}
              </p>
            ) : null}
          </div>
        ) : !preview && mapping ? (
          <form
            className="grid gap-4"
            aria-label="Map columns"
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              if (mappingProblems.length === 0 && !importCsv.isPending) void send(true);
            }}
          >
            <div className="grid items-start gap-4 sm:grid-cols-2">
              {FIELDS.filter((f) => f.field === "date").map(columnField(sheet, mapping))}
              <FormField
                id={`${id}-date-format`}
                label="Dates are written"
                hint="A date like 03/04/2024 could be March or April: say which."
              >
                <NativeSelect
                  id={`${id}-date-format`}
                  value={dateFormat}
                  onChange={(event) => setDateFormat(event.target.value as DateFormat | "")}
                >
                  <option value="">Choose a format…</option>
                  {DATE_FORMATS.map((format) => (
                    <option key={format} value={format}>
                      {DATE_FORMAT_LABELS[format]}
                    </option>
                  ))}
                </NativeSelect>
              </FormField>
              {FIELDS.filter((f) => f.field !== "date").map(columnField(sheet, mapping))}
              <FormField
                id={`${id}-scope`}
                label="Match components on"
                hint="Component names are matched without regard to case."
              >
                <NativeSelect
                  id={`${id}-scope`}
                  value={bicycleId}
                  onChange={(event) => setBicycleId(event.target.value)}
                >
                  <option value="">All bicycles and the parts bin</option>
                  {(bicycles.data ?? []).map((bicycle) => (
                    <option key={bicycle.id} value={bicycle.id}>
                      {bicycle.name}
                    </option>
                  ))}
                </NativeSelect>
              </FormField>
            </div>
            <Problems items={problems} />
            {mappingProblems.length > 0 ? (
              <p className="text-sm text-muted-foreground">{mappingProblems.join(". ")}.</p>
            ) : null}
            <DialogFooter>
              <Button type="button" variant="outline" onClick={reset}>
                Choose another file
              </Button>
              {/* aria-disabled while it checks, not disabled: a disabled button drops the keyboard's focus. */}
              <Button type="submit" disabled={mappingProblems.length > 0} aria-disabled={importCsv.isPending}>
                {importCsv.isPending ? "Checking..." : "Preview"}
              </Button>
            </DialogFooter>
          </form>
        ) : preview && counts ? (
          <div className="grid min-w-0 gap-4">
            <p
              id={`${id}-summary`}
              role="status"
              tabIndex={-1}
              className="text-sm focus-visible:outline-none"
            >
              {counts.new} new {counts.new === 1 ? "entry" : "entries"}
              {counts.inLogs > 0 ? `, ${counts.inLogs} already in your logs (skipped)` : ""}
              {counts.repeated > 0 ? `, ${counts.repeated} repeated in the file (skipped)` : ""}
              {counts.errors.length > 0
                ? `, ${counts.errors.length} ${counts.errors.length === 1 ? "row" : "rows"} with errors`
                : ""}
              {leftOut > 0
                ? `, ${leftOut} ${leftOut === 1 ? "row" : "rows"} without a date or component (a total, a note) left out`
                : ""}
              .
            </p>
            <Problems
              title={counts.errors.length > 0 ? "Rows that cannot be imported" : undefined}
              items={[...counts.errors.flatMap((r) => r.errors), ...problems]}
            />
            {counts.errors.length > 0 ? (
              <p className="text-sm text-muted-foreground">
                Nothing is imported while a row has an error: correct those rows in your spreadsheet (or the
                columns chosen), then try again.
              </p>
            ) : null}
            {/* On a phone the row number and the description go under the date and the component, so the
                cost and the status stay in sight without scrolling sideways. */}
            <div className="max-h-80 overflow-auto rounded-md border" data-testid="import-preview">
              <table className="w-full text-sm">
                <caption className="sr-only">The rows to import</caption>
                <thead>
                  <tr className="border-b text-left text-muted-foreground">
                    <th scope="col" className="hidden px-2 py-2 font-medium sm:table-cell">
                      Row
                    </th>
                    <th scope="col" className="px-1.5 sm:px-2 py-2 font-medium">
                      Date
                    </th>
                    <th scope="col" className="px-1.5 sm:px-2 py-2 font-medium">
                      Component
                    </th>
                    <th scope="col" className="hidden px-2 py-2 font-medium sm:table-cell">
                      Description
                    </th>
                    <th scope="col" className="px-1.5 sm:px-2 py-2 text-right font-medium">
                      Cost
                    </th>
                    <th scope="col" className="px-1.5 sm:px-2 py-2 font-medium">
                      Status
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {preview.rows.slice(0, PREVIEW_ROWS).map((row) => (
                    <tr key={row.row} className="border-b align-top last:border-0">
                      <td className="hidden px-2 py-1.5 text-muted-foreground sm:table-cell">{row.row}</td>
                      <td className="px-1.5 sm:px-2 py-1.5 whitespace-nowrap">
                        <span className="block text-xs text-muted-foreground sm:hidden">Row {row.row}</span>
                        {row.date ? formatDate(row.date) : "—"}
                      </td>
                      <td className="px-1.5 sm:px-2 py-1.5">
                        {row.componentName ?? "—"}
                        {row.bicycleName ? (
                          <span className="block text-xs text-muted-foreground">{row.bicycleName}</span>
                        ) : null}
                        <span className="block wrap-anywhere sm:hidden">
                          {row.description}
                          <WithReceipt url={row.receiptUrl} />
                        </span>
                      </td>
                      <td className="hidden max-w-56 min-w-40 px-1.5 sm:px-2 py-1.5 wrap-anywhere sm:table-cell">
                        {row.description}
                        <WithReceipt url={row.receiptUrl} />
                      </td>
                      <td className="px-1.5 sm:px-2 py-1.5 text-right whitespace-nowrap">
                        {row.cost === null ? "—" : formatCost(row.cost)}
                      </td>
                      <td
                        className={`px-1.5 sm:px-2 py-1.5 whitespace-nowrap ${row.status === "error" ? "text-destructive" : row.status === "duplicate" ? "text-muted-foreground" : ""}`}
                      >
                        {repeated.has(row.row) ? "Repeated" : statusText[row.status]}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            {preview.rows.length > PREVIEW_ROWS ? (
              <p className="text-xs text-muted-foreground">
                The first {PREVIEW_ROWS} of {preview.rows.length} rows are shown.
              </p>
            ) : null}
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => setPreview(null)}>
                Back to columns
              </Button>
              <Button
                type="button"
                disabled={counts.errors.length > 0 || counts.new === 0 || importCsv.isPending}
                onClick={() => void send(false)}
              >
                {importCsv.isPending
                  ? "Importing..."
                  : counts.new === 0
                    ? "Nothing new to import"
                    : `Import ${counts.new} ${counts.new === 1 ? "entry" : "entries"}`}
              </Button>
            </DialogFooter>
          </div>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

/**
 * The skipped rows that repeat an earlier row of the file (same component, date, description and cost) rather
 * than an entry already logged, by row number: the server skips both, the rider should know which is which.
 */
function repeatedRows(rows: ServiceCsvImportResult["rows"]): Set<number> {
  const earlier = new Set<string>();
  const repeated = new Set<number>();
  for (const row of rows) {
    if (row.status === "error") continue;
    const key = JSON.stringify([row.componentId, row.date, row.description, row.cost]);
    if (row.status === "duplicate" && earlier.has(key)) repeated.add(row.row);
    earlier.add(key);
  }
  return repeated;
}

/** Said under a row's description when the row brings a receipt (a link from the sheet is not opened here). */
function WithReceipt({ url }: { url: string | null }) {
  return url ? <span className="block text-xs text-muted-foreground">With receipt</span> : null;
}

/** What stands in the way, one line each; the first 50 (the rest counted). */
function Problems({ items, title }: { items: string[]; title?: string | undefined }) {
  if (items.length === 0) return null;
  return (
    <div
      role="alert"
      className="grid gap-1 rounded-md border border-destructive/40 p-3 text-sm text-destructive"
    >
      {title ? <p className="font-medium">{title}</p> : null}
      <ul className="grid list-disc gap-0.5 pl-5">
        {items.slice(0, 50).map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
      {items.length > 50 ? <p>…and {items.length - 50} more.</p> : null}
    </div>
  );
}
