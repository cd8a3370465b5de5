import { format } from "date-fns";
import { useState } from "react";
import { ApiError } from "@/lib/api-client.ts";
import { showError } from "@/lib/error-handler.ts";
import { toast } from "@/lib/toaster.ts";
import { useOneAtATime } from "@/lib/use-one-at-a-time.ts";
import { trimText } from "../../../../shared/domain/text.ts";
import { messages } from "../../../../shared/messages.ts";
import type { ImportPreview } from "../../../../shared/schemas/import.ts";
import { useImportComponents } from "../api.ts";

const m = messages.import;

export type ImportStep = "enter" | "review" | "imported";

/** The bicycle an import panel was opened from: the parts go on it unless the user picks the parts bin. */
export interface ImportBicycle {
  id: string;
  name: string;
}

export type ImportDestination = "bicycle" | "parts-bin";

/**
 * The steps both import panels share: enter, review the found rows, import them onto the bicycle the
 * panel was opened from or into the parts bin.
 */
export function useImportFlow(bicycle?: ImportBicycle) {
  const [step, setStep] = useState<ImportStep>("enter");
  const [rows, setRows] = useState<ImportPreview[]>([]);
  const [importedCount, setImportedCount] = useState(0);
  const [destination, setDestination] = useState<ImportDestination>(bicycle ? "bicycle" : "parts-bin");
  const [importedTo, setImportedTo] = useState<string | undefined>();
  const [addIntervals, setAddIntervals] = useState(true);
  const [today] = useState(() => format(new Date(), "yyyy-MM-dd"));
  const [installedOn, setInstalledOnValue] = useState(today);
  const [installedOnError, setInstalledOnError] = useState<string | undefined>();
  const [installedOnUnreadable, setInstalledOnUnreadable] = useState<string | undefined>();
  const save = useImportComponents();
  // A second press before the button re-renders disabled imports nothing more.
  const oneAtATime = useOneAtATime();
  const target = destination === "bicycle" && bicycle ? bicycle : null;

  return {
    step,
    rows,
    setRows,
    importedCount,
    bicycle,
    destination,
    setDestination,
    /** Whether the parts get the suggested service intervals for their type and name (on by default). */
    addIntervals,
    setAddIntervals,
    /** The day parts going onto the bicycle were fitted (the rider's today by default), and the API's word on it. */
    today,
    installedOn,
    installedOnError: installedOnUnreadable ?? installedOnError,
    /** `unreadable`: the field's message when the browser could not read what was typed (02/31/2024). */
    setInstalledOn(value: string, unreadable?: string) {
      setInstalledOnValue(value);
      setInstalledOnError(undefined);
      setInstalledOnUnreadable(unreadable);
    },
    /** The bicycle's name the last import went to; undefined for the parts bin. */
    importedTo,
    saving: save.isPending,
    /** Shows what was found, or says nothing was found (`noneFound` is the panel's own sentence). */
    review(found: ImportPreview[], noneFound: string) {
      if (found.length === 0) {
        toast.error(m.noneFoundTitle, { description: noneFound });
        return;
      }
      toast.success(m.foundTitle, { description: m.found(found.length) });
      setRows(found);
      setStep("review");
    },
    importRows: () => oneAtATime(importRows),
    restart() {
      setRows([]);
      setStep("enter");
    },
  };

  async function importRows() {
    // An install date the browser could not read is "" here: refused, rather than taken as today.
    if (target && installedOnUnreadable) {
      toast.error(m.failedTitle, { description: installedOnUnreadable });
      return;
    }
    const cleaned = rows.map((r) => ({
      name: trimText(r.name),
      type: r.type,
      brand: r.brand?.trim() || null,
    }));
    if (cleaned.length === 0) {
      toast.error(m.noComponentsTitle, { description: m.noComponents });
      return;
    }
    if (cleaned.some((r) => !r.name)) {
      toast.error(m.failedTitle, { description: messages.components.nameRequired });
      return;
    }
    try {
      const n = await save.mutateAsync({
        components: cleaned,
        bicycleId: target?.id ?? null,
        addSuggestedIntervals: addIntervals,
        // The day counts the bicycle's rides since its start, today's too (decision 0087).
        installedAt: target && installedOn ? installedOn : null,
      });
      toast.success(m.importedTitle, { description: m.imported(n, target?.name) });
      setImportedCount(n);
      setImportedTo(target?.name);
      setRows([]);
      setStep("imported");
    } catch (error) {
      if (error instanceof ApiError) setInstalledOnError(error.fields?.installedAt);
      showError(error, { fallback: m.importFailed });
    }
  }
}
