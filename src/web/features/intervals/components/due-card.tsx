import { CalendarClock } from "lucide-react";
import { type ReactNode, type RefObject, useRef, useState } from "react";
import { Link } from "react-router";
import { LoadFailed } from "@/components/load-failed.tsx";
import { LinesSkeleton } from "@/components/skeletons.tsx";
import { Button } from "@/components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card.tsx";
import { Label } from "@/components/ui/label.tsx";
import { NativeSelect } from "@/components/ui/native-select.tsx";
import { useDistanceUnit } from "@/lib/settings.ts";
import { CHAIN_REPLACE_KM } from "../../../../shared/domain/chain-interval.ts";
import { type DistanceUnit, formatDistance } from "../../../../shared/domain/distance.ts";
import { describeUsage } from "../../../../shared/interval-wording.ts";
import { messages } from "../../../../shared/messages.ts";
import type { Bicycle } from "../../../../shared/schemas/bicycle.ts";
import type { ServiceInterval } from "../../../../shared/schemas/service-interval.ts";
import { useApplyDefaults, useDueIntervals } from "../api.ts";
import { IntervalBadge, WearBar } from "./interval-status.tsx";

/** The suggested chain interval (3,000 km), named in the card's example in the user's unit. */

/** What GET /api/intervals/due answers: the overdue and due-soon intervals, and how many there are in all. */
type DueIntervals = { intervals: ServiceInterval[]; total: number };

const componentLink = (bicycleId: string | null, componentId: string) =>
  bicycleId ? `/bicycles/${bicycleId}/components/${componentId}` : `/parts-bin/components/${componentId}`;

/** First on the dashboard: what needs doing, overdue first; set-up in one click when nothing is set. */
export function DueCard({ bicycles }: { bicycles: Bicycle[] | undefined }) {
  const unit = useDistanceUnit();
  const due = useDueIntervals();
  const title = useRef<HTMLHeadingElement>(null);
  return (
    <DueFrame title={title}>
      {/* With nothing set, what it offers depends on the bicycles, which the dashboard may still be loading. */}
      {due.isPending || (due.data?.total === 0 && !bicycles) ? (
        <LinesSkeleton label="Loading what is due..." lines={2} />
      ) : due.isError ? (
        <LoadFailed title="Failed to load what is due." onRetry={() => void due.refetch()} />
      ) : due.data.total === 0 ? (
        <NoIntervals bicycles={bicycles ?? []} unit={unit} title={title} />
      ) : (
        <DueList due={due.data} unit={unit} />
      )}
    </DueFrame>
  );
}

/** The demo dashboard's Due card: the demo's intervals as of today. */
export function DemoDueCard({ due }: { due: DueIntervals }) {
  const unit = useDistanceUnit();
  return (
    <DueFrame>
      <DueList due={due} unit={unit} />
    </DueFrame>
  );
}

function DueFrame({
  children,
  title,
}: {
  children: ReactNode;
  title?: RefObject<HTMLHeadingElement | null>;
}) {
  return (
    <Card aria-labelledby="due-title">
      <CardHeader className="flex flex-row items-center justify-between gap-2">
        <div className="grid gap-1">
          {/* Focused once suggested intervals are applied (the button that was pressed is gone), with the
              browser's focus ring for the keyboard, as the page title that takes the focus has it. */}
          <CardTitle as="h2" id="due-title" tabIndex={-1} ref={title}>
            Due
          </CardTitle>
          <CardDescription>Service intervals that are overdue or due soon.</CardDescription>
        </div>
        <CalendarClock className="size-5 text-muted-foreground" aria-hidden="true" />
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

function DueList({ due, unit }: { due: DueIntervals; unit: DistanceUnit }) {
  if (due.intervals.length === 0) {
    return <p className="text-sm text-muted-foreground">{messages.intervals.noneDue(due.total)}</p>;
  }
  return (
    <ul aria-label="Due intervals" className="grid gap-3">
      {due.intervals.map((interval) => (
        <li key={interval.id} className="grid gap-1.5 rounded-lg border p-3">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <Link
              to={componentLink(interval.bicycleId, interval.componentId)}
              className="min-w-0 font-medium hover:underline"
            >
              {interval.componentName}: {interval.label}
            </Link>
            <IntervalBadge state={interval.status.state} />
          </div>
          <WearBar
            state={interval.status.state}
            usedFraction={interval.status.usedFraction}
            label={`${interval.componentName}: ${interval.label} used`}
          />
          <p className="text-sm text-muted-foreground">
            {[interval.bicycleName ?? "Parts bin", ...describeUsage(interval, unit)].join(" · ")}
          </p>
        </li>
      ))}
    </ul>
  );
}

function NoIntervals({
  bicycles,
  unit,
  title,
}: {
  bicycles: Bicycle[];
  unit: DistanceUnit;
  title: RefObject<HTMLHeadingElement | null>;
}) {
  const apply = useApplyDefaults();
  // The rider's choice, else the first bicycle: derived on each render, since the list may arrive after
  // this card first shows (the dashboard's figures and the due list load separately).
  const [chosenId, setBicycleId] = useState<string | null>(null);
  const bicycleId = chosenId ?? bicycles[0]?.id ?? "";
  if (bicycles.length === 0) {
    // A new rider's first screen: the way to start is at the top, also on a phone.
    return (
      <div className="grid justify-items-start gap-3 text-sm">
        <p className="text-muted-foreground">Add a bicycle and its components to track service intervals.</p>
        <Button asChild size="sm">
          <Link to="/bicycles?add">Add a bicycle</Link>
        </Button>
      </div>
    );
  }
  return (
    <div className="grid gap-3 text-sm">
      <p className="text-muted-foreground">
        No service intervals yet. Apply the suggested intervals (chain every{" "}
        {formatDistance(CHAIN_REPLACE_KM, unit)}, fork lowers every 50 hours, brake fluid every 12 months and
        more) to a bicycle's components; you can change them on each component.
      </p>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
        {bicycles.length > 1 ? (
          <div className="grid gap-1.5">
            <Label htmlFor="defaults-bicycle">Bicycle</Label>
            <NativeSelect
              id="defaults-bicycle"
              value={bicycleId}
              onChange={(e) => setBicycleId(e.target.value)}
            >
              {bicycles.map((bicycle) => (
                <option key={bicycle.id} value={bicycle.id}>
                  {bicycle.name}
                </option>
              ))}
            </NativeSelect>
          </div>
        ) : null}
        <Button
          // A long bicycle name wraps instead of widening the page.
          className="h-auto min-h-9 whitespace-normal wrap-anywhere py-2 text-left"
          disabled={apply.isPending || !bicycleId}
          onClick={() =>
            // The list replaces this button (unmounted before a mutate's own onSuccess would run): the
            // keyboard goes on from the card's title. A failure is shown by useApplyDefaults.
            apply.mutateAsync(bicycleId).then(
              ({ added }) => (added > 0 ? title.current?.focus() : undefined),
              () => {},
            )
          }
        >
          {apply.isPending
            ? "Applying..."
            : `Apply suggested intervals${bicycles.length === 1 ? ` to ${bicycles[0]!.name}` : ""}`}
        </Button>
      </div>
    </div>
  );
}
