import { Download, FileArchive, Loader2, Upload } from "lucide-react";
import { useId, useRef, useState } from "react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card.tsx";
import { Label } from "@/components/ui/label.tsx";
import { Progress } from "@/components/ui/progress.tsx";
import { ApiError } from "@/lib/api-client.ts";
import { describeError, showError } from "@/lib/error-handler.ts";
import { useSubscription } from "@/lib/subscription.ts";
import { toast } from "@/lib/toaster.ts";
import { useFileDrop } from "@/lib/use-file-drop.ts";
import { useOneAtATime } from "@/lib/use-one-at-a-time.ts";
import { formatFileSize } from "../../../../shared/format.ts";
import { messages } from "../../../../shared/messages.ts";
import {
  type ArchiveImportResult,
  type ImportCounts,
  MAX_ARCHIVE_BYTES,
} from "../../../../shared/schemas/export.ts";
import { startExportDownload, useImportArchive } from "../api.ts";

const m = messages.archive;

const LABELS: Record<keyof ImportCounts, [one: string, many: string]> = {
  bicycles: ["bicycle", "bicycles"],
  components: ["component", "components"],
  installations: ["installation period", "installation periods"],
  rides: ["ride", "rides"],
  serviceIntervals: ["service interval", "service intervals"],
  serviceEntries: ["service entry", "service entries"],
  shareLinks: ["share link", "share links"],
  files: ["photo or receipt", "photos and receipts"],
};

const SETTING_LABELS: Record<ArchiveImportResult["settingsChanged"][number]["setting"], string> = {
  distanceUnit: "Distance unit",
  dueSoonPercent: "Due soon at",
  timeZone: "Time zone",
  emailDigest: "Email me when service is due",
};

/** Every .zip starts with "PK" (the server checks the same). */
async function startsLikeZip(file: File): Promise<boolean> {
  const head = new Uint8Array(await file.slice(0, 2).arrayBuffer());
  return head[0] === 0x50 && head[1] === 0x4b;
}

const counted = (n: number, [one, many]: [string, string]) => `${n} ${n === 1 ? one : many}`;

/** Account Settings' "Your data": the whole account as a .zip, and such a .zip imported (decision 0048). */
export function YourDataCard() {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{m.title}</CardTitle>
        <CardDescription>{m.description}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6 text-sm">
        <ExportButton />
        <ImportForm />
      </CardContent>
    </Card>
  );
}

function ExportButton() {
  const [starting, setStarting] = useState(false);
  const [started, setStarted] = useState(false);
  const oneAtATime = useOneAtATime();
  async function start() {
    setStarted(false);
    setStarting(true);
    try {
      await startExportDownload();
      setStarted(true);
    } catch (error) {
      showError(error, { fallback: m.exportFailed });
    } finally {
      setStarting(false);
    }
  }
  return (
    <div className="grid gap-2">
      <div>
        {/* aria-disabled, not disabled: a disabled button drops the keyboard's focus to the page's start. */}
        <Button onClick={() => void oneAtATime(start)} aria-disabled={starting}>
          {starting ? (
            <Loader2 className="animate-spin" aria-hidden="true" />
          ) : (
            <Download aria-hidden="true" />
          )}
          {m.exportButton}
        </Button>
      </div>
      <p role="status" className="text-muted-foreground">
        {started ? m.exportStarted : null}
      </p>
    </div>
  );
}

function ImportForm() {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [result, setResult] = useState<ArchiveImportResult | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  // Refused for the plan's bicycle limit on a plan with one above: the card offers the way up.
  const [planFull, setPlanFull] = useState(false);
  const subscription = useSubscription();
  const { dragging, dropProps } = useFileDrop((files) => choose(files[0]));
  // The upload's bytes sent of the file's size while an import runs.
  const [sent, setSent] = useState<{ bytes: number; total: number } | null>(null);
  const importArchive = useImportArchive((bytes, total) => setSent({ bytes, total }));

  function choose(picked: File | undefined) {
    setFile(picked ?? null);
    setResult(null);
    setRefusal(null);
    setPlanFull(false);
  }

  const oneAtATime = useOneAtATime();

  function submit(event: React.FormEvent) {
    event.preventDefault();
    if (importArchive.isPending) return;
    void oneAtATime(async () => {
      setResult(null);
      setRefusal(null);
      setPlanFull(false);
      if (!file) {
        setRefusal(m.chooseFile);
        return;
      }
      // Past what the server takes: told at once, not after sending 300 MB for nothing.
      if (file.size > MAX_ARCHIVE_BYTES) {
        setRefusal(m.tooLarge);
        return;
      }
      // A ride file or a photo dropped here is told so at once, before it is sent.
      if (!(await startsLikeZip(file))) {
        setRefusal(m.notZip);
        return;
      }
      await importArchive
        .mutateAsync(file, {
          onSuccess: (answer) => {
            setResult(answer);
            setFile(null);
            if (input.current) input.current.value = "";
            toast.success(m.imported);
          },
          // The server's reason (bicycles that do not fit, an unsafe archive) stays in the card to read.
          onError: (error) => {
            setRefusal(describeError(error, { fallback: m.importFailed }).description);
            setPlanFull(
              error instanceof ApiError &&
                error.code === "LIMIT_REACHED" &&
                error.message !== messages.images.quotaReached &&
                subscription.data?.subscribed === false,
            );
          },
        })
        .catch(() => undefined);
    });
  }

  return (
    <form className="grid gap-3 border-t pt-6" onSubmit={submit} aria-labelledby={`${id}-title`}>
      <div className="grid gap-1">
        <h3 id={`${id}-title`} className="font-medium">
          {m.importTitle}
        </h3>
        <p className="text-muted-foreground">{m.importHelp}</p>
      </div>
      {/* The look of the app's other file pickers (uploads/image-picker.tsx): a dashed zone that takes a
          dropped file, with a "Choose file" button as the keyboard's way in instead of the browser's input. */}
      <div className="grid gap-2">
        <Label htmlFor={id} id={`${id}-label`}>
          Export file (.zip)
        </Label>
        <div
          className={`grid gap-2 rounded-md border border-dashed p-3 ${dragging ? "border-primary bg-muted" : ""}`}
          {...dropProps}
        >
          <input
            ref={input}
            id={id}
            type="file"
            accept=".zip,application/zip"
            // The "Choose file" button is the keyboard's way in; the input itself is no extra, invisible Tab stop.
            tabIndex={-1}
            className="sr-only"
            onChange={(event) => choose(event.target.files?.[0])}
          />
          <div className="flex flex-wrap items-center gap-2 text-muted-foreground">
            <Button
              type="button"
              variant="outline"
              size="sm"
              aria-describedby={`${id}-label ${id}-chosen`}
              onClick={() => input.current?.click()}
            >
              <FileArchive aria-hidden="true" /> Choose file
            </Button>
            <span className="pointer-coarse:hidden">or drag and drop it here</span>
          </div>
          <p id={`${id}-chosen`} className={file ? "wrap-anywhere" : "sr-only"}>
            {file ? `${file.name} (${formatFileSize(file.size)})` : m.noFileChosen}
          </p>
        </div>
      </div>
      <div>
        <Button type="submit" variant="outline" aria-disabled={importArchive.isPending}>
          {importArchive.isPending ? (
            <Loader2 className="animate-spin" aria-hidden="true" />
          ) : (
            <Upload aria-hidden="true" />
          )}
          {importArchive.isPending ? m.importing : m.importButton}
        </Button>
      </div>
      {importArchive.isPending && sent ? <ImportProgress sent={sent} /> : null}
      {refusal ? (
        <p role="alert" className="rounded-md border border-destructive/50 px-3 py-2 text-destructive">
          {refusal}
          {planFull ? (
            <>
              {" "}
              <Link to="/pricing" className="font-medium underline underline-offset-4">
                Upgrade to Premium
              </Link>
            </>
          ) : null}
        </p>
      ) : null}
      {result ? <ImportSummary result={result} /> : null}
    </form>
  );
}

/** How far the .zip's upload is (a bar and its sizes), then that the server is importing it. */
function ImportProgress({ sent }: { sent: { bytes: number; total: number } }) {
  const percent = sent.total > 0 ? Math.min(100, Math.round((sent.bytes / sent.total) * 100)) : 0;
  const uploaded = sent.bytes >= sent.total;
  return (
    <div className="grid gap-1">
      <Progress value={percent} aria-label="Export upload" />
      {/* Announced when the upload starts and when it has arrived; the sizes are the bar's to tell. */}
      <p role="status" className="text-muted-foreground">
        {uploaded ? (
          m.checkingArchive
        ) : (
          <>
            {m.sendingArchive}{" "}
            <span aria-hidden="true">
              {formatFileSize(sent.bytes)} of {formatFileSize(sent.total)}
            </span>
          </>
        )}
      </p>
    </div>
  );
}

function ImportSummary({ result }: { result: ArchiveImportResult }) {
  const kinds = Object.keys(LABELS) as (keyof ImportCounts)[];
  const added = kinds.filter((kind) => result.imported[kind] > 0);
  const there = kinds.filter((kind) => result.alreadyThere[kind] > 0);
  return (
    <section aria-label="Import result" className="grid gap-2 rounded-md border px-3 py-2">
      {added.length === 0 ? (
        <p>{m.nothingNew}</p>
      ) : (
        <div>
          <p className="font-medium">{m.resultImported}</p>
          <ul className="list-disc pl-5">
            {added.map((kind) => (
              <li key={kind}>{counted(result.imported[kind], LABELS[kind])}</li>
            ))}
          </ul>
        </div>
      )}
      {there.length > 0 ? (
        <div className="text-muted-foreground">
          <p className="font-medium">{m.resultAlreadyThere}</p>
          <p>{there.map((kind) => counted(result.alreadyThere[kind], LABELS[kind])).join(", ")}</p>
        </div>
      ) : null}
      {result.ridesRemoved > 0 ? (
        <p className="text-muted-foreground">{m.resultRemoved(counted(result.ridesRemoved, LABELS.rides))}</p>
      ) : null}
      {result.settingsChanged.length > 0 ? (
        <div>
          <p className="font-medium">{m.resultSettings}</p>
          <ul className="list-disc pl-5">
            {result.settingsChanged.map((change) => (
              <li key={change.setting}>
                {SETTING_LABELS[change.setting]}: {change.to} (was {change.from})
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {result.unusedFiles > 0 ? (
        <p className="text-muted-foreground">{m.resultUnused(counted(result.unusedFiles, LABELS.files))}</p>
      ) : null}
    </section>
  );
}
