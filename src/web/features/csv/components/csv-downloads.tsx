import { FileSpreadsheet } from "lucide-react";
import { Button } from "@/components/ui/button.tsx";
import { CSV_DOWNLOADS } from "../api.ts";

/** One download link per CSV file (the browser saves it; the server names it velolog-<entity>-<date>.csv). */
export function CsvDownloads({ label = "CSV downloads" }: { label?: string }) {
  return (
    <ul aria-label={label} className="flex flex-wrap gap-2">
      {CSV_DOWNLOADS.map((file) => (
        <li key={file.entity}>
          <Button asChild variant="outline" size="sm">
            <a href={file.href} download>
              <FileSpreadsheet aria-hidden="true" />
              {file.label}
              <span className="sr-only"> (CSV)</span>
            </a>
          </Button>
        </li>
      ))}
    </ul>
  );
}
