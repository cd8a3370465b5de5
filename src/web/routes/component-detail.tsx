import { MoreHorizontal, Pencil, Trash2, Wrench } from "lucide-react";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { Link, Navigate, useNavigate, useParams } from "react-router";
import { BackLink } from "@/components/back-link.tsx";
import { ConfirmDialog } from "@/components/confirm-dialog.tsx";
import { DisabledHint } from "@/components/disabled-hint.tsx";
import { LoadFailed } from "@/components/load-failed.tsx";
import { MoreActionsMenu } from "@/components/more-actions-menu.tsx";
import { NoImage } from "@/components/no-image.tsx";
import { SignInToSee } from "@/components/sign-in-to-see.tsx";
import { DetailSkeleton } from "@/components/skeletons.tsx";
import { Button } from "@/components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card.tsx";
import { DropdownMenuItem } from "@/components/ui/dropdown-menu.tsx";
import { useSession } from "@/features/auth/api.ts";
import { useComponent } from "@/features/components/api.ts";
import { AssignDialog } from "@/features/components/components/assign-dialog.tsx";
import { EditComponentForm } from "@/features/components/components/bicycle-components.tsx";
import { useComponentActions } from "@/features/components/components/component-actions.ts";
import { ComponentTimeline } from "@/features/components/components/component-timeline.tsx";
import { useDemo } from "@/features/demo/api.ts";
import {
  ComponentIntervals,
  DemoComponentIntervals,
} from "@/features/intervals/components/component-intervals.tsx";
import { DemoServiceHistory, ServiceHistory } from "@/features/services/components/service-history.tsx";
import { isMissing } from "@/lib/api-client.ts";
import { showError } from "@/lib/error-handler.ts";
import { useReturnFocus } from "@/lib/focus.ts";
import { useDistanceUnit } from "@/lib/settings.ts";
import { usePageTitle } from "@/lib/use-page-title.ts";
import { formatCostPerDistance } from "../../shared/domain/costs.ts";
import { formatWear } from "../../shared/domain/distance.ts";
import { messages } from "../../shared/messages.ts";
import type { Component } from "../../shared/schemas/component.ts";

const m = messages.components;

export function ComponentDetailPage() {
  const { componentId = "" } = useParams();
  const { data: session } = useSession();
  if (!componentId) return <Navigate to={session ? "/bicycles" : "/dashboard"} replace />;
  if (!session) return <DemoComponent id={componentId} />;
  return <OwnComponent id={componentId} />;
}

function DemoComponent({ id }: { id: string }) {
  const demo = useDemo();
  const component = demo.data?.component(id);
  usePageTitle(component?.name ?? (demo.isPending ? "Demo component" : m.notFoundTitle));
  if (demo.isPending) {
    return <DetailSkeleton label="Loading component..." />;
  }
  if (!component || !demo.data) return <SignInToSee />;
  return (
    <ComponentView
      component={component}
      actions={
        <>
          <DisabledHint hint="Sign up to edit your own components">
            <Button variant="outline" aria-disabled="true">
              <Pencil aria-hidden="true" /> Edit Component
            </Button>
          </DisabledHint>
          <DisabledHint hint="Sign up to delete your own components">
            <Button variant="outline" size="icon" aria-label="More actions" aria-disabled="true">
              <MoreHorizontal />
            </Button>
          </DisabledHint>
        </>
      }
      services={
        <>
          <DemoComponentIntervals intervals={demo.data.intervalsOfComponent(component.id)} />
          <DemoServiceHistory log={demo.data.servicesOfComponent(component.id)} />
        </>
      }
    />
  );
}

function OwnComponent({ id }: { id: string }) {
  const component = useComponent(id);
  const notFound = isMissing(component.error);
  usePageTitle(component.data?.name ?? (notFound ? m.notFoundTitle : "Component"));

  useEffect(() => {
    if (component.isError && !notFound) showError(component.error, { fallback: m.detailsFailed });
  }, [component.isError, component.error, notFound]);

  if (component.isPending) {
    return <DetailSkeleton label="Loading component..." />;
  }
  if (notFound) return <ComponentNotFound />;
  // Not a missing component but a failed read (offline, the server away): say so, and offer to try again.
  if (component.isError) {
    return <LoadFailed title={m.detailsFailed} onRetry={() => void component.refetch()} />;
  }
  return <OwnComponentView component={component.data} />;
}

function OwnComponentView({ component }: { component: Component }) {
  const [editing, setEditing] = useState(false);
  const [assigning, setAssigning] = useState(false);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const editButton = useRef<HTMLButtonElement>(null);
  const rememberOpener = useReturnFocus(editing, editButton);
  const actions = useComponentActions();
  const navigate = useNavigate();
  const inPartsBin = component.bicycleId === null;
  return (
    <ComponentView
      component={component}
      actions={
        <>
          {inPartsBin ? (
            <>
              <Button onClick={() => setAssigning(true)}>
                <Wrench aria-hidden="true" /> Assign to bicycle
              </Button>
              <AssignDialog
                components={assigning ? [component] : null}
                onClose={() => setAssigning(false)}
                onAssigned={(bicycleId) =>
                  navigate(`/bicycles/${bicycleId}/components/${component.id}`, { replace: true })
                }
              />
            </>
          ) : null}
          <Button
            ref={editButton}
            variant="outline"
            onClick={() => {
              rememberOpener();
              setEditing(true);
            }}
            disabled={editing}
          >
            <Pencil aria-hidden="true" /> Edit Component
          </Button>
          <MoreActionsMenu triggerRef={menuButton}>
            <DropdownMenuItem variant="destructive" onSelect={() => setConfirmingDelete(true)}>
              <Trash2 aria-hidden="true" /> Delete
            </DropdownMenuItem>
          </MoreActionsMenu>
          <ConfirmDialog
            open={confirmingDelete}
            onOpenChange={setConfirmingDelete}
            title={`Delete ${component.name}?`}
            description={m.deleteWarning}
            confirmLabel="Delete Component"
            pendingLabel="Deleting..."
            returnFocusTo={menuButton}
            onConfirm={async () => {
              await actions.remove(component.id, inPartsBin);
              navigate(backLinkOf(component).to, { replace: true });
            }}
          />
        </>
      }
      editForm={
        editing ? (
          <Card>
            <CardHeader>
              <CardTitle as="h2">Edit Component</CardTitle>
            </CardHeader>
            <CardContent>
              <EditComponentForm component={component} onDone={() => setEditing(false)} />
            </CardContent>
          </Card>
        ) : null
      }
      services={
        <>
          <ComponentIntervals component={component} />
          <ComponentTimeline componentId={component.id} />
          <ServiceHistory componentId={component.id} />
        </>
      }
    />
  );
}

function backLinkOf(component: Component) {
  return component.bicycleId === null
    ? { to: "/parts-bin", label: m.backToPartsBin }
    : { to: `/bicycles/${component.bicycleId}`, label: `Back to ${component.bicycleName ?? "bicycle"}` };
}

function ComponentNotFound() {
  return (
    <Card className="mx-auto max-w-lg text-center">
      <CardHeader>
        <CardTitle className="text-xl">{m.notFoundTitle}</CardTitle>
      </CardHeader>
      <CardContent className="grid justify-items-center gap-4">
        <p className="text-muted-foreground">{m.notFound}</p>
        <Button asChild variant="outline">
          <Link to="/bicycles">Back to Bicycles</Link>
        </Button>
      </CardContent>
    </Card>
  );
}

/** A component's page: heading, back link, image, details, notes and service history. */
function ComponentView({
  component,
  actions,
  editForm,
  services,
}: {
  component: Component;
  actions: ReactNode;
  editForm?: ReactNode;
  services: ReactNode;
}) {
  const inPartsBin = component.bicycleId === null;
  const back = backLinkOf(component);
  const unit = useDistanceUnit();
  return (
    <div className="grid gap-6">
      <BackLink to={back.to}>{back.label}</BackLink>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="grid min-w-0 gap-1">
          <h1 className="text-2xl font-bold tracking-tight wrap-anywhere sm:text-3xl">{component.name}</h1>
          {inPartsBin ? (
            <p className="text-muted-foreground">{m.fromPartsBin}</p>
          ) : (
            <p className="wrap-anywhere text-muted-foreground">
              On{" "}
              <Link to={back.to} className="text-primary underline underline-offset-4">
                {component.bicycleName}
              </Link>
            </p>
          )}
        </div>
        <div className="flex shrink-0 flex-wrap gap-2">{actions}</div>
      </div>
      {editForm}
      <div className="grid items-start gap-6 md:grid-cols-3">
        {component.imageUrl ? (
          <div className="aspect-[4/3] overflow-hidden rounded-xl border">
            <img src={component.imageUrl} alt={component.name} className="h-full w-full object-cover" />
          </div>
        ) : (
          <NoImage wideFrom="md" icon={<Wrench className="size-8 md:size-10" aria-hidden="true" />} />
        )}
        <Card>
          <CardHeader>
            <CardTitle as="h2">Component Details</CardTitle>
          </CardHeader>
          <CardContent>
            <dl className="grid gap-3 text-sm">
              {(
                [
                  ["Type", component.type],
                  ["Brand", component.brand || "—"],
                  ["Current mileage", formatWear(component, unit)],
                  ["Service count", String(component.serviceCount)],
                  [`Cost per ${unit}`, formatCostPerDistance(component.costPerKm, unit)],
                ] as const
              ).map(([label, value]) => (
                <div key={label} className="flex justify-between gap-4 border-b pb-2 last:border-0">
                  <dt className="text-muted-foreground">{label}</dt>
                  <dd className="text-right font-medium wrap-anywhere">{value}</dd>
                </div>
              ))}
            </dl>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle as="h2">Notes</CardTitle>
          </CardHeader>
          <CardContent>
            <p className="text-sm whitespace-pre-line wrap-anywhere text-muted-foreground">
              {component.notes || "No notes"}
            </p>
          </CardContent>
        </Card>
      </div>
      {services}
    </div>
  );
}
