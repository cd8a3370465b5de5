import { Plus } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert.tsx";
import { Badge } from "@/components/ui/badge.tsx";
import { Button } from "@/components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card.tsx";
import { formatMileage } from "../../../../shared/format.ts";
import { messages } from "../../../../shared/messages.ts";
import type { Component } from "../../../../shared/schemas/component.ts";
import { useBicycleComponents } from "../api.ts";
import { useComponentActions, useEditComponent } from "./component-actions.ts";
import { ComponentForm } from "./component-form.tsx";
import { ComponentMenu } from "./component-menu.tsx";

type FormState = { mode: "closed" } | { mode: "add" } | { mode: "edit"; component: Component };

/** The Components tab of a bicycle's page: the list, and the in-page add or edit form. */
export function BicycleComponents({ bicycleId }: { bicycleId: string }) {
  const components = useBicycleComponents(bicycleId);
  const [form, setForm] = useState<FormState>({ mode: "closed" });
  const close = () => setForm({ mode: "closed" });

  return (
    <div className="grid gap-4">
      {form.mode === "closed" ? (
        <div className="flex justify-end">
          <Button onClick={() => setForm({ mode: "add" })}>
            <Plus aria-hidden="true" /> Add Component
          </Button>
        </div>
      ) : (
        <Card>
          <CardHeader>
            <CardTitle>{form.mode === "add" ? "Add Component" : "Edit Component"}</CardTitle>
          </CardHeader>
          <CardContent>
            {form.mode === "add" ? (
              <AddComponentForm bicycleId={bicycleId} onDone={close} />
            ) : (
              <EditComponentForm key={form.component.id} component={form.component} onDone={close} />
            )}
          </CardContent>
        </Card>
      )}
      {components.isPending ? (
        <p role="status" className="text-muted-foreground">
          Loading components...
        </p>
      ) : components.isError ? (
        <Alert variant="destructive">
          <AlertTitle>{messages.components.loadFailed}</AlertTitle>
          <AlertDescription>
            <Button size="sm" variant="outline" onClick={() => void components.refetch()}>
              Try again
            </Button>
          </AlertDescription>
        </Alert>
      ) : components.data.length === 0 ? (
        <p className="rounded-lg border border-dashed p-8 text-center text-muted-foreground">
          {messages.components.empty}
        </p>
      ) : (
        <ul className="grid gap-3" aria-label="Components">
          {components.data.map((component) => (
            <li key={component.id} className="flex items-center gap-3 rounded-lg border bg-card p-4">
              <div className="grid min-w-0 flex-1 gap-1">
                <div className="flex flex-wrap items-center gap-2">
                  <Link
                    to={`/bicycles/${bicycleId}/components/${component.id}`}
                    className="font-medium break-words hover:underline"
                  >
                    {component.name}
                  </Link>
                  <Badge variant="secondary">{component.type}</Badge>
                </div>
                <p className="text-sm text-muted-foreground">
                  {[
                    component.brand,
                    formatMileage(component.mileage),
                    `${component.serviceCount} ${component.serviceCount === 1 ? "service" : "services"}`,
                  ]
                    .filter(Boolean)
                    .join(" · ")}
                </p>
              </div>
              <ComponentMenu component={component} onEdit={() => setForm({ mode: "edit", component })} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export function AddComponentForm({ bicycleId, onDone }: { bicycleId: string | null; onDone: () => void }) {
  const actions = useComponentActions();
  return (
    <ComponentForm
      idPrefix="add-component"
      submitLabel="Add Component"
      onCancel={onDone}
      onSave={async (input) => {
        await actions.add(input, bicycleId);
        onDone();
      }}
    />
  );
}

export function EditComponentForm({ component, onDone }: { component: Component; onDone: () => void }) {
  const save = useEditComponent(component.id);
  return (
    <ComponentForm
      idPrefix="edit-component"
      component={component}
      submitLabel="Save Component"
      onCancel={onDone}
      onSave={async (input) => {
        await save(input);
        onDone();
      }}
    />
  );
}
