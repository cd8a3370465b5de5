import { Pencil, Trash2 } from "lucide-react";
import type { ReactNode, RefObject } from "react";
import { Link } from "react-router";
import { DisabledHint } from "@/components/disabled-hint.tsx";
import { Badge } from "@/components/ui/badge.tsx";
import { Button } from "@/components/ui/button.tsx";
import { useDistanceUnit } from "@/lib/settings.ts";
import { formatCostPerDistance } from "../../../../shared/domain/costs.ts";
import { formatWear } from "../../../../shared/domain/distance.ts";
import { messages } from "../../../../shared/messages.ts";
import type { Component } from "../../../../shared/schemas/component.ts";
import { ComponentMenu } from "./component-menu.tsx";

/** The components of a bicycle: the owner's with an actions menu, the demo's with the actions blocked. */
export function ComponentList({
  bicycleId,
  components,
  due,
  onEdit,
  lastGone,
}: {
  bicycleId: string;
  components: Component[];
  /** A row's most urgent interval (`ComponentDue`). */
  due: (componentId: string) => ReactNode;
  /** Absent for the read-only demo. */
  onEdit?: (component: Component) => void;
  /** Where the keyboard goes once the last part has left the list (deleted or moved). */
  lastGone?: RefObject<HTMLElement | null>;
}) {
  const unit = useDistanceUnit();
  if (components.length === 0) {
    return (
      <p className="rounded-lg border border-dashed p-8 text-center text-muted-foreground">
        {messages.components.empty}
      </p>
    );
  }
  return (
    <ul className="grid gap-3" aria-label="Components">
      {components.map((component) => (
        <li key={component.id} className="flex items-center gap-3 rounded-lg border bg-card p-4">
          <div className="grid min-w-0 flex-1 gap-1">
            <div className="flex flex-wrap items-center gap-2">
              <Link
                to={`/bicycles/${bicycleId}/components/${component.id}`}
                className="font-medium wrap-anywhere hover:underline"
              >
                {component.name}
              </Link>
              <Badge variant="secondary">{component.type}</Badge>
            </div>
            <p className="text-sm wrap-anywhere text-muted-foreground">
              {[
                component.brand,
                formatWear(component, unit),
                `${component.serviceCount} ${component.serviceCount === 1 ? "service" : "services"}`,
                component.costPerKm === null ? null : formatCostPerDistance(component.costPerKm, unit),
              ]
                .filter(Boolean)
                .join(" · ")}
            </p>
            {due(component.id)}
          </div>
          {onEdit ? (
            <ComponentMenu
              component={component}
              onEdit={() => onEdit(component)}
              {...(lastGone ? { lastGone } : {})}
            />
          ) : (
            <div className="flex gap-1">
              <DisabledHint hint="Sign up to edit your own components">
                <Button
                  variant="ghost"
                  size="icon"
                  aria-disabled="true"
                  aria-label={`Edit ${component.name}`}
                >
                  <Pencil />
                </Button>
              </DisabledHint>
              <DisabledHint hint="Sign up to delete your own components">
                <Button
                  variant="ghost"
                  size="icon"
                  aria-disabled="true"
                  aria-label={`Delete ${component.name}`}
                >
                  <Trash2 />
                </Button>
              </DisabledHint>
            </div>
          )}
        </li>
      ))}
    </ul>
  );
}
