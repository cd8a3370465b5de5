import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card.tsx";
import { CsvDownloads } from "./csv-downloads.tsx";
import { ImportServicesDialog } from "./import-services-dialog.tsx";

/** Account Settings: the CSV downloads for spreadsheets, and importing service records from one. */
export function CsvCard() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Spreadsheets (CSV)</CardTitle>
        <CardDescription>
          Download your records for a spreadsheet, or bring a service history you kept in one.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <CsvDownloads />
        <div>
          <ImportServicesDialog />
        </div>
      </CardContent>
    </Card>
  );
}
