import { useMutation, useQueryClient } from "@tanstack/react-query";
import { call, client } from "@/lib/api-client.ts";
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
