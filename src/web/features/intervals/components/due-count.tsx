import { useDueCount } from "../api.ts";

/** How many service intervals are due, as a badge on the Bicycles tab of the tab bar. */
export function DueCount() {
  const due = useDueCount().data ?? 0;
  if (due === 0) return null;
  return (
    <span className="absolute -top-1.5 -right-2.5 min-w-4 rounded-full bg-destructive-solid px-1 text-center text-[0.625rem] leading-4 font-semibold text-destructive-foreground">
      {due > 99 ? "99+" : due}
      <span className="sr-only"> due</span>
    </span>
  );
}
