import { Pencil, Plus, Trash2 } from "lucide-react";
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { ConfirmDialog } from "@/components/confirm-dialog.tsx";
import { LoadFailed } from "@/components/load-failed.tsx";
import { LinesSkeleton } from "@/components/skeletons.tsx";
import { Button } from "@/components/ui/button.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog.tsx";
import { showError } from "@/lib/error-handler.ts";
import { focusAfterRemoving, removingItem } from "@/lib/focus.ts";
import { useDistanceUnit } from "@/lib/settings.ts";
import { toast } from "@/lib/toaster.ts";
import {
  type DistanceUnit,
  formatDistance,
  formatElevation,
  formatHours,
} from "../../../../shared/domain/distance.ts";
import { messages } from "../../../../shared/messages.ts";
import type { Ride, RidesPage, RideTotals } from "../../../../shared/schemas/ride.ts";
import { useBicycleRides, useDeleteRide, useSaveRide } from "../api.ts";
import { RideFileImport } from "./ride-file-import.tsx";

// The form (react-hook-form and its schema) loads when Add Ride or Edit is first pressed.
const RideForm = lazy(async () => ({ default: (await import("./ride-form.tsx")).RideForm }));

const m = messages.rides;

// Made on first use: creating a date format loads the browser's locale data (decision 0054), which the page
// should not pay for when it loads this module without showing a ride.
let dateTime: Intl.DateTimeFormat | undefined;
function formatStart(startedAt: string): string {
  dateTime ??= new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short" });
  return dateTime.format(new Date(startedAt));
}

/** A ride as its buttons name it: "Morning Ride, May 5, 2024, 7:02 AM". */
const rideLabel = (ride: Ride) => `${ride.name}, ${formatStart(ride.startedAt)}`;

function describeTotals(totals: RideTotals, unit: DistanceUnit): string {
  return [
    `${totals.rides} ${totals.rides === 1 ? "ride" : "rides"}`,
    formatDistance(totals.distanceKm, unit),
    formatHours(totals.movingSeconds),
  ]
    .filter(Boolean)
    .join(" · ");
}

/** The Rides tab of the owner's bicycle page: totals, rides newest first a page at a time, add, edit, delete. */
export function BicycleRides({ bicycleId }: { bicycleId: string }) {
  const [page, setPage] = useState(1);
  const rides = useBicycleRides(bicycleId, page);
  const save = useSaveRide(bicycleId);
  const remove = useDeleteRide();
  const [editing, setEditing] = useState<Ride | "new" | null>(null);
  // A page past the last (its last ride deleted, here or elsewhere) shows the last one, not an empty list.
  const pageCount = rides.isPlaceholderData ? undefined : rides.data?.pageCount;
  useEffect(() => {
    if (pageCount !== undefined && page > pageCount) setPage(pageCount);
  }, [page, pageCount]);
  const [deleting, setDeleting] = useState<Ride | null>(null);
  // The dialogs open from state, not from a trigger of Radix's: they give focus back to the opening button,
  // or, once its ride has left the list (deleted, or moved to another bicycle), to the next ride's.
  const opener = useRef<HTMLElement | null>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const open = (value: Ride | "new") => (event: React.MouseEvent<HTMLElement>) => {
    opener.current = event.currentTarget;
    setEditing(value);
  };

  const addButtonElement = (
    <Button ref={addButton} onClick={open("new")}>
      <Plus aria-hidden="true" /> Add Ride
    </Button>
  );
  let body: React.ReactNode;
  if (rides.isPending) {
    body = (
      <div role="status" aria-label="Loading rides" className="grid gap-3">
        {[0, 1, 2].map((i) => (
          <div key={i} className="h-16 animate-pulse rounded-lg border bg-muted" />
        ))}
      </div>
    );
  } else if (rides.isError) {
    body = <LoadFailed title={m.loadFailed} onRetry={() => void rides.refetch()} />;
  } else {
    body = (
      <RidesList
        page={rides.data}
        onPage={setPage}
        actions={(ride) => (
          <div className="flex gap-1">
            {/* With its start: Strava names most rides "Morning Ride", and a screen reader lists the buttons alone. */}
            <Button variant="ghost" size="icon" aria-label={`Edit ${rideLabel(ride)}`} onClick={open(ride)}>
              <Pencil aria-hidden="true" />
            </Button>
            <Button
              variant="ghost"
              size="icon"
              aria-label={`Delete ${rideLabel(ride)}`}
              onClick={(event) => {
                opener.current = event.currentTarget;
                setDeleting(ride);
              }}
            >
              <Trash2 aria-hidden="true" />
            </Button>
          </div>
        )}
      />
    );
  }

  return (
    <section aria-label="Rides" className="grid gap-4">
      <RideFileImport bicycleId={bicycleId} />
      <div className="flex justify-end">{addButtonElement}</div>
      {body}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete this ride?"
        description={`"${deleting?.name ?? ""}" and its distance leave this bicycle and its components' wear.${
          deleting?.source === "strava" ? ` ${messages.strava.deleteRide}` : ""
        }`}
        confirmLabel="Delete"
        pendingLabel="Deleting..."
        returnFocusTo={opener}
        onConfirm={async () => {
          if (!deleting) return;
          try {
            await removingItem(opener, addButton.current, () => remove.mutateAsync(deleting.id));
          } catch (error) {
            showError(error, { fallback: m.saveFailed });
            throw error;
          }
          toast.success(m.deleted);
        }}
      />
      <Dialog open={editing !== null} onOpenChange={(open) => (open ? null : setEditing(null))}>
        <DialogContent
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            opener.current?.focus();
          }}
        >
          <DialogHeader>
            <DialogTitle>{editing === "new" ? "Add Ride" : "Edit Ride"}</DialogTitle>
            <DialogDescription>
              Every component on the ride's bicycle at the time wears by this ride.
            </DialogDescription>
          </DialogHeader>
          {editing !== null ? (
            <Suspense fallback={<LinesSkeleton label="Loading form..." />}>
              <RideForm
                {...(editing === "new" ? {} : { ride: editing })}
                onCancel={() => setEditing(null)}
                onSave={async (input, changes) => {
                  const next = focusAfterRemoving(opener.current, addButton.current);
                  let saved: Ride;
                  try {
                    saved = await save.mutateAsync(
                      editing === "new" ? { id: null, input } : { id: editing.id, input: changes },
                    );
                  } catch (error) {
                    if (!(error instanceof Error && "fields" in error && error.fields))
                      showError(error, { fallback: m.saveFailed });
                    throw error;
                  }
                  // Moved: it leaves this tab, so the toast says where it went.
                  if (editing === "new") toast.success(m.added);
                  else if (saved.bicycleId !== bicycleId) {
                    opener.current = next;
                    toast.success(m.movedTo(saved.bicycleName));
                  } else toast.success(m.updated);
                  setEditing(null);
                }}
              />
            </Suspense>
          ) : null}
        </DialogContent>
      </Dialog>
    </section>
  );
}

/** Where a ride came from, beside its figures (nothing for one added by hand). */
const SOURCE_LABELS: Record<Ride["source"], string> = {
  manual: "",
  file: "from a file",
  strava: "from Strava",
};

/** Rides with their totals, newest first, a page at a time; `actions` adds the owner's buttons to each. */
export function RidesList({
  page,
  onPage,
  actions,
  showBicycle = false,
}: {
  page: RidesPage;
  onPage?: (page: number) => void;
  actions?: (ride: Ride) => React.ReactNode;
  /** On the Rides page: each ride names its bicycle, with a link. */
  showBicycle?: boolean;
}) {
  const unit = useDistanceUnit();
  if (page.totals.rides === 0) {
    return <p className="rounded-lg border border-dashed p-8 text-center text-muted-foreground">{m.empty}</p>;
  }
  return (
    <div className="grid gap-4">
      <div className="grid gap-1 rounded-lg border bg-card p-4">
        <p className="font-medium">{describeTotals(page.totals, unit)}</p>
        <ul
          aria-label="Totals per year"
          className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted-foreground"
        >
          {page.byYear.map((year) => (
            <li key={year.year}>
              <span className="font-medium text-foreground">{year.year}</span>: {describeTotals(year, unit)}
            </li>
          ))}
        </ul>
        {showBicycle && page.byBicycle.length > 1 ? (
          <ul
            aria-label="Totals per bicycle"
            className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted-foreground"
          >
            {page.byBicycle.map((bicycle) => (
              <li key={bicycle.bicycleId} className="wrap-anywhere">
                <Link
                  to={`/bicycles/${bicycle.bicycleId}?tab=rides`}
                  className="font-medium text-foreground hover:underline"
                >
                  {bicycle.bicycleName}
                </Link>
                : {describeTotals(bicycle, unit)}
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      <ul className="grid gap-3" aria-label="Rides">
        {page.rides.map((ride) => (
          <li
            key={ride.id}
            className="flex flex-wrap items-center justify-between gap-2 rounded-lg border bg-card p-4"
          >
            <div className="grid min-w-0 gap-1">
              {/* A name taken from a file name can be one long word: it wraps anywhere rather than widen the page. */}
              <p className="font-medium wrap-anywhere">
                {ride.name}
                {showBicycle ? (
                  <>
                    {" "}
                    <span className="font-normal text-muted-foreground">on</span>{" "}
                    <Link to={`/bicycles/${ride.bicycleId}`} className="font-normal hover:underline">
                      {ride.bicycleName}
                    </Link>
                  </>
                ) : null}
              </p>
              <p className="text-sm text-muted-foreground">
                {[
                  formatStart(ride.startedAt),
                  formatDistance(ride.distanceKm, unit),
                  formatHours(ride.movingSeconds),
                  ride.elevationGainM === null ? "" : `${formatElevation(ride.elevationGainM, unit)} climbed`,
                  SOURCE_LABELS[ride.source],
                ]
                  .filter(Boolean)
                  .join(" · ")}
              </p>
            </div>
            {actions?.(ride)}
          </li>
        ))}
      </ul>
      {page.pageCount > 1 && onPage ? (
        // aria-disabled, not disabled: a disabled button drops the keyboard's focus to the page's start when
        // Older reaches the last page; the page reached is announced.
        <nav aria-label="Pages of rides" className="flex items-center justify-between gap-2">
          <Button
            variant="outline"
            aria-disabled={page.page <= 1}
            onClick={() => (page.page > 1 ? onPage(page.page - 1) : undefined)}
          >
            Newer
          </Button>
          <span className="text-sm text-muted-foreground" aria-live="polite">
            Page {page.page} of {page.pageCount}
          </span>
          <Button
            variant="outline"
            aria-disabled={page.page >= page.pageCount}
            onClick={() => (page.page < page.pageCount ? onPage(page.page + 1) : undefined)}
          >
            Older
          </Button>
        </nav>
      ) : null}
    </div>
  );
}
