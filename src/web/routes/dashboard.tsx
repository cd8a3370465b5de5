import { useDeferredValue, useEffect } from "react";
import { PageHeader } from "@/components/page-header.tsx";
import { DashboardSkeleton } from "@/components/skeletons.tsx";
import { useSession } from "@/features/auth/api.ts";
import { SpendingCard } from "@/features/costs/components/spending-card.tsx";
import { emptyDashboard, useDashboard } from "@/features/dashboard/api.ts";
import { DashboardView } from "@/features/dashboard/components/dashboard-view.tsx";
import { useDemo } from "@/features/demo/api.ts";
import { DemoBanner } from "@/features/demo/components/demo-banner.tsx";
import { DemoDueCard, DueCard } from "@/features/intervals/components/due-card.tsx";
import { showError } from "@/lib/error-handler.ts";
import { usePageTitle } from "@/lib/use-page-title.ts";

const LOADING = "Loading dashboard data...";

export function DashboardPage() {
  usePageTitle("Dashboard");
  const { data: session } = useSession();
  return (
    <>
      <PageHeader title="Dashboard" description="Your bicycles, components and spending at a glance." />
      {session ? <OwnDashboard /> : <DemoDashboard />}
    </>
  );
}

function OwnDashboard() {
  const dashboard = useDashboard();
  // Rendered from a deferred copy, in short slices rather than one long task (decision 0052).
  const data = useDeferredValue(dashboard.data);
  useEffect(() => {
    if (dashboard.isError) showError(dashboard.error, { fallback: "Error fetching dashboard data" });
  }, [dashboard.isError, dashboard.error]);
  // Until the figures arrive the page shows placeholders; if they fail, zeros (SPEC.md section 8).
  const stats = data ?? (dashboard.isError ? emptyDashboard : undefined);
  return (
    // One column whose items may shrink below their content (a wide table then scrolls inside its card).
    <div className="grid grid-cols-1 gap-8">
      <DueCard bicycles={stats?.bicycles} />
      {stats ? <DashboardView stats={stats} /> : <DashboardSkeleton label={LOADING} />}
      {stats ? <SpendingCard /> : null}
    </div>
  );
}

function DemoDashboard() {
  const demo = useDemo();
  if (demo.isPending) return <DashboardSkeleton label={LOADING} />;
  return (
    <div className="grid gap-6">
      <DemoBanner />
      {demo.data ? (
        <>
          <DemoDueCard due={demo.data.due()} />
          <DashboardView stats={demo.data.dashboard()} />
        </>
      ) : null}
    </div>
  );
}
