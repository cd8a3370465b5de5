import type { ReactNode } from "react";
import { messages } from "../../shared/messages.ts";

/**
 * In place of a missing photo: a slim strip on small screens; on wide ones as tall as the cards beside
 * it (self-stretch in their grid row), so neither leaves empty space.
 */
export function NoImage({ icon, wideFrom = "lg" }: { icon: ReactNode; wideFrom?: "md" | "lg" }) {
  const wide =
    wideFrom === "md"
      ? "md:h-auto md:min-h-40 md:flex-col md:self-stretch md:text-base"
      : "lg:h-auto lg:min-h-40 lg:flex-col lg:self-stretch lg:text-base";
  return (
    <div
      className={`flex h-20 items-center justify-center gap-3 rounded-xl border bg-muted text-sm text-muted-foreground ${wide}`}
    >
      {icon}
      <span>{messages.bicycles.noImage}</span>
    </div>
  );
}
