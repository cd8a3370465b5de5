/** A placeholder block in the shape of content that is loading (no tailwind-merge: the shell uses it). */
export function Skeleton({ className = "" }: { className?: string }) {
  return <div data-slot="skeleton" className={`animate-pulse rounded-md bg-muted ${className}`} />;
}
