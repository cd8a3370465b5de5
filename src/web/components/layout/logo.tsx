import { Bike } from "lucide-react";
import { Link } from "react-router";
import { PRODUCT_NAME } from "../../../shared/brand.ts";

export function Logo() {
  return (
    <Link
      to="/"
      className="flex items-center gap-2 rounded-md font-semibold tracking-tight pointer-coarse:min-h-11 focus-visible:ring-[3px] focus-visible:ring-ring/60 focus-visible:outline-none"
    >
      <span className="flex size-8 items-center justify-center rounded-lg bg-primary text-primary-foreground">
        <Bike className="size-5" aria-hidden="true" />
      </span>
      <span className="text-lg">{PRODUCT_NAME}</span>
    </Link>
  );
}
