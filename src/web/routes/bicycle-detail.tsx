import { Bike, Camera, ExternalLink, FileText, Globe, Plus, Share2 } from "lucide-react";
import { lazy, type ReactNode, Suspense, useDeferredValue, useEffect, useState } from "react";
import { Navigate, useParams, useSearchParams } from "react-router";
import { BackLink } from "@/components/back-link.tsx";
import { DisabledHint } from "@/components/disabled-hint.tsx";
import { LoadFailed } from "@/components/load-failed.tsx";
import { NoImage } from "@/components/no-image.tsx";
import { SignInToSee } from "@/components/sign-in-to-see.tsx";
import { DetailSkeleton, ListSkeleton } from "@/components/skeletons.tsx";
import { Button } from "@/components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card.tsx";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs.tsx";
import { useSession } from "@/features/auth/api.ts";
import { useBicycle } from "@/features/bicycles/api.ts";
import { BicycleImage } from "@/features/bicycles/components/bicycle-card.tsx";
import { BicycleMoreActions } from "@/features/bicycles/components/bicycle-more-actions.tsx";
import {
  EditBicycleDialog,
  useEditBicycleDialog,
} from "@/features/bicycles/components/edit-bicycle-dialog.tsx";
import { SetupChecklist, setupProgress } from "@/features/bicycles/components/setup-checklist.tsx";
import {
  BicycleComponents,
  type ComponentFormState,
  DemoBicycleComponents,
} from "@/features/components/components/bicycle-components.tsx";
import { useDemo } from "@/features/demo/api.ts";
import { ShareDialog } from "@/features/shares/components/share-dialog.tsx";
import { isMissing } from "@/lib/api-client.ts";
import { showError } from "@/lib/error-handler.ts";
import { useDistanceUnit } from "@/lib/settings.ts";
import { usePageTitle } from "@/lib/use-page-title.ts";
import { formatCostPerDistance } from "../../shared/domain/costs.ts";
import { formatWear } from "../../shared/domain/distance.ts";
import { formatCost, formatDate, formatPrice } from "../../shared/format.ts";
import { messages } from "../../shared/messages.ts";
import type { Bicycle } from "../../shared/schemas/bicycle.ts";

// What the first paint does not show loads after it (docs/decisions/0046-code-splitting.md): the other
// tabs and the import panels below the components are chunks of their own.
const ImportTextPanel = lazy(async () => ({
  default: (await import("@/features/import/components/import-text-panel.tsx")).ImportTextPanel,
}));
const ImportUrlPanel = lazy(async () => ({
  default: (await import("@/features/import/components/import-url-panel.tsx")).ImportUrlPanel,
}));
const loadRides = () => import("@/features/rides/components/bicycle-rides.tsx");
const BicycleRides = lazy(async () => ({ default: (await loadRides()).BicycleRides }));
const RidesList = lazy(async () => ({ default: (await loadRides()).RidesList }));
const loadServices = () => import("@/features/services/components/recent-services.tsx");
const RecentServices = lazy(async () => ({ default: (await loadServices()).RecentServices }));
const RecentServicesList = lazy(async () => ({ default: (await loadServices()).RecentServicesList }));

export function BicycleDetailPage() {
  const { bicycleId = "" } = useParams();
  const { data: session } = useSession();
  if (!session) return <DemoBicycle id={bicycleId} />;
  // Keyed: another bicycle's page starts afresh, never showing the previous one's deferred data.
  return <OwnBicycle key={bicycleId} id={bicycleId} />;
}

function DemoBicycle({ id }: { id: string }) {
  const demo = useDemo();
  const bicycle = demo.data?.bicycle(id);
  usePageTitle(bicycle?.name ?? "Demo bicycle");
  if (demo.isPending) {
    return <DetailSkeleton label="Loading bicycle..." />;
  }
  if (!bicycle || !demo.data) return <SignInToSee />;
  return (
    <BicycleView
      bicycle={bicycle}
      actions={
        <DisabledHint hint={messages.shares.signUpToShare}>
          <Button variant="outline" aria-disabled="true">
            <Share2 aria-hidden="true" /> Share
          </Button>
        </DisabledHint>
      }
      components={
        <DemoBicycleComponents
          bicycleId={bicycle.id}
          components={demo.data.componentsOf(bicycle.id)}
          intervals={demo.data.intervals}
        />
      }
      services={
        <RecentServicesList bicycleId={bicycle.id} services={demo.data.servicesOfBicycle(bicycle.id)} />
      }
      rides={<RidesList page={demo.data.ridesOfBicycle(bicycle.id)} />}
    />
  );
}

function OwnBicycle({ id }: { id: string }) {
  const bicycle = useBicycle(id);
  // A query's answer arrives as a store update, which React renders at once, in one long task; the page
  // renders from a deferred copy instead, in short slices that leave the browser responsive (decision 0052).
  const data = useDeferredValue(bicycle.data);
  usePageTitle(data?.name ?? "Bicycle");
  // The tab is in the address (?tab=rides, ?tab=services): a link can open it, a reload keeps it.
  const [searchParams, setSearchParams] = useSearchParams();
  const asked = searchParams.get("tab");
  const tab = asked === "services" || asked === "rides" ? asked : "components";
  const setTab = (next: string) =>
    setSearchParams(next === "components" ? {} : { tab: next }, { replace: true });
  const [componentForm, setComponentForm] = useState<ComponentFormState>({ mode: "closed" });
  // Which import panel is open, and whether the checklist opened it (then the panel scrolls into view
  // and takes the keyboard) or its own header did.
  const [openImport, setOpenImport] = useState<{ panel: "text" | "url"; fromChecklist: boolean } | null>(
    null,
  );
  const edit = useEditBicycleDialog();

  useEffect(() => {
    if (bicycle.isError) showError(bicycle.error, { fallback: messages.bicycles.detailsFailed });
  }, [bicycle.isError, bicycle.error]);

  // A bicycle that is not there (or not the rider's) leads back to the list; a failed read stays, to try again.
  if (bicycle.isError && isMissing(bicycle.error)) {
    return <Navigate to="/bicycles" replace />;
  }
  if (bicycle.isError) {
    return <LoadFailed title={messages.bicycles.detailsFailed} onRetry={() => void bicycle.refetch()} />;
  }
  if (!data) {
    return <DetailSkeleton label="Loading bicycle..." />;
  }
  const importTarget = { id: data.id, name: data.name };
  /** Shows the Components tab with `targetId` opened, scrolled into view once rendered. */
  const reveal = (targetId: string) => {
    setTab("components");
    requestAnimationFrame(() =>
      document.getElementById(targetId)?.scrollIntoView({ behavior: "smooth", block: "start" }),
    );
  };
  const openPanel = (panel: "text" | "url") => {
    setTab("components");
    setOpenImport({ panel, fromChecklist: true });
  };
  const importOpenState = (panel: "text" | "url") => ({
    open: openImport?.panel === panel,
    revealOnOpen: openImport?.panel === panel && openImport.fromChecklist,
    onOpenChange: (open: boolean) => setOpenImport(open ? { panel, fromChecklist: false } : null),
  });
  return (
    <BicycleView
      bicycle={data}
      actions={
        <>
          <ShareDialog bicycleId={data.id} bicycleName={data.name} />
          <EditBicycleDialog bicycle={data} {...edit.dialog} />
          <BicycleMoreActions bicycle={data} />
        </>
      }
      checklist={
        setupProgress(data).complete ? null : (
          <SetupChecklist
            bicycle={data}
            addComponents={
              <Button
                size="sm"
                variant="outline"
                onClick={() => {
                  setComponentForm({ mode: "add" });
                  reveal("bicycle-components");
                }}
              >
                <Plus aria-hidden="true" /> Add a component
              </Button>
            }
            importComponents={
              <>
                <Button size="sm" variant="outline" onClick={() => openPanel("text")}>
                  <FileText aria-hidden="true" /> Paste a spec sheet
                </Button>
                <Button size="sm" variant="outline" onClick={() => openPanel("url")}>
                  <Globe aria-hidden="true" /> Maker's page
                </Button>
              </>
            }
            addPhoto={
              <Button ref={edit.photoButton} size="sm" variant="outline" onClick={edit.openForPhoto}>
                <Camera aria-hidden="true" /> Add a photo
              </Button>
            }
          />
        )
      }
      tab={tab}
      onTabChange={setTab}
      components={
        <div className="grid gap-4">
          <div id="bicycle-components">
            <BicycleComponents bicycleId={data.id} formState={[componentForm, setComponentForm]} />
          </div>
          <Suspense fallback={null}>
            <div className="grid min-w-0 gap-4">
              <ImportTextPanel bicycle={importTarget} openState={importOpenState("text")} />
              <ImportUrlPanel bicycle={importTarget} openState={importOpenState("url")} />
            </div>
          </Suspense>
        </div>
      }
      services={<RecentServices bicycleId={data.id} />}
      rides={<BicycleRides bicycleId={data.id} />}
    />
  );
}

/** A bicycle's page; the owner's gets Edit and Delete, the demo's none (SPEC.md: only with a session). */
function BicycleView({
  bicycle,
  actions,
  checklist,
  tab,
  onTabChange,
  components,
  services,
  rides,
}: {
  bicycle: Bicycle;
  actions?: ReactNode;
  /** The owner's set-up steps for a new bicycle, above its photo and details. */
  checklist?: ReactNode;
  tab?: string;
  onTabChange?: (tab: string) => void;
  components: ReactNode;
  services: ReactNode;
  rides: ReactNode;
}) {
  return (
    <div className="grid gap-6">
      <BackLink to="/bicycles">Back to Bicycles</BackLink>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="grid min-w-0 gap-2">
          <h1 className="text-2xl font-bold tracking-tight wrap-anywhere sm:text-3xl">{bicycle.name}</h1>
          <p className="whitespace-pre-line wrap-anywhere text-muted-foreground">
            {bicycle.description || "No description"}
          </p>
        </div>
        {actions ? <div className="flex shrink-0 gap-2">{actions}</div> : null}
      </div>
      {checklist}
      {/* items-start: the details card keeps its own height beside a taller photo. */}
      <div className="grid items-start gap-6 lg:grid-cols-[3fr_2fr]">
        {bicycle.imageUrl ? (
          <div className="aspect-[4/3] overflow-hidden rounded-xl border">
            <BicycleImage bicycle={bicycle} />
          </div>
        ) : (
          <NoImage icon={<Bike className="size-8 lg:size-12" aria-hidden="true" />} />
        )}
        <BicycleDetailsCard bicycle={bicycle} />
      </div>
      <Tabs defaultValue="components" value={tab} onValueChange={onTabChange}>
        <TabsList>
          <TabsTrigger value="components">Components</TabsTrigger>
          <TabsTrigger value="services">Recent Services</TabsTrigger>
          <TabsTrigger value="rides">Rides</TabsTrigger>
        </TabsList>
        <TabsContent value="components" className="pt-4">
          {components}
        </TabsContent>
        <TabsContent value="services" className="pt-4">
          <Suspense fallback={<ListSkeleton label="Loading service entries..." />}>{services}</Suspense>
        </TabsContent>
        <TabsContent value="rides" className="pt-4">
          <Suspense fallback={<ListSkeleton label="Loading rides..." />}>{rides}</Suspense>
        </TabsContent>
      </Tabs>
    </div>
  );
}

function BicycleDetailsCard({ bicycle }: { bicycle: Bicycle }) {
  const unit = useDistanceUnit();
  const rows: [string, ReactNode][] = [
    ["Purchase date", bicycle.purchaseDate ? formatDate(bicycle.purchaseDate) : "—"],
    ["Price", bicycle.price !== null ? formatPrice(bicycle.price) : "—"],
    [
      "Condition",
      bicycle.purchaseCondition === "new" ? "New" : bicycle.purchaseCondition === "used" ? "Used" : "—",
    ],
    ["Store", bicycle.storeName || "—"],
    ["Serial number", bicycle.serialNumber || "—"],
    [
      "Store website",
      bicycle.storeLink ? (
        <a
          key="store-link"
          href={bicycle.storeLink}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex items-center gap-1 break-all text-primary hover:underline"
        >
          {new URL(bicycle.storeLink).hostname}
          <ExternalLink className="size-3" aria-hidden="true" />
        </a>
      ) : (
        "—"
      ),
    ],
    ["Components", String(bicycle.componentCount)],
    ["Ridden", formatWear({ distance: bicycle.distanceKm, movingSeconds: bicycle.movingSeconds }, unit)],
    ["Service costs", formatCost(bicycle.serviceCost)],
    [`Cost per ${unit}`, formatCostPerDistance(bicycle.costPerKm, unit)],
    ["Added", formatDate(bicycle.createdAt)],
  ];
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Details</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-3 text-sm">
          {rows.map(([label, value]) => (
            <div key={label} className="flex justify-between gap-4 border-b pb-2 last:border-0">
              <dt className="text-muted-foreground">{label}</dt>
              <dd className="text-right font-medium wrap-anywhere">{value}</dd>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}
