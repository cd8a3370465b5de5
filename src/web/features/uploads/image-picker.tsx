import { Camera, FileText, ImagePlus, X } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Button } from "@/components/ui/button.tsx";
import { Progress } from "@/components/ui/progress.tsx";
import { useFileDrop } from "@/lib/use-file-drop.ts";
import { formatFileSize } from "../../../shared/format.ts";
import { maxImageSide } from "../../../shared/image-sizes.ts";
import { messages } from "../../../shared/messages.ts";
import type { FilePurpose } from "../../../shared/schemas/file.ts";
import { compressImage } from "./compress.ts";
import { COMPRESS_ABOVE_BYTES, checkFile, type PickKind } from "./resize.ts";
import { uploadFile } from "./upload.ts";

const m = messages.images;

/**
 * Photo (or receipt) picker: drag and drop or the file dialog, SPEC's checks, compression of images over
 * 1 MB with before and after sizes, an immediate preview, upload progress, and removal. `onChange` gets
 * the uploaded file's URL once it is stored (null when removed).
 */
export function ImagePicker({
  id,
  label,
  value,
  onChange,
  purpose,
  kind = "image",
  onBusyChange,
  hideLabel = false,
  autoFocus = false,
}: {
  id: string;
  label: string;
  value: string | null;
  onChange: (url: string | null) => void;
  purpose: FilePurpose;
  kind?: PickKind;
  onBusyChange?: (busy: boolean) => void;
  /** For a picker inside a group whose own legend already names it. */
  hideLabel?: boolean;
  /** Focus its Choose file button as it appears (a form opened to add a photo). */
  autoFocus?: boolean;
}) {
  const input = useRef<HTMLInputElement>(null);
  const chooseButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (autoFocus) chooseButton.current?.focus();
  }, [autoFocus]);
  const camera = useRef<HTMLInputElement>(null);
  const [localPreview, setLocalPreview] = useState<string | null>(null);
  const [pickedPdf, setPickedPdf] = useState(false);
  const [sizes, setSizes] = useState<{ before: number; after: number } | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [compressing, setCompressing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { dragging, dropProps } = useFileDrop((files) => void pick(files[0]));
  // The pick under way (compressing or uploading); a newer pick, Cancel, Remove or leaving the form ends it,
  // so an older upload finishing late never puts its photo over the one the rider chose last.
  const pending = useRef<AbortController | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => () => void (localPreview && URL.revokeObjectURL(localPreview)), [localPreview]);
  useEffect(() => () => pending.current?.abort(), []);

  /** Stops the pick under way, if any, and shows what the field held before it. */
  function cancelPending() {
    if (!pending.current) return;
    pending.current.abort();
    pending.current = null;
    setBusy(false);
    onBusyChange?.(false);
    setLocalPreview(null);
    setPickedPdf(false);
    setSizes(null);
    setProgress(null);
    setCompressing(false);
  }

  async function pick(file: File | undefined) {
    if (!file) return;
    cancelPending();
    setSizes(null);
    setProgress(null);
    const problem = checkFile(file, kind);
    setError(problem);
    if (problem) return;
    const controller = new AbortController();
    pending.current = controller;
    const isImage = file.type.startsWith("image/");
    setPickedPdf(!isImage);
    setLocalPreview(isImage ? URL.createObjectURL(file) : null);
    setBusy(true);
    onBusyChange?.(true);
    try {
      let toSend = file;
      if (isImage && file.size > COMPRESS_ABOVE_BYTES) {
        setCompressing(true);
        toSend = await compressImage(file, maxImageSide(purpose)).finally(() => {
          if (!controller.signal.aborted) setCompressing(false);
        });
        if (controller.signal.aborted) return;
        setSizes({ before: file.size, after: toSend.size });
      }
      const uploaded = await uploadFile(toSend, purpose, setProgress, controller.signal);
      if (controller.signal.aborted) return;
      onChange(uploaded.url);
    } catch (failure) {
      if (controller.signal.aborted) return;
      setError(failure instanceof Error && failure.message ? failure.message : m.uploadFailed);
      setLocalPreview(null);
      setPickedPdf(false);
      setProgress(null);
    } finally {
      if (pending.current === controller) {
        pending.current = null;
        setBusy(false);
        onBusyChange?.(false);
      }
    }
  }

  function remove() {
    cancelPending();
    setLocalPreview(null);
    setPickedPdf(false);
    setSizes(null);
    setProgress(null);
    setError(null);
    onChange(null);
  }

  const accept =
    kind === "receipt"
      ? "image/jpeg,image/png,image/webp,application/pdf"
      : "image/jpeg,image/png,image/webp";
  const preview = localPreview ?? (kind === "image" ? value : null);
  const showFileLink = !localPreview && value && (kind === "receipt" || pickedPdf);

  return (
    <div className="grid gap-2">
      <span className={hideLabel ? "sr-only" : "text-sm font-medium"} id={`${id}-label`}>
        {label}
      </span>
      <div
        className={`grid gap-3 rounded-md border border-dashed p-3 ${dragging ? "border-primary bg-muted" : ""}`}
        {...dropProps}
      >
        {preview ? (
          <img src={preview} alt={`${label} preview`} className="max-h-48 w-auto rounded object-contain" />
        ) : null}
        {showFileLink ? (
          <a
            href={value}
            className="inline-flex items-center gap-1 text-sm underline"
            target="_blank"
            rel="noreferrer"
          >
            <FileText className="size-4" aria-hidden="true" /> View attached file
          </a>
        ) : null}
        <div className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
          <input
            ref={input}
            id={id}
            type="file"
            accept={accept}
            aria-labelledby={`${id}-label`}
            // The "Choose file" button is the keyboard's way in; the input itself is no extra, invisible Tab stop.
            tabIndex={-1}
            className="sr-only"
            onChange={(event) => {
              void pick(event.target.files?.[0]);
              event.target.value = "";
            }}
          />
          {/* On a phone (a coarse pointer), a second picker opens the camera straight away (`capture`). */}
          <input
            ref={camera}
            type="file"
            accept="image/jpeg,image/png,image/webp"
            capture="environment"
            aria-label={kind === "receipt" ? "Photograph the receipt" : "Take a photo"}
            tabIndex={-1}
            className="sr-only"
            onChange={(event) => {
              void pick(event.target.files?.[0]);
              event.target.value = "";
            }}
          />
          <Button
            type="button"
            variant="outline"
            size="sm"
            className="pointer-fine:hidden"
            aria-describedby={error ? `${id}-label ${id}-error` : `${id}-label`}
            onClick={() => camera.current?.click()}
          >
            <Camera aria-hidden="true" /> Take photo
          </Button>
          <Button
            ref={chooseButton}
            type="button"
            variant="outline"
            size="sm"
            // Tabbing here, a screen reader names the field and its error, not only "Choose file".
            aria-describedby={error ? `${id}-label ${id}-error` : `${id}-label`}
            onClick={() => input.current?.click()}
          >
            <ImagePlus aria-hidden="true" /> Choose file
          </Button>
          <span className="pointer-coarse:hidden">or drag and drop it here</span>
          {busy ? (
            <Button type="button" variant="ghost" size="sm" onClick={cancelPending}>
              <X aria-hidden="true" /> {m.cancelUpload}
            </Button>
          ) : value || localPreview ? (
            <Button type="button" variant="ghost" size="sm" onClick={remove}>
              <X aria-hidden="true" /> {kind === "receipt" ? "Remove file" : m.removePhoto}
            </Button>
          ) : null}
        </div>
        {sizes ? (
          <p className="text-xs text-muted-foreground" data-testid={`${id}-sizes`}>
            {m.originalSize}: {formatFileSize(sizes.before)} · {m.compressedSize}:{" "}
            {formatFileSize(sizes.after)}
          </p>
        ) : null}
        {compressing ? (
          <p className="text-xs text-muted-foreground" role="status">
            {m.compressing}
          </p>
        ) : null}
        {progress !== null ? (
          <div className="grid gap-1">
            <Progress value={progress} aria-label="Upload progress" />
            {/* Announced when the upload starts and when it is stored; the percentage is the progress bar's. */}
            <span className="text-xs text-muted-foreground" role="status">
              {progress === 100 ? (
                "Uploaded"
              ) : (
                <>
                  Uploading... <span aria-hidden="true">{progress}%</span>
                </>
              )}
            </span>
          </div>
        ) : null}
        {error ? (
          <p className="text-sm text-destructive" role="alert" id={`${id}-error`}>
            {error}
          </p>
        ) : null}
      </div>
    </div>
  );
}
