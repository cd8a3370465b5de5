import type { ReactNode } from "react";
import { messages } from "../../shared/messages.ts";

/** In place of a missing photo: a slim strip on small screens, the photo's 4:3 place on wide ones. */
export function NoImage({ icon, wideFrom = "lg" }: { icon: ReactNode; wideFrom?: "md" | "lg" }) {
  const wide =
    wideFrom === "md"
      ? "md:aspect-[4/3] md:h-auto md:flex-col md:text-base"
      : "lg:aspect-[4/3] lg:h-auto lg:flex-col lg:text-base";
  return (
    <div
      className={`flex h-20 items-center justify-center gap-3 rounded-xl border bg-muted text-sm text-muted-foreground ${wide}`}
    >
      {icon}
      <span>{messages.bicycles.noImage}</span>
    </div>
  );
}
