import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ApiError, call, client } from "@/lib/api-client.ts";
import type { ArchiveImportResult } from "../../../shared/schemas/export.ts";

/** The file name the server gave (Content-Disposition), else one of the same shape. */
function fileNameOf(response: Response): string {
  const named = /filename="([^"]+)"/.exec(response.headers.get("Content-Disposition") ?? "")?.[1];
  return named ?? `velolog-export-${new Date().toISOString().slice(0, 10)}.zip`;
}

/**
 * Downloads the account export (GET /api/export), telling `onProgress` the bytes received as they arrive
 * (the server streams it, so there is no total), then saves it as a file.
 */
export async function downloadExport(onProgress: (received: number) => void): Promise<void> {
  let response: Response;
  try {
    response = await client.export.$get();
  } catch {
    throw new ApiError(0, "NETWORK", "The server could not be reached.");
  }
  if (!response.ok || !response.body) {
    const body = (await response.json().catch(() => null)) as {
      error?: { code: string; message: string };
    } | null;
    throw new ApiError(response.status, body?.error?.code ?? "UNKNOWN", body?.error?.message ?? "");
  }
  const reader = response.body.getReader();
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value as Uint8Array<ArrayBuffer>);
    received += value.byteLength;
    onProgress(received);
  }
  const url = URL.createObjectURL(new Blob(chunks, { type: "application/zip" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = fileNameOf(response);
  document.body.append(link);
  link.click();
  link.remove();
  // After the click has handed the file to the browser's download.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** Sends an export's .zip as it is (POST /api/import/archive); everything shown may have changed after. */
export function useImportArchive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File): Promise<ArchiveImportResult> =>
      call(
        client.import.archive.$post(
          {},
          { init: { body: file, headers: { "Content-Type": "application/zip" } } },
        ),
      ).then((answer) => answer.result),
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
