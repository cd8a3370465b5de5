import type { ReactElement } from "react";
import { Tooltip, TooltipContent, TooltipTrigger } from "@/components/ui/tooltip.tsx";

/**
 * A control the demo blocks: it stays visible and focusable but aria-disabled (with no action), and
 * says why on hover and on keyboard focus. (A `disabled` button gets no pointer or focus events.)
 */
export function DisabledHint({ hint, children }: { hint: string; children: ReactElement }) {
  return (
    <Tooltip>
      <TooltipTrigger asChild>{children}</TooltipTrigger>
      <TooltipContent>{hint}</TooltipContent>
    </Tooltip>
  );
}
