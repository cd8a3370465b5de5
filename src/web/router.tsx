import { createBrowserRouter, type RouteObject } from "react-router";
import { MainLayout } from "@/components/layout/main-layout.tsx";
import { LandingPage } from "./routes/landing.tsx";
import { NotFoundPage } from "./routes/not-found.tsx";
import { RootRoute } from "./routes/root.tsx";

const policyPages: [string, string][] = [
  ["privacy-policy", "Privacy Policy"],
  ["terms-of-service", "Terms of Service"],
  ["cookie-policy", "Cookie Policy"],
  ["refund-policy", "Refund Policy"],
  ["acceptable-use-policy", "Acceptable Use Policy"],
  ["data-processing-agreement", "Data Processing Agreement"],
  ["security-policy", "Security Policy"],
];

export const routes: RouteObject[] = [
  {
    element: <RootRoute />,
    children: [
      {
        element: <MainLayout />,
        children: [
          { index: true, element: <LandingPage /> },
          {
            path: "dashboard",
            lazy: async () => ({ Component: (await import("./routes/dashboard.tsx")).DashboardPage }),
          },
          {
            path: "bicycles",
            lazy: async () => ({ Component: (await import("./routes/bicycles.tsx")).BicyclesPage }),
          },
          {
            path: "bicycles/:bicycleId",
            lazy: async () => ({
              Component: (await import("./routes/bicycle-detail.tsx")).BicycleDetailPage,
            }),
          },
          {
            path: "bicycles/:bicycleId/components/:componentId",
            lazy: async () => ({
              Component: (await import("./routes/component-detail.tsx")).ComponentDetailPage,
            }),
          },
          {
            path: "parts-bin",
            lazy: async () => ({ Component: (await import("./routes/parts-bin.tsx")).PartsBinPage }),
          },
          {
            path: "parts-bin/components/:componentId",
            lazy: async () => ({
              Component: (await import("./routes/component-detail.tsx")).ComponentDetailPage,
            }),
          },
          {
            path: "account",
            lazy: async () => ({ Component: (await import("./routes/account.tsx")).AccountPage }),
          },
          {
            path: "billing/checkout",
            lazy: async () => ({
              Component: (await import("./routes/billing-checkout.tsx")).BillingCheckoutPage,
            }),
          },
          {
            path: "billing/portal",
            lazy: async () => ({
              Component: (await import("./routes/billing-portal.tsx")).BillingPortalPage,
            }),
          },
          {
            path: "shared-links",
            lazy: async () => ({ Component: (await import("./routes/shared-links.tsx")).SharedLinksPage }),
          },
          {
            path: "feedback",
            lazy: async () => ({ Component: (await import("./routes/site/feedback.tsx")).FeedbackPage }),
          },
          {
            path: "about",
            lazy: async () => ({ Component: (await import("./routes/site/about.tsx")).AboutPage }),
          },
          {
            path: "pricing",
            lazy: async () => ({ Component: (await import("./routes/site/pricing.tsx")).PricingPage }),
          },
          {
            path: "faq",
            lazy: async () => ({ Component: (await import("./routes/site/faq.tsx")).FaqPage }),
          },
          {
            path: "contact",
            lazy: async () => ({ Component: (await import("./routes/site/contact.tsx")).ContactPage }),
          },
          {
            path: "sitemap",
            lazy: async () => ({ Component: (await import("./routes/site/sitemap.tsx")).SitemapPage }),
          },
          ...policyPages.map(([path]) => ({
            path,
            lazy: async () => ({ Component: (await import("./routes/site/policies.tsx")).PolicyPage }),
          })),
          { path: "*", element: <NotFoundPage /> },
        ],
      },
      {
        path: "auth",
        lazy: async () => ({ Component: (await import("./routes/auth.tsx")).AuthPage }),
      },
      {
        path: "auth/callback",
        lazy: async () => ({ Component: (await import("./routes/auth-callback.tsx")).AuthCallbackPage }),
      },
      {
        path: "shared",
        lazy: async () => ({ Component: (await import("./routes/shared-view.tsx")).SharedViewPage }),
      },
      {
        path: "shared/:token",
        lazy: async () => ({ Component: (await import("./routes/shared-view.tsx")).SharedViewPage }),
      },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
