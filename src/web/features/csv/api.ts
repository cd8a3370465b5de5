import { useMutation, useQueryClient } from "@tanstack/react-query";
import { call, client } from "@/lib/api-client.ts";
import { invalidateRiderData } from "@/lib/query-client.ts";
import type { CsvEntity, ServiceCsvImport } from "../../../shared/schemas/csv.ts";

/** Each CSV download: its entity's address and a label. */
export const CSV_DOWNLOADS: { entity: CsvEntity; label: string; href: string }[] = [
  { entity: "bicycles", label: "Bicycles", href: "/api/export/csv/bicycles" },
  { entity: "components", label: "Components", href: "/api/export/csv/components" },
  { entity: "services", label: "Service entries", href: "/api/export/csv/services" },
  { entity: "rides", label: "Rides", href: "/api/export/csv/rides" },
];

/** Checks (dryRun) or imports service records read from a spreadsheet. */
export function useImportServiceCsv() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ServiceCsvImport) => call(client.services.import.$post({ json: body })),
    onSuccess: (_result, body) => {
      if (body.dryRun) return;
      // As a service logged by hand: logs, components' counts, intervals and bicycles' costs change.
      void invalidateRiderData(queryClient);
    },
  });
}
