import { useMutation, useQueryClient } from "@tanstack/react-query";
import { call, client } from "@/lib/api-client.ts";
import { invalidateRiderData } from "@/lib/query-client.ts";
import { importedComponentName } from "../../../shared/import/component-name.ts";
import type { ImportedComponent, ImportPreview } from "../../../shared/schemas/import.ts";

export function useImportComponents() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: {
      components: ImportedComponent[];
      bicycleId: string | null;
      addSuggestedIntervals: boolean;
      installedAt: string | null;
    }) => call(client.import.components.$post({ json: body })).then((r) => r.imported),
    // New parts, and their suggested intervals when asked for.
    onSuccess: () => invalidateRiderData(queryClient),
  });
}

export function useFetchComponentsFromUrl() {
  return useMutation({
    mutationFn: (url: string) =>
      call(client.import.url.$post({ json: { url } })).then((r) => withPreviewIds(r.components)),
  });
}

let previewCounter = 0;

/**
 * Found components as review rows: a temporary id (so rows can be edited and removed) and the name they
 * will be saved with, label included, in the editable field.
 */
export function withPreviewIds(found: Omit<ImportPreview, "id">[]): ImportPreview[] {
  return found.map((c) => ({ ...c, name: importedComponentName(c), id: `preview-${++previewCounter}` }));
}
