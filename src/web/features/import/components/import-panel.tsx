import { CheckCircle2, ChevronDown } from "lucide-react";
import { type ReactNode, useState } from "react";
import { Button } from "@/components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card.tsx";
import { ReviewTable } from "./review-table.tsx";
import type { useImportFlow } from "./use-import-flow.ts";

/** A collapsible import panel: its own entry step, then the shared review and imported steps. */
export function ImportPanel({
  title,
  description,
  flow,
  children,
}: {
  title: string;
  description: string;
  flow: ReturnType<typeof useImportFlow>;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const contentId = `${title.replace(/\W+/g, "-").toLowerCase()}-panel`;
  return (
    <Card className="gap-3">
      <CardHeader>
        <button
          type="button"
          className="flex w-full items-start justify-between gap-4 rounded-md text-left focus-visible:ring-[3px] focus-visible:ring-ring/60 focus-visible:outline-none"
          aria-expanded={open}
          aria-controls={contentId}
          onClick={() => setOpen(!open)}
        >
          <span className="grid gap-1.5">
            <CardTitle>{title}</CardTitle>
            <CardDescription>{description}</CardDescription>
          </span>
          <ChevronDown
            className={`mt-1 size-4 shrink-0 transition-transform ${open ? "rotate-180" : ""}`}
            aria-hidden="true"
          />
        </button>
      </CardHeader>
      {open ? (
        <CardContent id={contentId} className="grid gap-4">
          {flow.step === "enter" ? children : null}
          {flow.step === "review" ? (
            <>
              <p className="text-sm text-muted-foreground">
                Check the components found: edit a name, type or brand, or remove a row. They go to your parts
                bin.
              </p>
              <ReviewTable rows={flow.rows} onChange={flow.setRows} />
              <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
                <Button variant="outline" onClick={flow.restart}>
                  Start over
                </Button>
                <Button onClick={() => void flow.importRows()} disabled={flow.saving}>
                  {flow.saving ? "Importing..." : `Import Components (${flow.rows.length})`}
                </Button>
              </div>
            </>
          ) : null}
          {flow.step === "imported" ? (
            <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg border bg-muted/30 p-4">
              <p className="flex items-center gap-2 text-sm">
                <CheckCircle2 className="size-4 text-primary" aria-hidden="true" />
                {flow.importedCount} {flow.importedCount === 1 ? "component" : "components"} added to your
                parts bin.
              </p>
              <Button variant="outline" size="sm" onClick={flow.restart}>
                Import more
              </Button>
            </div>
          ) : null}
        </CardContent>
      ) : null}
    </Card>
  );
}
