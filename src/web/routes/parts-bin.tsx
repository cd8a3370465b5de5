import { Wrench } from "lucide-react";
import { type RefObject, useRef, useState } from "react";
import { Link, useLocation, useSearchParams } from "react-router";
import { LoadFailed } from "@/components/load-failed.tsx";
import { PageHeader } from "@/components/page-header.tsx";
import { ListSkeleton } from "@/components/skeletons.tsx";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert.tsx";
import { Badge } from "@/components/ui/badge.tsx";
import { Button } from "@/components/ui/button.tsx";
import { Card, CardContent, CardHeader } from "@/components/ui/card.tsx";
import { useSession } from "@/features/auth/api.ts";
import { usePartsBin } from "@/features/components/api.ts";
import { AssignDialog } from "@/features/components/components/assign-dialog.tsx";
import {
  ComponentFormArea,
  type ComponentFormState,
} from "@/features/components/components/bicycle-components.tsx";
import { ComponentMenu } from "@/features/components/components/component-menu.tsx";
import { ImportTextPanel } from "@/features/import/components/import-text-panel.tsx";
import { ImportUrlPanel } from "@/features/import/components/import-url-panel.tsx";
import { OwnComponentDue } from "@/features/intervals/components/component-due.tsx";
import { focusAfterRemoving } from "@/lib/focus.ts";
import { useDistanceUnit } from "@/lib/settings.ts";
import { usePageTitle } from "@/lib/use-page-title.ts";
import { formatCostPerDistance } from "../../shared/domain/costs.ts";
import { formatWear } from "../../shared/domain/distance.ts";
import { signInPath } from "../../shared/domain/routes.ts";
import { messages } from "../../shared/messages.ts";
import type { Component } from "../../shared/schemas/component.ts";

const m = messages.components;
const ALL = "All Types";

export function PartsBinPage() {
  usePageTitle("Parts Bin");
  const { data: session } = useSession();
  const { search } = useLocation();
  return (
    <>
      <PageHeader
        title="Parts Bin"
        description="Spare and swapped-out components that are not on a bicycle."
      />
      {session ? (
        <PartsBin />
      ) : (
        <Alert>
          <AlertTitle>{m.partsBinSignedOut}</AlertTitle>
          <AlertDescription>
            <Button asChild size="sm" className="mt-2">
              <Link to={signInPath(`/parts-bin${search}`)}>Sign In</Link>
            </Button>
          </AlertDescription>
        </Alert>
      )}
    </>
  );
}

function PartsBin() {
  const parts = usePartsBin();
  const unit = useDistanceUnit();
  // The type filter is in the address (?type=Tires): Back from a part's page finds the list as it was left.
  const [searchParams, setSearchParams] = useSearchParams();
  const filter = searchParams.get("type") ?? ALL;
  const [form, setForm] = useState<ComponentFormState>({ mode: "closed" });
  const [assigning, setAssigning] = useState<Component[] | null>(null);
  const [selectedIds, setSelectedIds] = useState<ReadonlySet<string>>(new Set());
  // Parts leave the list when deleted or assigned: the keyboard goes on from the next part's menu button,
  // after a bulk assignment from Select all, and once none is left from Add Component.
  const addButton = useRef<HTMLButtonElement>(null);
  const selectAll = useRef<HTMLInputElement>(null);
  const assignReturn = useRef<HTMLElement | null>(null);
  const afterAssigning = useRef<HTMLElement | null>(null);

  const all = parts.data ?? [];
  const types = [...new Set(all.map((c) => c.type))].sort();
  const activeFilter = filter === ALL || types.includes(filter) ? filter : ALL;
  const shown = activeFilter === ALL ? all : all.filter((c) => c.type === activeFilter);
  const selected = all.filter((c) => selectedIds.has(c.id));
  const allShownSelected = shown.length > 0 && shown.every((c) => selectedIds.has(c.id));
  // A filter narrows the selection to what it shows: "Assign to…" never fits parts the rider cannot see.
  const chooseFilter = (type: string) => {
    setSearchParams(type === ALL ? {} : { type }, { replace: true });
    if (type !== ALL) {
      const kept = new Set(all.filter((c) => c.type === type).map((c) => c.id));
      setSelectedIds((before) => new Set([...before].filter((id) => kept.has(id))));
    }
  };
  const toggle = (ids: string[], on: boolean) =>
    setSelectedIds((before) => {
      const next = new Set(before);
      for (const id of ids) {
        if (on) next.add(id);
        else next.delete(id);
      }
      return next;
    });

  return (
    <div className="grid gap-6">
      {/* Top-aligned: one panel opened to review its rows does not stretch the other, still closed. */}
      <div className="grid items-start gap-4 lg:grid-cols-2">
        <ImportTextPanel />
        <ImportUrlPanel />
      </div>
      <ComponentFormArea state={form} onChange={setForm} bicycleId={null} addButton={addButton} />

      {parts.isPending ? (
        <ListSkeleton label="Loading components..." />
      ) : parts.isError ? (
        <LoadFailed title={m.partsBinLoadError} onRetry={() => void parts.refetch()} />
      ) : all.length === 0 ? (
        <p className="rounded-lg border border-dashed p-10 text-center text-muted-foreground">
          {m.partsBinEmpty}
        </p>
      ) : (
        <>
          <fieldset className="flex flex-wrap gap-2">
            <legend className="sr-only">Filter by type</legend>
            {[ALL, ...types].map((type) => (
              <Button
                key={type}
                size="sm"
                variant={type === activeFilter ? "default" : "outline"}
                aria-pressed={type === activeFilter}
                onClick={() => chooseFilter(type)}
              >
                {type}
              </Button>
            ))}
          </fieldset>
          <SelectionBar
            selectedCount={selected.length}
            allShownSelected={allShownSelected}
            onSelectAll={(on) =>
              toggle(
                shown.map((c) => c.id),
                on,
              )
            }
            selectAllRef={selectAll}
            onAssign={(button) => {
              assignReturn.current = button;
              afterAssigning.current = selected.length < all.length ? selectAll.current : addButton.current;
              setAssigning(selected);
            }}
            onClear={() => setSelectedIds(new Set())}
          />
          {shown.length === 0 ? (
            <div className="rounded-lg border border-dashed p-10 text-center text-muted-foreground">
              <p>{m.noFilterMatch}</p>
              <Button variant="link" onClick={() => chooseFilter(ALL)}>
                Clear filter
              </Button>
            </div>
          ) : (
            <ul className="grid gap-4 md:grid-cols-2 lg:grid-cols-4" aria-label="Parts bin components">
              {shown.map((component) => (
                <li key={component.id}>
                  <Card className="h-full gap-2 py-4">
                    <CardHeader className="flex flex-row items-start justify-between gap-2 px-4">
                      {/* A 44 px target around the box: a tap a little off selects the part, never opens it. */}
                      <label className="-my-2.5 -ml-2.5 flex size-11 shrink-0 cursor-pointer items-center justify-center rounded-md hover:bg-accent">
                        <input
                          type="checkbox"
                          className="size-5 cursor-pointer accent-primary"
                          aria-label={`Select ${component.name}`}
                          checked={selectedIds.has(component.id)}
                          onChange={(event) => toggle([component.id], event.target.checked)}
                        />
                      </label>
                      <div className="mr-auto grid min-w-0 gap-1.5">
                        <Link
                          to={`/parts-bin/components/${component.id}`}
                          className="font-semibold wrap-anywhere hover:underline"
                        >
                          {component.name}
                        </Link>
                        <Badge variant="secondary">{component.type}</Badge>
                      </div>
                      <ComponentMenu
                        component={component}
                        onEdit={() => setForm({ mode: "edit", component })}
                        onAssign={(menuButton) => {
                          assignReturn.current = menuButton;
                          afterAssigning.current = focusAfterRemoving(menuButton, addButton.current);
                          setAssigning([component]);
                        }}
                        lastGone={addButton}
                      />
                    </CardHeader>
                    <CardContent className="grid gap-2 px-4 text-sm text-muted-foreground">
                      <p>
                        {[
                          component.brand,
                          formatWear(component, unit),
                          component.costPerKm === null
                            ? null
                            : formatCostPerDistance(component.costPerKm, unit),
                        ]
                          .filter(Boolean)
                          .join(" · ")}
                      </p>
                      <OwnComponentDue componentId={component.id} />
                    </CardContent>
                  </Card>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
      <AssignDialog
        components={assigning}
        onClose={() => setAssigning(null)}
        onAssigned={() => {
          assignReturn.current = afterAssigning.current;
          toggle(assigning?.map((c) => c.id) ?? [], false);
        }}
        returnFocusTo={assignReturn}
      />
    </div>
  );
}

/** Select all shown parts, and once some are selected, assign them together. */
function SelectionBar({
  selectedCount,
  allShownSelected,
  onSelectAll,
  onAssign,
  onClear,
  selectAllRef,
}: {
  selectedCount: number;
  allShownSelected: boolean;
  onSelectAll: (on: boolean) => void;
  onAssign: (button: HTMLButtonElement) => void;
  onClear: () => void;
  selectAllRef: RefObject<HTMLInputElement | null>;
}) {
  const some = selectedCount > 0;
  return (
    // With parts selected the bar stays under the sticky header (h-14) while the list scrolls: "Assign to…" is
    // always at hand, and at the top it never covers the list's last part.
    <div
      data-sticky-selection={some ? "" : undefined}
      className={`flex min-h-11 flex-wrap items-center gap-x-2 gap-y-1 text-sm sm:gap-x-4 ${
        some ? "sticky top-14 z-30 -mx-4 border-b bg-background/95 px-4 py-1 backdrop-blur" : ""
      }`}
    >
      <label className="inline-flex min-h-11 cursor-pointer items-center gap-2">
        <input
          ref={selectAllRef}
          type="checkbox"
          className="size-5 cursor-pointer accent-primary"
          checked={allShownSelected}
          onChange={(event) => onSelectAll(event.target.checked)}
        />
        Select all
      </label>
      {some ? (
        <>
          <span role="status" className="text-muted-foreground">
            {selectedCount} selected
          </span>
          <Button size="sm" onClick={(event) => onAssign(event.currentTarget)}>
            <Wrench aria-hidden="true" /> Assign to…
          </Button>
          <Button size="sm" variant="ghost" className="px-2" onClick={onClear}>
            Clear<span className="sr-only"> selection</span>
          </Button>
        </>
      ) : (
        <span className="text-muted-foreground">Select parts to fit several to a bicycle at once.</span>
      )}
    </div>
  );
}
