import { type ReactNode, Suspense } from "react";
import { Outlet, useLocation } from "react-router";
import { type SessionInfo, useShellSession } from "@/lib/shell-session.ts";
import { BottomTabBar } from "./bottom-tab-bar.tsx";
import { Footer } from "./footer.tsx";
import { Header } from "./header.tsx";
import { OfflineNotice } from "./offline-notice.tsx";
import { PageErrorBoundary } from "./page-error-boundary.tsx";
import { PendingScreen } from "./pending-screen.tsx";

/**
 * The site's frame around the page. While the session loads (only on a signed-in page's first load, which
 * the server sent with this frame prerendered: decision 0053) it is the signed-in frame around the loading
 * page; the same frame then takes the page, so the header keeps its state (a user menu pressed early opens).
 */
export function MainLayout() {
  const session = useShellSession();
  const { pathname } = useLocation();
  if (session.isPending) {
    return (
      <SiteFrame signedIn user={null} pending>
        <PendingScreen />
      </SiteFrame>
    );
  }
  const user = session.data?.user ?? null;
  return (
    <SiteFrame signedIn={!!user} user={user}>
      {/* The header and footer paint while the page's chunk loads (the first load of an app page). */}
      <PageErrorBoundary resetKey={pathname}>
        <Suspense fallback={<PendingScreen />}>
          <Outlet />
        </Suspense>
      </PageErrorBoundary>
    </SiteFrame>
  );
}

function SiteFrame({
  signedIn,
  user,
  pending = false,
  children,
}: {
  signedIn: boolean;
  user: SessionInfo["user"] | null;
  pending?: boolean;
  children: ReactNode;
}) {
  return (
    <div className="flex min-h-dvh flex-col" data-pending-frame={pending ? "" : undefined}>
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-background px-3 py-2 focus:not-sr-only focus:fixed focus:top-2 focus:left-2 print:hidden"
      >
        Skip to content
      </a>
      {/* Printed pages (the service passport) show the page alone. */}
      <div className="contents print:hidden">
        <Header signedIn={signedIn} user={user} />
      </div>
      {/* At least a screen tall: while a page loads its data, the footer stays below the fold instead of
          showing and then being pushed down (a layout shift). */}
      <main
        id="main"
        tabIndex={-1}
        className="mx-auto outline-none min-h-dvh w-full max-w-6xl flex-1 px-4 py-8 print:min-h-0 print:max-w-none print:p-0"
      >
        {children}
      </main>
      <div className="contents print:hidden">
        <Footer signedIn={signedIn} />
        <BottomTabBar signedIn={signedIn} />
      </div>
      <OfflineNotice />
    </div>
  );
}
