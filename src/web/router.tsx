import { Suspense, useEffect, useRef } from "react";
import { matchRoutes, type RouteObject, useLocation, useNavigationType, useRoutes } from "react-router";
import { MainLayout } from "@/components/layout/main-layout.tsx";
import { PageErrorBoundary } from "@/components/layout/page-error-boundary.tsx";
import { PendingScreen } from "@/components/layout/pending-screen.tsx";
import { type LazyPage, lazyPage, PageOf, QUERY_MODULE } from "@/lib/lazy-page.tsx";
import { focusNewPage } from "@/lib/page-focus.ts";
import { LandingPage } from "./routes/landing.tsx";
import { RootRoute } from "./routes/root.tsx";

/**
 * The route table (SPEC.md section 2). Pages marked `queries: false` use no query and load without
 * TanStack Query (lib/lazy-page.tsx). Declarative routes (useRoutes) rather than a data router: the app
 * uses no loaders or actions, and the data router alone would put ~30 KB of gzipped JavaScript into the
 * landing page's first load. Every page but the landing page is its own chunk.
 */

const Dashboard = lazyPage(async () => (await import("./routes/dashboard.tsx")).DashboardPage, {
  module: "src/web/routes/dashboard.tsx",
});
const Bicycles = lazyPage(async () => (await import("./routes/bicycles.tsx")).BicyclesPage, {
  module: "src/web/routes/bicycles.tsx",
});
const BicycleDetail = lazyPage(async () => (await import("./routes/bicycle-detail.tsx")).BicycleDetailPage, {
  module: "src/web/routes/bicycle-detail.tsx",
});
const BicyclePassport = lazyPage(
  async () => (await import("./routes/bicycle-passport.tsx")).BicyclePassportPage,
  { module: "src/web/routes/bicycle-passport.tsx" },
);
const ComponentDetail = lazyPage(
  async () => (await import("./routes/component-detail.tsx")).ComponentDetailPage,
  {
    module: "src/web/routes/component-detail.tsx",
  },
);
const PartsBin = lazyPage(async () => (await import("./routes/parts-bin.tsx")).PartsBinPage, {
  module: "src/web/routes/parts-bin.tsx",
});
const Account = lazyPage(async () => (await import("./routes/account.tsx")).AccountPage, {
  module: "src/web/routes/account.tsx",
});
const BillingCheckout = lazyPage(
  async () => (await import("./routes/billing-checkout.tsx")).BillingCheckoutPage,
  {
    module: "src/web/routes/billing-checkout.tsx",
  },
);
const BillingPortal = lazyPage(async () => (await import("./routes/billing-portal.tsx")).BillingPortalPage, {
  module: "src/web/routes/billing-portal.tsx",
});
const Rides = lazyPage(async () => (await import("./routes/rides.tsx")).RidesPage, {
  module: "src/web/routes/rides.tsx",
});
const SharedLinks = lazyPage(async () => (await import("./routes/shared-links.tsx")).SharedLinksPage, {
  module: "src/web/routes/shared-links.tsx",
});
const Feedback = lazyPage(async () => (await import("./routes/site/feedback.tsx")).FeedbackPage, {
  module: "src/web/routes/site/feedback.tsx",
});
const About = lazyPage(async () => (await import("./routes/site/about.tsx")).AboutPage, {
  queries: false,
  module: "src/web/routes/site/about.tsx",
});
const Pricing = lazyPage(async () => (await import("./routes/site/pricing.tsx")).PricingPage, {
  module: "src/web/routes/site/pricing.tsx",
});
const Faq = lazyPage(async () => (await import("./routes/site/faq.tsx")).FaqPage, {
  queries: false,
  module: "src/web/routes/site/faq.tsx",
});
const Contact = lazyPage(async () => (await import("./routes/site/contact.tsx")).ContactPage, {
  module: "src/web/routes/site/contact.tsx",
});
const Sitemap = lazyPage(async () => (await import("./routes/site/sitemap.tsx")).SitemapPage, {
  queries: false,
  module: "src/web/routes/site/sitemap.tsx",
});
// Each policy its own chunk: a policy page loads its own text, not all seven.
const policies: [path: string, page: LazyPage][] = [
  [
    "privacy-policy",
    lazyPage(async () => (await import("./routes/site/policies/privacy-policy.tsx")).PrivacyPolicyPage, {
      queries: false,
      module: "src/web/routes/site/policies/privacy-policy.tsx",
    }),
  ],
  [
    "terms-of-service",
    lazyPage(async () => (await import("./routes/site/policies/terms-of-service.tsx")).TermsOfServicePage, {
      queries: false,
      module: "src/web/routes/site/policies/terms-of-service.tsx",
    }),
  ],
  [
    "cookie-policy",
    lazyPage(async () => (await import("./routes/site/policies/cookie-policy.tsx")).CookiePolicyPage, {
      queries: false,
      module: "src/web/routes/site/policies/cookie-policy.tsx",
    }),
  ],
  [
    "refund-policy",
    lazyPage(async () => (await import("./routes/site/policies/refund-policy.tsx")).RefundPolicyPage, {
      queries: false,
      module: "src/web/routes/site/policies/refund-policy.tsx",
    }),
  ],
  [
    "acceptable-use-policy",
    lazyPage(
      async () => (await import("./routes/site/policies/acceptable-use-policy.tsx")).AcceptableUsePolicyPage,
      {
        queries: false,
        module: "src/web/routes/site/policies/acceptable-use-policy.tsx",
      },
    ),
  ],
  [
    "data-processing-agreement",
    lazyPage(
      async () =>
        (await import("./routes/site/policies/data-processing-agreement.tsx")).DataProcessingAgreementPage,
      {
        queries: false,
        module: "src/web/routes/site/policies/data-processing-agreement.tsx",
      },
    ),
  ],
  [
    "security-policy",
    lazyPage(async () => (await import("./routes/site/policies/security-policy.tsx")).SecurityPolicyPage, {
      queries: false,
      module: "src/web/routes/site/policies/security-policy.tsx",
    }),
  ],
];
const Auth = lazyPage(async () => (await import("./routes/auth.tsx")).AuthPage, {
  module: "src/web/routes/auth.tsx",
});
const AuthCallback = lazyPage(async () => (await import("./routes/auth-callback.tsx")).AuthCallbackPage, {
  module: "src/web/routes/auth-callback.tsx",
});
const Unsubscribe = lazyPage(async () => (await import("./routes/unsubscribe.tsx")).UnsubscribePage, {
  module: "src/web/routes/unsubscribe.tsx",
});
const NotFound = lazyPage(async () => (await import("./routes/not-found.tsx")).NotFoundPage, {
  module: "src/web/routes/not-found.tsx",
});
const SharedView = lazyPage(async () => (await import("./routes/shared-view.tsx")).SharedViewPage, {
  module: "src/web/routes/shared-view.tsx",
});

function page(path: string | undefined, Page: LazyPage): RouteObject {
  return path === undefined
    ? { index: true, element: <PageOf page={Page} />, handle: Page }
    : { path, element: <PageOf page={Page} />, handle: Page };
}

export const routes: RouteObject[] = [
  {
    element: <RootRoute />,
    children: [
      {
        element: <MainLayout />,
        children: [
          { index: true, element: <LandingPage /> },
          page("dashboard", Dashboard),
          page("bicycles", Bicycles),
          page("bicycles/:bicycleId", BicycleDetail),
          page("bicycles/:bicycleId/passport", BicyclePassport),
          page("bicycles/:bicycleId/components/:componentId", ComponentDetail),
          page("parts-bin", PartsBin),
          page("parts-bin/components/:componentId", ComponentDetail),
          page("account", Account),
          page("billing/checkout", BillingCheckout),
          page("billing/portal", BillingPortal),
          page("shared-links", SharedLinks),
          page("rides", Rides),
          page("feedback", Feedback),
          page("about", About),
          page("pricing", Pricing),
          page("faq", Faq),
          page("contact", Contact),
          page("sitemap", Sitemap),
          page("unsubscribe", Unsubscribe),
          ...policies.map(([path, Page]) => page(path, Page)),
          page("*", NotFound),
        ],
      },
      page("auth", Auth),
      page("auth/callback", AuthCallback),
      page("shared", SharedView),
      page("shared/:token", SharedView),
    ],
  },
];

/** Loads the chunk of the page at `pathname` (if it has one), so the first render needs no fallback. */
export async function preloadPage(pathname: string): Promise<void> {
  const matches = matchRoutes(routes, pathname) ?? [];
  await Promise.all(matches.map((m) => (m.route.handle as LazyPage | undefined)?.preload()));
}

/** Each page route's full path and the source modules its page loads (the build's preload table). */
export function pageRoutes(): { path: string; modules: string[] }[] {
  const found: { path: string; modules: string[] }[] = [];
  const walk = (list: RouteObject[], parent: string) => {
    for (const route of list) {
      const full = route.path ? `${parent}/${route.path}` : parent;
      const page = route.handle as LazyPage | undefined;
      if (page && route.path !== "*") {
        found.push({
          path: full || "/",
          modules: page.queries ? [page.module, QUERY_MODULE] : [page.module],
        });
      }
      if (route.children) walk(route.children, full);
    }
  };
  walk(routes, "");
  return found;
}

/**
 * The app's screens; a page whose chunk is still loading shows the loading screen. A new page starts at
 * its top (Back and Forward leave the scroll to the browser, which puts it back), and so does the keyboard.
 */
export function AppRoutes() {
  const element = useRoutes(routes);
  const { pathname } = useLocation();
  const navigation = useNavigationType();
  const shownPath = useRef(pathname);
  useEffect(() => {
    if (navigation !== "POP") window.scrollTo(0, 0);
    if (shownPath.current !== pathname) focusNewPage();
    shownPath.current = pathname;
  }, [pathname, navigation]);
  return (
    <PageErrorBoundary resetKey={pathname}>
      <Suspense fallback={<PendingScreen framed />}>{element}</Suspense>
    </PageErrorBoundary>
  );
}
