import { Infinity as InfinityIcon } from "lucide-react";
import { cardClasses } from "@/components/ui/card-classes.ts";
import { UNLIMITED_TEXT, UNLIMITED_TITLE } from "../../../../shared/plan-copy.ts";

/** In place of the plan cards when billing is off (BILLING_MODE=off): this instance has no limits. */
export function UnlimitedPlan({ heading: Heading = "h3" }: { heading?: "h2" | "h3" }) {
  return (
    <div data-slot="card" className={`${cardClasses.card} mx-auto w-full max-w-md border-primary/60`}>
      <div data-slot="card-header" className={cardClasses.header}>
        <Heading data-slot="card-title" className={`${cardClasses.title} flex items-center gap-2`}>
          <InfinityIcon className="size-5 text-primary" aria-hidden="true" />
          {UNLIMITED_TITLE}
        </Heading>
        <p data-slot="card-description" className={cardClasses.description}>
          {UNLIMITED_TEXT}
        </p>
      </div>
    </div>
  );
}
