import { CheckCircle2, Circle } from "lucide-react";
import type { ReactNode } from "react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card.tsx";
import type { Bicycle } from "../../../../shared/schemas/bicycle.ts";

/** Whether the new bicycle still needs setting up; "done" is read from its data, nothing is stored. */
export function setupProgress(bicycle: Bicycle) {
  const hasComponents = bicycle.componentCount > 0;
  const hasPhoto = bicycle.imageUrl !== null;
  return { hasComponents, hasPhoto, complete: hasComponents && hasPhoto };
}

/**
 * A new bicycle's first steps: components by hand, an import (done once it has components), a photo.
 * Each open step carries its own actions; the page hides the card once every step is done.
 */
export function SetupChecklist({
  bicycle,
  addComponents,
  importComponents,
  addPhoto,
}: {
  bicycle: Bicycle;
  addComponents: ReactNode;
  importComponents: ReactNode;
  addPhoto: ReactNode;
}) {
  const { hasComponents, hasPhoto } = setupProgress(bicycle);
  // Adding parts by hand and importing them are two ways to one step, not two steps.
  const steps = [
    {
      label: "Add its components, by hand or from a spec sheet or the maker's page",
      done: hasComponents,
      action: (
        <>
          {addComponents}
          {importComponents}
        </>
      ),
    },
    { label: "Add a photo", done: hasPhoto, action: addPhoto },
  ];
  const doneCount = steps.filter((s) => s.done).length;
  return (
    <Card className="gap-3 border-primary/40 bg-primary/5" aria-labelledby="setup-title">
      <CardHeader>
        <CardTitle as="h2" id="setup-title" className="text-base wrap-anywhere">
          Set up {bicycle.name}
        </CardTitle>
        <CardDescription>
          {doneCount} of {steps.length} done. This list goes away once the bicycle has components and a photo.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <ol className="grid gap-3" aria-label="Set-up steps">
          {steps.map((step) => (
            <li key={step.label} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
              <span className="flex items-center gap-2 text-sm">
                {step.done ? (
                  <CheckCircle2 className="size-4 shrink-0 text-primary" aria-hidden="true" />
                ) : (
                  <Circle className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
                )}
                <span className={step.done ? "text-muted-foreground line-through" : "font-medium"}>
                  {step.label}
                </span>
                <span className="sr-only">{step.done ? "(done)" : "(to do)"}</span>
              </span>
              {step.done ? null : <span className="flex flex-wrap gap-2">{step.action}</span>}
            </li>
          ))}
        </ol>
      </CardContent>
    </Card>
  );
}
