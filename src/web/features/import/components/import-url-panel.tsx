import { Loader2 } from "lucide-react";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button.tsx";
import { Input } from "@/components/ui/input.tsx";
import { Label } from "@/components/ui/label.tsx";
import { ApiError } from "@/lib/api-client.ts";
import { showError } from "@/lib/error-handler.ts";
import { toast } from "@/lib/toaster.ts";
import { messages } from "../../../../shared/messages.ts";
import { useFetchComponentsFromUrl } from "../api.ts";
import { ImportPanel, type PanelOpenState } from "./import-panel.tsx";
import { type ImportBicycle, useImportFlow } from "./use-import-flow.ts";

const m = messages.import;

/** Import from website: the server fetches the page (guarded) and reads its spec. */
export function ImportUrlPanel({
  bicycle,
  openState,
}: {
  /** Set on a bicycle's page: the parts go on it by default. */
  bicycle?: ImportBicycle;
  openState?: PanelOpenState;
}) {
  const flow = useImportFlow(bicycle);
  const fetchPage = useFetchComponentsFromUrl();
  const [url, setUrl] = useState("");
  const [error, setError] = useState<string | null>(null);
  const id = useId();

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!url.trim()) {
      setError(m.urlRequired);
      toast.error(m.urlRequiredTitle, { description: m.urlRequired });
      return;
    }
    try {
      flow.review(await fetchPage.mutateAsync(url.trim()), m.noneFoundPage);
    } catch (failure) {
      if (
        failure instanceof ApiError &&
        failure.status >= 400 &&
        failure.status < 500 &&
        failure.status !== 401
      ) {
        setError(failure.message);
        toast.error(m.failedTitle, { description: failure.message });
      } else {
        showError(failure, { fallback: m.importFailed });
      }
    }
  };

  return (
    <ImportPanel
      title="Import from website"
      description="Paste the address of a maker's or shop's page for the bike."
      flow={flow}
      openState={openState}
    >
      <form className="grid gap-3" onSubmit={submit} noValidate>
        <div className="grid gap-2">
          <Label htmlFor={`${id}-url`}>Specification page URL</Label>
          <Input
            id={`${id}-url`}
            type="url"
            inputMode="url"
            placeholder="https://www.example.com/bikes/model/specs"
            value={url}
            aria-invalid={!!error}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(event) => setUrl(event.target.value)}
          />
          {error ? (
            <p id={`${id}-error`} role="alert" className="text-sm text-destructive">
              {error}
            </p>
          ) : null}
        </div>
        <div className="flex items-center justify-end gap-3">
          {fetchPage.isPending ? (
            <span role="status" className="text-sm text-muted-foreground">
              Fetching the page and reading its specification...
            </span>
          ) : null}
          <Button type="submit" disabled={fetchPage.isPending}>
            {fetchPage.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
            {fetchPage.isPending ? "Fetching..." : "Fetch Components"}
          </Button>
        </div>
      </form>
    </ImportPanel>
  );
}
