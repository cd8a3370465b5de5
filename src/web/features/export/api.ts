import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ApiError } from "@/lib/api-client.ts";
import { startSignedInDownload } from "@/lib/download.ts";
import { messages } from "../../../shared/messages.ts";
import type { ApiErrorBody } from "../../../shared/schemas/common.ts";
import type { ArchiveImportResult } from "../../../shared/schemas/export.ts";

/** Starts the account export (GET /api/export) as the browser's own download, signed in first (lib/download.ts). */
export function startExportDownload(): Promise<void> {
  return startSignedInDownload("/api/export");
}

/**
 * Sends an export's .zip as it is (POST /api/import/archive), telling `onProgress` the bytes sent of the
 * file's size as they go (an archive may be 300 MB: the card shows how far its upload is, then that it is
 * being imported). XMLHttpRequest, as the uploads' (features/uploads/upload.ts): fetch tells no upload progress.
 */
function sendArchive(
  file: File,
  onProgress: (sent: number, total: number) => void,
): Promise<ArchiveImportResult> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", "/api/import/archive");
    xhr.setRequestHeader("Content-Type", "application/zip");
    xhr.responseType = "json";
    xhr.upload.onprogress = (event) =>
      onProgress(event.loaded, event.lengthComputable ? event.total : file.size);
    xhr.onload = () => {
      const body = xhr.response as ({ result: ArchiveImportResult } & Partial<ApiErrorBody>) | null;
      if (xhr.status === 200 && body?.result) {
        resolve(body.result);
        return;
      }
      const error = body?.error;
      reject(new ApiError(xhr.status, error?.code ?? "UNKNOWN", error?.message ?? "", error?.fields));
    };
    xhr.onerror = () => reject(new ApiError(0, "NETWORK", messages.generic.offline));
    onProgress(0, file.size);
    xhr.send(file);
  });
}

/** Imports an export's .zip (see `sendArchive`); everything shown may have changed after. */
export function useImportArchive(onProgress: (sent: number, total: number) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => sendArchive(file, onProgress),
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
