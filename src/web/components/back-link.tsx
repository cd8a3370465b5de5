import { ArrowLeft } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { cn } from "@/lib/utils.ts";

/** A page's "Back to …" link above its heading; 44 px tall on a touch screen, like the buttons. */
export function BackLink({
  to,
  className,
  children,
}: {
  to: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Link
      to={to}
      className={cn(
        "inline-flex w-fit items-center gap-2 rounded-md text-sm wrap-anywhere text-muted-foreground hover:text-foreground pointer-coarse:min-h-11",
        className,
      )}
    >
      <ArrowLeft className="size-4 shrink-0" aria-hidden="true" /> {children}
    </Link>
  );
}
