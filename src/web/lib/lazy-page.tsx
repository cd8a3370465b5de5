import { type ComponentType, type ReactNode, use } from "react";

/** A route's page loaded on demand (its own chunk), which can also be loaded ahead of rendering. */
export interface LazyPage {
  preload: () => Promise<void>;
  component: ComponentType | null;
}

// The query client's provider (lib/query.tsx), which loads with the first lazily loaded page.
let QueryProvider: ComponentType<{ children: ReactNode }> | null = null;

/**
 * Like React.lazy, but once the chunk has loaded the page renders at once, without suspending. The
 * server's prerender and the browser's hydration preload the current page first, so both render the same
 * markup in one pass (no fallback, no hydration mismatch); later navigations suspend until the chunk loads.
 */
export function lazyPage(load: () => Promise<ComponentType>): LazyPage {
  let loading: Promise<void> | null = null;
  const page: LazyPage = {
    component: null,
    preload: () => {
      loading ??= Promise.all([load(), import("./query.tsx")]).then(([component, query]) => {
        QueryProvider = query.QueryProvider;
        page.component = component;
      });
      return loading;
    },
  };
  return page;
}

/** Renders a lazily loaded page (suspending until its chunk is there), inside the query client's provider. */
export function PageOf({ page }: { page: LazyPage }) {
  if (!page.component || !QueryProvider) use(page.preload());
  const Page = page.component as ComponentType;
  const Provider = QueryProvider as ComponentType<{ children: ReactNode }>;
  return (
    <Provider>
      <Page />
    </Provider>
  );
}
