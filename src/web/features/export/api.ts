import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ApiError, call, client } from "@/lib/api-client.ts";
import { messages } from "../../../shared/messages.ts";
import type { ApiErrorBody } from "../../../shared/schemas/common.ts";
import type { ArchiveImportResult } from "../../../shared/schemas/export.ts";

/**
 * Starts the account export (GET /api/export) as the browser's own download: the browser writes the .zip to
 * disk as the server streams it, shows its progress, and goes on when the rider leaves the page, so a big
 * archive never sits in this page's memory (it used to be read into a Blob first). A cheap signed-in call
 * comes first, so a session that has ended is told here, not as a failed download in the browser's list.
 */
export async function startExportDownload(): Promise<void> {
  await call(client.settings.$get());
  const link = document.createElement("a");
  link.href = "/api/export";
  // The server's Content-Disposition names the file (velolog-export-YYYY-MM-DD.zip).
  link.download = "";
  document.body.append(link);
  link.click();
  link.remove();
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
