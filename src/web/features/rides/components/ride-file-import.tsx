import { Upload } from "lucide-react";
import { useId, useRef, useState } from "react";
import { Button } from "@/components/ui/button.tsx";
import { ApiError } from "@/lib/api-client.ts";
import { toast } from "@/lib/toaster.ts";
import { useFileDrop } from "@/lib/use-file-drop.ts";
import { cn } from "@/lib/utils.ts";
import { formatNumber } from "../../../../shared/format.ts";
import { messages } from "../../../../shared/messages.ts";
import {
  MAX_RIDE_FILE_BYTES,
  MAX_RIDE_ZIP_BYTES,
  RIDE_FILE_ACCEPT,
  type RideFileResult,
} from "../../../../shared/schemas/ride.ts";
import { uploadRideFile, useInvalidateRides } from "../api.ts";
import { openRideArchive, type RideArchive } from "../split-export.ts";

const m = messages.rideFiles;

/** What became of a file, naming the bicycle when its ride is on another one (a Strava export's gear). */
function statusText({ status, ride }: RideFileResult, bicycleId: string): string {
  if (!ride || ride.bicycleId === bicycleId) return m.status[status];
  return status === "imported" ? m.importedTo(ride.bicycleName) : m.alreadyOn(ride.bicycleName);
}

interface Progress {
  done: number;
  total: number;
  /** Counted in rides when a .zip goes in batches, else in files. */
  rides: boolean;
}

const count = (results: RideFileResult[], status: RideFileResult["status"]) =>
  results.filter((result) => result.status === status).length;

const isZip = (file: File) => file.name.toLowerCase().endsWith(".zip");

function unreadable(file: string, reason: string): RideFileResult {
  return { file, status: "unreadable", reason, ride: null };
}

/** Sends one file; when the request fails, each of the files it held is reported with the reason. */
async function send(bicycleId: string, file: File, names: string[]): Promise<RideFileResult[]> {
  try {
    return await uploadRideFile(bicycleId, file);
  } catch (error) {
    const reason = error instanceof ApiError && error.message ? error.message : m.unreadable;
    return names.map((name) => unreadable(name, reason));
  }
}

/** A .zip too large for one request, batch after batch: its results read as if it had gone whole. */
async function importInBatches(
  bicycleId: string,
  file: File,
  archive: RideArchive,
  step: (rides: number) => void,
  onStored: () => void,
): Promise<RideFileResult[]> {
  if (archive.rides === 0) return [unreadable(file.name, m.emptyZip)];
  const results: RideFileResult[] = [];
  for await (const batch of archive.batches()) {
    if ("refused" in batch) {
      results.push(batch.refused);
      step(1);
    } else {
      results.push(...(await send(bicycleId, batch.zip, batch.files)));
      onStored();
      step(batch.files.length);
    }
  }
  return results;
}

/** One file (or batch) after the other: the server holds one file at a time, and the bar moves with each. */
async function importFiles(
  bicycleId: string,
  files: File[],
  onProgress: (progress: Progress) => void,
  /** After each batch of a split .zip: its rides are stored, and the lists can show them already. */
  onStored: () => void,
): Promise<RideFileResult[]> {
  // Every .zip's directory first: one too large for a request is split, and the bar counts the rides of
  // every .zip (another file is one ride).
  const archives = await Promise.all(
    files.map((file) => (isZip(file) ? openRideArchive(file).catch(() => null) : null)),
  );
  const ridesOf = archives.map((archive) => Math.max(archive?.rides ?? 1, 1));
  const split = await Promise.all(
    archives.map(async (archive) => {
      if (!archive?.fitsOneRequest) return archive;
      await archive.close();
      return null;
    }),
  );
  const progress = {
    done: 0,
    total: ridesOf.reduce((sum, rides) => sum + rides, 0),
    rides: archives.some((archive) => archive !== null),
  };
  const step = (count: number) => {
    progress.done += count;
    onProgress({ ...progress });
  };
  onProgress({ ...progress });

  const results: RideFileResult[] = [];
  for (const [index, file] of files.entries()) {
    const archive = split[index];
    if (archive) {
      results.push(...(await importInBatches(bicycleId, file, archive, step, onStored)));
      await archive.close();
      if (archive.rides === 0) step(1);
      continue;
    }
    if (file.size > (isZip(file) ? MAX_RIDE_ZIP_BYTES : MAX_RIDE_FILE_BYTES)) {
      // A .zip too large to send whose directory could not be read is not a .zip that can be split.
      results.push(unreadable(file.name, isZip(file) ? m.badZip : m.tooLarge));
    } else {
      results.push(...(await send(bicycleId, file, [file.name])));
    }
    step(ridesOf[index]!);
  }
  return results;
}

/** Drop or pick GPX, TCX or FIT files (or a .zip of them) to add their rides to this bicycle. */
export function RideFileImport({ bicycleId }: { bicycleId: string }) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const refresh = useInvalidateRides();
  const [progress, setProgress] = useState<Progress | null>(null);
  // Numbered as read: several files of a .zip may share a name.
  const [results, setResults] = useState<(RideFileResult & { order: number })[]>([]);
  const { dragging, dropProps } = useFileDrop((files) => void start(files));

  async function start(list: FileList | null) {
    const files = [...(list ?? [])];
    if (files.length === 0 || progress) return;
    setResults([]);
    setProgress({ done: 0, total: files.length, rides: false });
    const found = await importFiles(bicycleId, files, setProgress, () => void refresh());
    setProgress(null);
    setResults(found.map((result, order) => ({ ...result, order })));
    if (input.current) input.current.value = "";
    await refresh();
    const imported = found.filter((r) => r.status === "imported").length;
    // A file holding several activities answers one result each, named "history.tcx (2 of 3)".
    const read = new Set(found.map((r) => r.file.replace(/ \(\d+ of \d+\)$/, ""))).size;
    const description = `${read} ${read === 1 ? "file" : "files"} read`;
    if (imported > 0) {
      toast.success(`${imported} ${imported === 1 ? "ride" : "rides"} imported`, { description });
      return;
    }
    // Nothing came in: not a success, and one file's toast says why (the only thing a screen reader hears).
    const [only] = found.length === 1 ? found : [];
    const why = only ? `${statusText(only, bicycleId)}${only.reason ? `: ${only.reason}` : ""}` : description;
    (count(found, "unreadable") > 0 ? toast.error : toast.info)(m.noneImported, { description: why });
  }

  return (
    // The whole section takes dropped files; the button below is the keyboard's way in.
    <section aria-labelledby={`${inputId}-title`} className="grid gap-3" {...dropProps}>
      <div
        className={`grid justify-items-center gap-2 rounded-lg border border-dashed p-6 text-center ${dragging ? "border-primary bg-accent" : ""}`}
      >
        <Upload className="size-6 text-muted-foreground" aria-hidden="true" />
        <p id={`${inputId}-title`} className="font-medium">
          Import ride files
        </p>
        <p className="text-sm text-muted-foreground">
          <span className="pointer-coarse:hidden">{m.dropHint}</span>
          <span className="hidden pointer-coarse:inline">{m.chooseHint}</span>
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
            {progress.rides
              ? m.importingRides(formatNumber(progress.done, 0), formatNumber(progress.total, 0))
              : `Importing ${progress.done} of ${progress.total} ${progress.total === 1 ? "file" : "files"}…`}
          </label>
          <progress
            id={`${inputId}-progress`}
            value={progress.done}
            max={progress.total}
            className="w-full"
          />
        </div>
      ) : null}
      {results.length > 1 ? (
        <p className="text-sm font-medium">
          {m.summary(
            formatNumber(count(results, "imported"), 0),
            formatNumber(count(results, "duplicate"), 0),
            formatNumber(count(results, "unreadable"), 0),
          )}
        </p>
      ) : null}
      {results.length > 0 ? (
        // A Strava export answers thousands of lines: they scroll in a box of their own, not the page.
        <ul
          aria-label="Imported files"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: axe's scrollable-region-focusable asks for it.
          tabIndex={0}
          className="grid max-h-[28rem] gap-1 overflow-y-auto rounded-md text-sm outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
        >
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
