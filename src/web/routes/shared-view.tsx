import { Bike, ExternalLink } from "lucide-react";
import { useEffect } from "react";
import { Link, useParams } from "react-router";
import { Logo } from "@/components/layout/logo.tsx";
import { NoImage } from "@/components/no-image.tsx";
import { DetailSkeleton } from "@/components/skeletons.tsx";
import { Badge } from "@/components/ui/badge.tsx";
import { Button } from "@/components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card.tsx";
import { useSharedBike } from "@/features/shares/api.ts";
import { ApiError } from "@/lib/api-client.ts";
import { showError } from "@/lib/error-handler.ts";
import { usePageTitle } from "@/lib/use-page-title.ts";
import { formatCostPerDistance } from "../../shared/domain/costs.ts";
import { formatDistance } from "../../shared/domain/distance.ts";
import { SIGN_UP_PATH } from "../../shared/domain/routes.ts";
import { formatCost, formatDate, formatPrice } from "../../shared/format.ts";
import { messages } from "../../shared/messages.ts";
import type { SharedBikeView } from "../../shared/schemas/share.ts";

const m = messages.shares;

function isHttpUrl(text: string | null): text is string {
  if (!text) return false;
  try {
    const url = new URL(text);
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
}

/** /shared and /shared/{token}: a read-only bicycle for anyone with the link, outside the main layout. */
export function SharedViewPage() {
  const { token = "" } = useParams();
  const shared = useSharedBike(token);
  const missing = !token || (shared.error instanceof ApiError && shared.error.status === 404);
  usePageTitle(shared.data?.snapshot.bike.name ?? m.notFoundTitle);

  useEffect(() => {
    if (shared.isError && !missing) showError(shared.error, { fallback: m.loadSharedFailed });
  }, [shared.isError, shared.error, missing]);

  return (
    <div className="min-h-dvh">
      <header className="border-b">
        <div className="mx-auto flex h-14 max-w-4xl items-center justify-between px-4">
          <Logo />
          <Button asChild size="sm" variant="outline">
            <Link to={SIGN_UP_PATH}>Track your own bikes</Link>
          </Button>
        </div>
      </header>
      <main tabIndex={-1} className="mx-auto outline-none grid max-w-4xl gap-6 px-4 py-8">
        {missing || shared.isError ? (
          <Card className="mx-auto w-full max-w-lg text-center">
            <CardHeader>
              <CardTitle className="text-xl">{m.notFoundTitle}</CardTitle>
            </CardHeader>
            <CardContent className="grid justify-items-center gap-4">
              <p className="text-muted-foreground">{m.notFoundText}</p>
              <Button asChild variant="outline">
                <Link to="/">Go to Velolog</Link>
              </Button>
            </CardContent>
          </Card>
        ) : shared.isPending ? (
          <DetailSkeleton label="Loading shared bicycle..." />
        ) : (
          <SharedBike view={shared.data} />
        )}
      </main>
    </div>
  );
}

/** A snapshot's items have no ids and never change order: their position is their identity. */
function withPositions<T>(items: T[], prefix: string): (T & { key: string })[] {
  return items.map((item, position) => ({ ...item, key: `${prefix}-${position}` }));
}

function SharedBike({ view }: { view: SharedBikeView }) {
  const { bike } = view.snapshot;
  const components = withPositions(view.snapshot.components, "component");
  const services = withPositions(view.snapshot.services, "service");
  const costsShared = services.some((s) => s.cost !== undefined);
  // Price and serial number are in the snapshot only when the owner chose to share them.
  const details: [label: string, value: string][] = [
    ["Purchase date", bike.purchaseDate ? formatDate(bike.purchaseDate) : "—"],
    ...(bike.price !== undefined
      ? [["Price", bike.price !== null ? formatPrice(bike.price) : "—"] as [string, string]]
      : []),
    [
      "Condition",
      bike.purchaseCondition === "new" ? "New" : bike.purchaseCondition === "used" ? "Used" : "—",
    ],
    ["Store", bike.storeName || "—"],
    // Cost per distance, like the price, only in a link made with costs.
    ...(bike.costPerKm !== undefined
      ? [
          [
            `Cost per ${view.snapshot.distanceUnit}`,
            formatCostPerDistance(bike.costPerKm, view.snapshot.distanceUnit),
          ] as [string, string],
        ]
      : []),
    ...(bike.serialNumber !== undefined
      ? [["Serial number", bike.serialNumber || "—"] as [string, string]]
      : []),
  ];
  return (
    <>
      <div className="grid gap-2">
        <p className="text-sm text-muted-foreground">Shared bicycle · {formatDate(view.createdAt)}</p>
        <h1 className="text-2xl font-bold tracking-tight wrap-anywhere sm:text-3xl">{bike.name}</h1>
        {bike.description ? (
          <p className="whitespace-pre-line wrap-anywhere text-muted-foreground">{bike.description}</p>
        ) : null}
      </div>
      <div className="grid items-start gap-6 md:grid-cols-2">
        {bike.imageUrl ? (
          <div className="aspect-[4/3] overflow-hidden rounded-xl border">
            <img src={bike.imageUrl} alt={bike.name} className="h-full w-full object-cover" />
          </div>
        ) : (
          <NoImage wideFrom="md" icon={<Bike className="size-8 md:size-12" aria-hidden="true" />} />
        )}
        <Card>
          <CardHeader>
            <CardTitle as="h2">Details</CardTitle>
          </CardHeader>
          <CardContent>
            <dl className="grid gap-3 text-sm">
              {details.map(([label, value]) => (
                <div key={label} className="flex justify-between gap-4 border-b pb-2 last:border-0">
                  <dt className="text-muted-foreground">{label}</dt>
                  <dd className="text-right font-medium wrap-anywhere">{value}</dd>
                </div>
              ))}
            </dl>
            {isHttpUrl(bike.storeLink) ? (
              <Button asChild variant="outline" size="sm" className="mt-4">
                <a href={bike.storeLink} target="_blank" rel="noopener noreferrer nofollow">
                  View Original Listing <ExternalLink aria-hidden="true" />
                </a>
              </Button>
            ) : null}
          </CardContent>
        </Card>
      </div>
      {view.notes ? (
        <Card>
          <CardHeader>
            <CardTitle as="h2">Notes</CardTitle>
          </CardHeader>
          <CardContent>
            <p className="whitespace-pre-line wrap-anywhere">{view.notes}</p>
          </CardContent>
        </Card>
      ) : null}
      <Card>
        <CardHeader>
          <CardTitle as="h2">Components</CardTitle>
        </CardHeader>
        <CardContent>
          {components.length === 0 ? (
            <p className="text-muted-foreground">{messages.components.empty}</p>
          ) : (
            <ul className="grid gap-3" aria-label="Components">
              {components.map((c) => (
                <li key={c.key} className="flex gap-3 rounded-lg border p-3">
                  {c.imageUrl ? (
                    <img
                      src={c.imageUrl}
                      alt={c.name}
                      className="size-16 shrink-0 rounded-md border object-cover"
                    />
                  ) : null}
                  <div className="grid min-w-0 gap-1">
                    <div className="flex flex-wrap items-center gap-2">
                      <span className="font-medium wrap-anywhere">{c.name}</span>
                      <Badge variant="secondary">{c.type}</Badge>
                    </div>
                    <p className="text-sm text-muted-foreground">
                      {[
                        c.brand,
                        formatDistance(c.mileage, view.snapshot.distanceUnit),
                        c.costPerKm == null
                          ? null
                          : formatCostPerDistance(c.costPerKm, view.snapshot.distanceUnit),
                      ]
                        .filter(Boolean)
                        .join(" · ")}
                    </p>
                    {c.notes ? <p className="text-sm whitespace-pre-line wrap-anywhere">{c.notes}</p> : null}
                  </div>
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle as="h2">Service History</CardTitle>
        </CardHeader>
        <CardContent>
          {services.length === 0 ? (
            <p className="text-muted-foreground">{messages.services.empty}</p>
          ) : (
            <ul className="grid gap-2" aria-label="Service history">
              {services.map((s) => (
                <li key={s.key} className="flex flex-wrap justify-between gap-2 border-b pb-2 last:border-0">
                  <div className="grid gap-0.5">
                    <span className="wrap-anywhere">{s.description}</span>
                    <span className="text-xs text-muted-foreground">
                      {s.componentName} · {formatDate(s.date)}
                    </span>
                  </div>
                  {costsShared && s.cost !== undefined ? (
                    <span className="tabular-nums">{formatCost(s.cost)}</span>
                  ) : null}
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
    </>
  );
}
