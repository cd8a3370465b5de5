import { Upload } from "lucide-react";
import { useId, useRef, useState } from "react";
import { Button } from "@/components/ui/button.tsx";
import { ApiError } from "@/lib/api-client.ts";
import { toast } from "@/lib/toaster.ts";
import { cn } from "@/lib/utils.ts";
import { messages } from "../../../../shared/messages.ts";
import {
  MAX_RIDE_FILE_BYTES,
  MAX_RIDE_ZIP_BYTES,
  RIDE_FILE_ACCEPT,
  type RideFileResult,
} from "../../../../shared/schemas/ride.ts";
import { uploadRideFile, useInvalidateRides } from "../api.ts";

const m = messages.rideFiles;

/** What became of a file, naming the bicycle when its ride is on another one (a Strava export's gear). */
function statusText({ status, ride }: RideFileResult, bicycleId: string): string {
  if (!ride || ride.bicycleId === bicycleId) return m.status[status];
  return status === "imported" ? m.importedTo(ride.bicycleName) : m.alreadyOn(ride.bicycleName);
}

/** One file after the other: the server holds one file at a time, and the bar moves file by file. */
async function importFiles(
  bicycleId: string,
  files: File[],
  onProgress: (done: number) => void,
): Promise<RideFileResult[]> {
  const results: RideFileResult[] = [];
  for (const [index, file] of files.entries()) {
    const limit = file.name.toLowerCase().endsWith(".zip") ? MAX_RIDE_ZIP_BYTES : MAX_RIDE_FILE_BYTES;
    if (file.size > limit) {
      results.push({ file: file.name, status: "unreadable", reason: m.tooLarge, ride: null });
    } else {
      try {
        results.push(...(await uploadRideFile(bicycleId, file)));
      } catch (error) {
        const reason = error instanceof ApiError && error.message ? error.message : m.unreadable;
        results.push({ file: file.name, status: "unreadable", reason, ride: null });
      }
    }
    onProgress(index + 1);
  }
  return results;
}

/** Drop or pick GPX, TCX or FIT files (or a .zip of them) to add their rides to this bicycle. */
export function RideFileImport({ bicycleId }: { bicycleId: string }) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const refresh = useInvalidateRides();
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  // Numbered as read: several files of a .zip may share a name.
  const [results, setResults] = useState<(RideFileResult & { order: number })[]>([]);
  const [dragging, setDragging] = useState(false);

  async function start(list: FileList | null) {
    const files = [...(list ?? [])];
    if (files.length === 0 || progress) return;
    setResults([]);
    setProgress({ done: 0, total: files.length });
    const found = await importFiles(bicycleId, files, (done) => setProgress({ done, total: files.length }));
    setProgress(null);
    setResults(found.map((result, order) => ({ ...result, order })));
    if (input.current) input.current.value = "";
    await refresh();
    const imported = found.filter((r) => r.status === "imported").length;
    // A file holding several activities answers one result each, named "history.tcx (2 of 3)".
    const read = new Set(found.map((r) => r.file.replace(/ \(\d+ of \d+\)$/, ""))).size;
    toast.success(`${imported} ${imported === 1 ? "ride" : "rides"} imported`, {
      description: `${read} ${read === 1 ? "file" : "files"} read`,
    });
  }

  return (
    // The whole section takes dropped files; the button below is the keyboard's way in.
    <section
      aria-labelledby={`${inputId}-title`}
      className="grid gap-3"
      onDragOver={(event) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={(event) => {
        event.preventDefault();
        setDragging(false);
        void start(event.dataTransfer.files);
      }}
    >
      <div
        className={`grid justify-items-center gap-2 rounded-lg border border-dashed p-6 text-center ${dragging ? "border-primary bg-accent" : ""}`}
      >
        <Upload className="size-6 text-muted-foreground" aria-hidden="true" />
        <p id={`${inputId}-title`} className="font-medium">
          Import ride files
        </p>
        <p className="text-sm text-muted-foreground">
          Drop GPX, TCX or FIT files here (gzipped too), or a .zip of them, such as Strava's bulk export.
        </p>
        <input
          ref={input}
          id={inputId}
          type="file"
          multiple
          accept={RIDE_FILE_ACCEPT}
          className="hidden"
          aria-label="Ride files"
          onChange={(event) => void start(event.target.files)}
        />
        <Button variant="outline" disabled={progress !== null} onClick={() => input.current?.click()}>
          Choose files
        </Button>
      </div>
      {progress ? (
        <div className="grid gap-1" role="status">
          <label htmlFor={`${inputId}-progress`} className="text-sm">
            Importing {progress.done} of {progress.total} {progress.total === 1 ? "file" : "files"}…
          </label>
          <progress
            id={`${inputId}-progress`}
            value={progress.done}
            max={progress.total}
            className="w-full"
          />
        </div>
      ) : null}
      {results.length > 0 ? (
        <ul aria-label="Imported files" className="grid gap-1 text-sm">
          {results.map((result) => (
            <li
              key={result.order}
              className="flex flex-wrap justify-between gap-x-4 rounded-md border px-3 py-2"
            >
              <span className="min-w-0 font-medium break-all">{result.file}</span>
              <span
                className={cn(
                  "min-w-0 wrap-anywhere",
                  result.status === "unreadable" ? "text-destructive" : "text-muted-foreground",
                )}
              >
                {statusText(result, bicycleId)}
                {result.reason ? `: ${result.reason}` : result.ride ? ` · ${result.ride.name}` : ""}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
