import { Plus } from "lucide-react";
import { lazy, type RefObject, Suspense, useDeferredValue, useRef, useState } from "react";
import { DisabledHint } from "@/components/disabled-hint.tsx";
import { LoadFailed } from "@/components/load-failed.tsx";
import { LinesSkeleton, ListSkeleton } from "@/components/skeletons.tsx";
import { Button } from "@/components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card.tsx";
import { ComponentDue, OwnComponentDue } from "@/features/intervals/components/component-due.tsx";
import { useReturnFocus } from "@/lib/focus.ts";
import { messages } from "../../../../shared/messages.ts";
import type { Component } from "../../../../shared/schemas/component.ts";
import type { ServiceInterval } from "../../../../shared/schemas/service-interval.ts";
import { useBicycleComponents } from "../api.ts";
import { useComponentActions, useEditComponent } from "./component-actions.ts";
import { ComponentList } from "./component-list.tsx";

// The form (react-hook-form and its schema) loads when it is first opened.
const ComponentForm = lazy(async () => ({ default: (await import("./component-form.tsx")).ComponentForm }));

export type ComponentFormState =
  | { mode: "closed" }
  | { mode: "add" }
  | { mode: "edit"; component: Component };

/** The in-page add and edit area (bicycle page and parts bin): the Add button, or the form in a card. */
export function ComponentFormArea({
  state,
  onChange,
  bicycleId,
  buttonClassName,
  addButton: givenAddButton,
}: {
  state: ComponentFormState;
  onChange: (state: ComponentFormState) => void;
  /** Where added components go: a bicycle, or the parts bin (null). */
  bicycleId: string | null;
  buttonClassName?: string;
  /** The Add button, for the page's list to give the keyboard to once its last part is gone. */
  addButton?: RefObject<HTMLButtonElement | null>;
}) {
  const close = () => onChange({ mode: "closed" });
  // When the form closes (saved or cancelled), the keyboard goes on from the Add button, not the page's top.
  // (The form opens from the Add button or a part's menu, which is gone by then: no opener is remembered.)
  const ownAddButton = useRef<HTMLButtonElement>(null);
  const addButton = givenAddButton ?? ownAddButton;
  useReturnFocus(state.mode !== "closed", addButton);
  if (state.mode === "closed") {
    return (
      <div className={buttonClassName}>
        <Button ref={addButton} onClick={() => onChange({ mode: "add" })}>
          <Plus aria-hidden="true" /> Add Component
        </Button>
      </div>
    );
  }
  return (
    <Card>
      <CardHeader>
        <CardTitle>{state.mode === "add" ? "Add Component" : "Edit Component"}</CardTitle>
      </CardHeader>
      <CardContent>
        <Suspense fallback={<LinesSkeleton label="Loading form..." />}>
          {state.mode === "add" ? (
            <AddComponentForm bicycleId={bicycleId} onDone={close} />
          ) : (
            <EditComponentForm key={state.component.id} component={state.component} onDone={close} />
          )}
        </Suspense>
      </CardContent>
    </Card>
  );
}

/** The Components tab of the owner's bicycle page: the list, and the in-page add or edit form. */
export function BicycleComponents({
  bicycleId,
  formState,
}: {
  bicycleId: string;
  /** The add/edit form's state when the page holds it (the checklist opens the add form). */
  formState?: [ComponentFormState, (state: ComponentFormState) => void];
}) {
  const components = useBicycleComponents(bicycleId);
  // Rendered from a deferred copy, in short slices rather than one long task (decision 0052).
  const list = useDeferredValue(components.data);
  const ownForm = useState<ComponentFormState>({ mode: "closed" });
  const [form, setForm] = formState ?? ownForm;
  const addButton = useRef<HTMLButtonElement>(null);

  return (
    <div className="grid gap-4">
      <ComponentFormArea
        state={form}
        onChange={setForm}
        bicycleId={bicycleId}
        buttonClassName="flex justify-end"
        addButton={addButton}
      />
      {components.isError ? (
        <LoadFailed title={messages.components.loadFailed} onRetry={() => void components.refetch()} />
      ) : !list ? (
        <ListSkeleton label="Loading components..." />
      ) : (
        <ComponentList
          bicycleId={bicycleId}
          components={list}
          due={(componentId) => <OwnComponentDue componentId={componentId} />}
          onEdit={(component) => setForm({ mode: "edit", component })}
          lastGone={addButton}
        />
      )}
    </div>
  );
}

/** The demo's Components tab: the same list, with every change blocked. */
export function DemoBicycleComponents({
  bicycleId,
  components,
  intervals,
}: {
  bicycleId: string;
  components: Component[];
  intervals: ServiceInterval[];
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
      <ComponentList
        bicycleId={bicycleId}
        components={components}
        due={(componentId) => <ComponentDue componentId={componentId} intervals={intervals} />}
      />
    </div>
  );
}

export function AddComponentForm({ bicycleId, onDone }: { bicycleId: string | null; onDone: () => void }) {
  const actions = useComponentActions();
  return (
    <ComponentForm
      idPrefix="add-component"
      submitLabel="Add Component"
      askInstalledOn={bicycleId !== null}
      onCancel={onDone}
      onSave={async (input, intervals) => {
        await actions.add({ ...input, intervals }, bicycleId);
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
      onSave={async (_, __, changes) => {
        await save(changes);
        onDone();
      }}
    />
  );
}
