import { Plus } from "lucide-react";
import { useState } from "react";
import { DisabledHint } from "@/components/disabled-hint.tsx";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert.tsx";
import { Button } from "@/components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card.tsx";
import { messages } from "../../../../shared/messages.ts";
import type { Component } from "../../../../shared/schemas/component.ts";
import { useBicycleComponents } from "../api.ts";
import { useComponentActions, useEditComponent } from "./component-actions.ts";
import { ComponentForm } from "./component-form.tsx";
import { ComponentList } from "./component-list.tsx";

type FormState = { mode: "closed" } | { mode: "add" } | { mode: "edit"; component: Component };

/** The Components tab of the owner's bicycle page: the list, and the in-page add or edit form. */
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
      ) : (
        <ComponentList
          bicycleId={bicycleId}
          components={components.data}
          onEdit={(component) => setForm({ mode: "edit", component })}
        />
      )}
    </div>
  );
}

/** The demo's Components tab: the same list, with every change blocked. */
export function DemoBicycleComponents({
  bicycleId,
  components,
}: {
  bicycleId: string;
  components: Component[];
}) {
  return (
    <div className="grid gap-4">
      <div className="flex justify-end">
        <DisabledHint hint="Sign up to add your own components">
          <Button aria-disabled="true">
            <Plus aria-hidden="true" /> Add Component
          </Button>
        </DisabledHint>
      </div>
      <ComponentList bicycleId={bicycleId} components={components} />
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
