import { lazy } from "react";
import { cardClasses } from "@/components/ui/card-classes.ts";
import { Skeleton } from "@/components/ui/skeleton.tsx";
import { OptionalChunk } from "./optional-chunk.tsx";

// The loading text lives in shared/messages.ts, which is not part of the prerendered pages' first load
// (they never wait for anything): it loads when something first waits; the shapes show at once.
const LoadingLabel = lazy(async () => ({ default: (await import("./loading-label.tsx")).LoadingLabel }));

/**
 * What the shell shows while the session or a page's chunk loads: a page's title and cards, pulsing.
 * `framed` outside the main layout, which otherwise gives the page its width and padding.
 */
export function PendingScreen({ framed = false }: { framed?: boolean }) {
  const frame = framed ? "mx-auto w-full max-w-6xl px-4 py-8" : "";
  return (
    <div role="status" aria-live="polite" className={`grid min-h-dvh content-start gap-6 ${frame}`}>
      <OptionalChunk fallback={null}>
        <LoadingLabel />
      </OptionalChunk>
      <div aria-hidden="true" className="grid gap-6">
        <div className="grid gap-2">
          <Skeleton className="h-8 w-48" />
          <Skeleton className="h-4 w-72 max-w-full" />
        </div>
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {["first", "second", "third"].map((key) => (
            <div key={key} className={`${cardClasses.card} gap-3 px-5`}>
              <Skeleton className="h-5 w-2/3" />
              <Skeleton className="h-4 w-full" />
              <Skeleton className="h-4 w-1/2" />
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}
