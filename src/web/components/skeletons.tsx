import type { ReactNode } from "react";
import { cardClasses } from "@/components/ui/card-classes.ts";
import { Skeleton } from "@/components/ui/skeleton.tsx";

/**
 * Loading states shaped like the content they stand for. Each announces `label` to screen readers once
 * (a polite status); the shapes themselves are hidden from them.
 */
export function LoadingSkeleton({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div role="status" aria-live="polite">
      <span className="sr-only">{label}</span>
      <div aria-hidden="true">{children}</div>
    </div>
  );
}

/** Stable keys for n placeholders (they never reorder). */
function keys(count: number) {
  return Array.from({ length: count }, (_, i) => `placeholder-${i}`);
}

function CardShape({ children, className = "" }: { children: ReactNode; className?: string }) {
  return <div className={`${cardClasses.card} px-5 ${className}`}>{children}</div>;
}

/** Bicycle cards: a photo and two lines each. */
export function CardGridSkeleton({ label, count = 3 }: { label: string; count?: number }) {
  return (
    <LoadingSkeleton label={label}>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {keys(count).map((key) => (
          <div key={key} className="overflow-hidden rounded-xl border bg-card">
            <Skeleton className="aspect-[4/3] rounded-none" />
            <div className="grid gap-2 p-5">
              <Skeleton className="h-5 w-2/3" />
              <Skeleton className="h-4 w-1/2" />
            </div>
          </div>
        ))}
      </div>
    </LoadingSkeleton>
  );
}

/** Rows of a list (components, service entries, shared links, sessions). */
export function ListSkeleton({ label, rows = 3 }: { label: string; rows?: number }) {
  return (
    <LoadingSkeleton label={label}>
      <div className="grid gap-3">
        {keys(rows).map((key) => (
          <CardShape key={key} className="gap-2">
            <Skeleton className="h-5 w-1/2" />
            <Skeleton className="h-4 w-1/3" />
          </CardShape>
        ))}
      </div>
    </LoadingSkeleton>
  );
}

/** A few lines of text inside a card that is already drawn (account settings). */
export function LinesSkeleton({ label, lines = 3 }: { label: string; lines?: number }) {
  return (
    <LoadingSkeleton label={label}>
      <div className="grid gap-3">
        {keys(lines).map((key, i) => (
          <Skeleton key={key} className={`h-4 ${i % 2 ? "w-2/3" : "w-full"}`} />
        ))}
      </div>
    </LoadingSkeleton>
  );
}

/** A bicycle's or component's page: back link, title, description, photo and details card. */
export function DetailSkeleton({ label }: { label: string }) {
  return (
    <LoadingSkeleton label={label}>
      <div className="grid gap-6">
        <Skeleton className="h-4 w-32" />
        <div className="grid gap-2">
          <Skeleton className="h-8 w-2/3 sm:w-1/3" />
          <Skeleton className="h-4 w-full sm:w-1/2" />
        </div>
        <div className="grid items-start gap-6 lg:grid-cols-[3fr_2fr]">
          <Skeleton className="h-20 rounded-xl lg:aspect-[4/3] lg:h-auto" />
          <CardShape className="gap-3">
            <Skeleton className="h-5 w-24" />
            {keys(5).map((key) => (
              <Skeleton key={key} className="h-4 w-full" />
            ))}
          </CardShape>
        </div>
      </div>
    </LoadingSkeleton>
  );
}

/** The dashboard: four stat cards, then the tabs and bicycle cards. */
export function DashboardSkeleton({ label }: { label: string }) {
  return (
    <LoadingSkeleton label={label}>
      <div className="grid gap-8">
        <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
          {keys(4).map((key) => (
            <CardShape key={key} className="gap-3">
              <Skeleton className="h-4 w-20" />
              <Skeleton className="h-7 w-12" />
            </CardShape>
          ))}
        </div>
        <Skeleton className="h-9 w-64 max-w-full rounded-lg" />
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {keys(3).map((key) => (
            <Skeleton key={key} className="aspect-[4/3] rounded-xl" />
          ))}
        </div>
      </div>
    </LoadingSkeleton>
  );
}
