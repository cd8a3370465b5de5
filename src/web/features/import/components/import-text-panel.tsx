import { useId, useState } from "react";
import { Button } from "@/components/ui/button.tsx";
import { Label } from "@/components/ui/label.tsx";
import { Textarea } from "@/components/ui/textarea.tsx";
import { toast } from "@/lib/toaster.ts";
import { messages } from "../../../../shared/messages.ts";
import { withPreviewIds } from "../api.ts";
import { ImportPanel, type PanelOpenState } from "./import-panel.tsx";
import { type ImportBicycle, useImportFlow } from "./use-import-flow.ts";

const m = messages.import;

/** Import from Text: the spec is read in the browser; nothing is sent until the user imports. */
export function ImportTextPanel({
  bicycle,
  openState,
}: {
  /** Set on a bicycle's page: the parts go on it by default. */
  bicycle?: ImportBicycle;
  openState?: PanelOpenState;
}) {
  const flow = useImportFlow(bicycle);
  const [text, setText] = useState("");
  const [error, setError] = useState<string | null>(null);
  const id = useId();

  const findComponents = async () => {
    setError(null);
    if (!text.trim()) {
      setError(m.textRequired);
      toast.error(m.textRequiredTitle, { description: m.textRequired });
      return;
    }
    try {
      // The parser and its tables load when first used, not with the bicycle page (decision 0052).
      const { parseSpecText } = await import("../../../../shared/import/parse-spec.ts");
      flow.review(withPreviewIds(parseSpecText(text)), m.noneFoundText);
    } catch {
      setError(m.parseFailed);
      toast.error(m.parsingFailedTitle, { description: m.parseFailed });
    }
  };

  return (
    <ImportPanel
      title="Import from Text"
      description="Paste a bike's specification sheet and pick the components to keep."
      flow={flow}
      openState={openState}
    >
      <div className="grid gap-2">
        <Label htmlFor={`${id}-spec`}>Specification text</Label>
        <Textarea
          id={`${id}-spec`}
          rows={8}
          placeholder={
            "Frame: Aluminium 6061\nFork: RockShox Reba RL, 100mm\nRear Derailleur: Shimano Deore XT M8100"
          }
          value={text}
          aria-invalid={!!error}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => setText(event.target.value)}
        />
        {error ? (
          <p id={`${id}-error`} role="alert" className="text-sm text-destructive">
            {error}
          </p>
        ) : null}
      </div>
      <div className="flex justify-end">
        <Button onClick={findComponents}>Find Components</Button>
      </div>
    </ImportPanel>
  );
}
