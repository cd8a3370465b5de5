import { FileSpreadsheet, Loader2 } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button.tsx";
import { startSignedInDownload } from "@/lib/download.ts";
import { showError } from "@/lib/error-handler.ts";
import { useOneAtATime } from "@/lib/use-one-at-a-time.ts";
import { messages } from "../../../../shared/messages.ts";
import type { CsvEntity } from "../../../../shared/schemas/csv.ts";
import { CSV_DOWNLOADS } from "../api.ts";

/**
 * One download button per CSV file (the browser saves it; the server names it velolog-<entity>-<date>.csv).
 * Signed in first, as the account export (lib/download.ts): a session that has ended is told in the page.
 */
export function CsvDownloads({ label = "CSV downloads" }: { label?: string }) {
  const [starting, setStarting] = useState<CsvEntity | null>(null);
  const oneAtATime = useOneAtATime();
  function start(file: (typeof CSV_DOWNLOADS)[number]) {
    void oneAtATime(async () => {
      setStarting(file.entity);
      try {
        await startSignedInDownload(file.href);
      } catch (error) {
        showError(error, { fallback: messages.csv.downloadFailed });
      } finally {
        setStarting(null);
      }
    });
  }
  return (
    <ul aria-label={label} className="flex flex-wrap gap-2">
      {CSV_DOWNLOADS.map((file) => (
        <li key={file.entity}>
          {/* aria-disabled, not disabled: a disabled button drops the keyboard's focus to the page's start. */}
          <Button variant="outline" size="sm" aria-disabled={starting !== null} onClick={() => start(file)}>
            {starting === file.entity ? (
              <Loader2 className="animate-spin" aria-hidden="true" />
            ) : (
              <FileSpreadsheet aria-hidden="true" />
            )}
            {file.label}
            <span className="sr-only"> (CSV)</span>
          </Button>
        </li>
      ))}
    </ul>
  );
}
