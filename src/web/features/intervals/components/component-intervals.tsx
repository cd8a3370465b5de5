import { zodResolver } from "@hookform/resolvers/zod";
import { Pencil, Plus, Trash2 } from "lucide-react";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { ConfirmDialog } from "@/components/confirm-dialog.tsx";
import { DisabledHint } from "@/components/disabled-hint.tsx";
import { LoadFailed } from "@/components/load-failed.tsx";
import { LinesSkeleton } from "@/components/skeletons.tsx";
import { Button } from "@/components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card.tsx";
import { InputField } from "@/components/ui/form-field.tsx";
import { showError } from "@/lib/error-handler.ts";
import { focusAfterRemoving, useReturnFocus } from "@/lib/focus.ts";
import { changedFields } from "@/lib/form-changes.ts";
import { applyServerFieldErrors } from "@/lib/form-errors.ts";
import { useDistanceUnit } from "@/lib/settings.ts";
import { toast } from "@/lib/toaster.ts";
import { useUnsavedChanges } from "@/lib/unsaved-changes.ts";
import { useOneAtATime } from "@/lib/use-one-at-a-time.ts";
import { type DistanceUnit, fromKm } from "../../../../shared/domain/distance.ts";
import { type DefaultInterval, defaultIntervalsFor } from "../../../../shared/domain/service-intervals.ts";
import { formatDate } from "../../../../shared/format.ts";
import { describeUsage } from "../../../../shared/interval-wording.ts";
import { messages } from "../../../../shared/messages.ts";
import type { Component } from "../../../../shared/schemas/component.ts";
import type {
  ServiceInterval,
  ServiceIntervalChanges,
  ServiceIntervalInput,
} from "../../../../shared/schemas/service-interval.ts";
import {
  type IntervalFormValues,
  intervalFormSchema,
} from "../../../../shared/schemas/service-interval-form.ts";
import { useComponentIntervals, useDeleteInterval, useSaveInterval } from "../api.ts";
import { describeRule, IntervalBadge, WearBar } from "./interval-status.tsx";

type FormState = { mode: "closed" } | { mode: "add" } | { mode: "edit"; interval: ServiceInterval };

/** The component page's service intervals: each with its progress; add, edit and remove (after asking). */
export function ComponentIntervals({ component }: { component: Component }) {
  const unit = useDistanceUnit();
  const intervals = useComponentIntervals(component.id);
  const save = useSaveInterval(component.id);
  const remove = useDeleteInterval();
  const [form, setForm] = useState<FormState>({ mode: "closed" });
  const [removing, setRemoving] = useState<ServiceInterval | null>(null);
  const suggested = defaultIntervalsFor(component.type, component.name);
  // The keyboard goes on from the button that opened the form once it closes, and from the Remove button
  // once its dialog closes (or from the next interval's, once that one is removed).
  const addButton = useRef<HTMLButtonElement>(null);
  const rememberOpener = useReturnFocus(form.mode !== "closed", addButton);
  const removeReturn = useRef<HTMLElement | null>(null);
  const oneAtATime = useOneAtATime();

  const saveInterval = async (
    request: { id: string; input: ServiceIntervalChanges } | { id: null; input: ServiceIntervalInput },
  ) => {
    await save.mutateAsync(request);
    toast.success(request.id ? "Interval updated" : "Interval added");
    setForm({ mode: "closed" });
  };

  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
        <CardTitle as="h2">Service Intervals</CardTitle>
        {form.mode === "closed" ? (
          <Button
            ref={addButton}
            size="sm"
            variant="outline"
            onClick={() => {
              rememberOpener();
              setForm({ mode: "add" });
            }}
          >
            <Plus aria-hidden="true" /> Add Interval
          </Button>
        ) : null}
      </CardHeader>
      <CardContent className="grid gap-4">
        {form.mode !== "closed" ? (
          <div className="rounded-lg border bg-muted/30 p-4">
            <IntervalForm
              key={form.mode === "edit" ? form.interval.id : "new"}
              interval={form.mode === "edit" ? form.interval : null}
              unit={unit}
              onCancel={() => setForm({ mode: "closed" })}
              onSave={(input, changes) =>
                saveInterval(
                  form.mode === "edit" ? { id: form.interval.id, input: changes } : { id: null, input },
                )
              }
            />
          </div>
        ) : null}
        {intervals.isPending ? (
          <LinesSkeleton label="Loading intervals..." lines={2} />
        ) : intervals.isError ? (
          <LoadFailed title="Failed to load service intervals." onRetry={() => void intervals.refetch()} />
        ) : intervals.data.length === 0 ? (
          <div className="grid gap-3 text-sm">
            <p className="text-muted-foreground">
              No service intervals yet. Set one to see when this component is due.
            </p>
            {suggested.length > 0 ? (
              <div className="flex flex-wrap gap-2">
                {suggested.map((interval) => (
                  <Button
                    key={interval.label}
                    size="sm"
                    variant="secondary"
                    disabled={save.isPending}
                    onClick={() =>
                      // A second press before the chips re-render disabled adds no second interval.
                      oneAtATime(() =>
                        saveInterval({ id: null, input: interval }).then(
                          // The chips go once there is an interval: the keyboard goes on from Add Interval.
                          () => addButton.current?.focus(),
                          (error) => showError(error),
                        ),
                      )
                    }
                  >
                    <Plus aria-hidden="true" /> {interval.label} ({describeRule(interval, unit).toLowerCase()}
                    )
                  </Button>
                ))}
              </div>
            ) : null}
          </div>
        ) : (
          <IntervalList
            intervals={intervals.data}
            unit={unit}
            actions={(interval) => (
              <>
                <Button
                  size="icon"
                  variant="ghost"
                  aria-label={`Edit ${interval.label}`}
                  onClick={() => {
                    rememberOpener();
                    setForm({ mode: "edit", interval });
                  }}
                >
                  <Pencil aria-hidden="true" />
                </Button>
                <Button
                  size="icon"
                  variant="ghost"
                  aria-label={`Remove ${interval.label}`}
                  onClick={(event) => {
                    removeReturn.current = event.currentTarget;
                    setRemoving(interval);
                  }}
                >
                  <Trash2 aria-hidden="true" />
                </Button>
              </>
            )}
          />
        )}
        <ConfirmDialog
          open={removing !== null}
          onOpenChange={(open) => (open ? null : setRemoving(null))}
          title={`Remove ${removing?.label ?? "interval"}?`}
          description="The interval is removed; service entries stay in the history."
          confirmLabel="Remove Interval"
          pendingLabel="Removing..."
          returnFocusTo={removeReturn}
          onConfirm={async () => {
            if (!removing) return;
            const next = focusAfterRemoving(removeReturn.current, addButton.current);
            try {
              await remove.mutateAsync(removing.id);
              removeReturn.current = next;
              toast.success("Interval removed");
              setRemoving(null);
            } catch (error) {
              showError(error);
              throw error;
            }
          }}
        />
      </CardContent>
    </Card>
  );
}

/** The demo's intervals: the same list, with every change blocked. */
export function DemoComponentIntervals({ intervals }: { intervals: ServiceInterval[] }) {
  const unit = useDistanceUnit();
  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
        <CardTitle as="h2">Service Intervals</CardTitle>
        <DisabledHint hint={messages.intervals.signUpToSet}>
          <Button size="sm" variant="outline" aria-disabled="true">
            <Plus aria-hidden="true" /> Add Interval
          </Button>
        </DisabledHint>
      </CardHeader>
      <CardContent>
        {intervals.length === 0 ? (
          <p className="text-sm text-muted-foreground">{messages.intervals.demoNone}</p>
        ) : (
          <IntervalList
            intervals={intervals}
            unit={unit}
            actions={(interval) => (
              <>
                <DisabledHint hint={messages.intervals.signUpToSet}>
                  <Button
                    size="icon"
                    variant="ghost"
                    aria-disabled="true"
                    aria-label={`Edit ${interval.label}`}
                  >
                    <Pencil aria-hidden="true" />
                  </Button>
                </DisabledHint>
                <DisabledHint hint={messages.intervals.signUpToSet}>
                  <Button
                    size="icon"
                    variant="ghost"
                    aria-disabled="true"
                    aria-label={`Remove ${interval.label}`}
                  >
                    <Trash2 aria-hidden="true" />
                  </Button>
                </DisabledHint>
              </>
            )}
          />
        )}
      </CardContent>
    </Card>
  );
}

/** Each interval with its state, wear bar, rule and what is used and left; `actions` beside its label. */
function IntervalList({
  intervals,
  unit,
  actions,
}: {
  intervals: ServiceInterval[];
  unit: DistanceUnit;
  actions: (interval: ServiceInterval) => ReactNode;
}) {
  return (
    <ul aria-label="Service intervals" className="grid gap-4">
      {intervals.map((interval) => (
        <li key={interval.id} className="grid gap-2 rounded-lg border p-3">
          {/* On a phone the label and its badge wrap; Edit and Remove stay at the top right, on the label's line. */}
          <div className="flex items-start justify-between gap-2">
            <div className="flex min-h-9 min-w-0 flex-wrap pointer-coarse:min-h-11 items-center gap-x-2 gap-y-1">
              <h3 className="font-medium wrap-anywhere">{interval.label}</h3>
              <IntervalBadge state={interval.status.state} />
            </div>
            <div className="flex shrink-0 gap-1">{actions(interval)}</div>
          </div>
          <WearBar
            state={interval.status.state}
            usedFraction={interval.status.usedFraction}
            label={`${interval.label} used`}
          />
          <p className="text-sm text-muted-foreground">
            {describeRule(interval, unit)}
            {interval.lastServiceDate
              ? ` · last serviced ${formatDate(interval.lastServiceDate)}`
              : " · never serviced"}
          </p>
          <ul className="grid gap-0.5 text-sm">
            {describeUsage(interval, unit).map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </li>
      ))}
    </ul>
  );
}

const fieldNames = ["label", "everyKm", "everyHours", "everyMonths"] as const;

const asText = (n: number | null | undefined) => (n === null || n === undefined ? "" : String(n));

/** Label and any of distance (in the user's unit), hours and months. */
export function IntervalForm({
  interval,
  unit,
  onSave,
  onCancel,
}: {
  interval: Pick<DefaultInterval, "label" | "everyKm" | "everyHours" | "everyMonths"> | null;
  unit: DistanceUnit;
  /** `changes`: only what the rider changed (an edit sends these). */
  onSave: (input: ServiceIntervalInput, changes: ServiceIntervalChanges) => Promise<unknown>;
  onCancel: () => void;
}) {
  const form = useForm<IntervalFormValues, unknown, ServiceIntervalInput>({
    // The distance is checked in the user's unit and comes out in km.
    resolver: zodResolver(intervalFormSchema(unit)),
    defaultValues: {
      label: interval?.label ?? "",
      everyKm: asText(interval?.everyKm == null ? null : fromKm(interval.everyKm, unit)),
      everyHours: asText(interval?.everyHours),
      everyMonths: asText(interval?.everyMonths),
    },
  });
  const unsaved = useUnsavedChanges(form.formState.isDirty);
  const { errors, isSubmitting } = form.formState;
  const label = interval ? "Update Interval" : "Add Interval";
  // It opens in the page at a button's press: the keyboard goes on in its first field.
  useEffect(() => form.setFocus("label"), [form]);
  const onSubmit = form.handleSubmit(async (input) => {
    try {
      await onSave(input, changedFields(input, form.formState.dirtyFields));
    } catch (error) {
      applyServerFieldErrors(error, form.setError, fieldNames);
      showError(error);
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label={label} {...unsaved}>
      <InputField
        id="interval-label"
        label="Label"
        placeholder="e.g. Lower service"
        error={errors.label?.message}
        {...form.register("label")}
      />
      <p className="text-sm text-muted-foreground">
        Due at whichever comes first; leave a field blank to skip it.
      </p>
      <div className="grid gap-4 sm:grid-cols-3">
        <InputField
          id="interval-distance"
          label={`Every (${unit})`}
          inputMode="decimal"
          autoComplete="off"
          error={errors.everyKm?.message}
          {...form.register("everyKm")}
        />
        <InputField
          id="interval-hours"
          label="Every (hours of riding)"
          inputMode="decimal"
          autoComplete="off"
          error={errors.everyHours?.message}
          {...form.register("everyHours")}
        />
        <InputField
          id="interval-months"
          label="Every (months)"
          inputMode="numeric"
          autoComplete="off"
          error={errors.everyMonths?.message}
          {...form.register("everyMonths")}
        />
      </div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? "Saving..." : label}
        </Button>
      </div>
    </form>
  );
}
