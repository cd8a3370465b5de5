import { type ComponentType, type ReactNode, use } from "react";

/** A route's page loaded on demand (its own chunk), which can also be loaded ahead of rendering. */
export interface LazyPage {
  preload: () => Promise<void>;
  component: ComponentType | null;
  /** False for a page that uses no query (a static information page): it loads without TanStack Query. */
  queries: boolean;
  /**
   * The page's source module, as the import in `load` names it from the project root. The build maps it to
   * the page's chunks (scripts/prerender.ts, which fails if it is not a chunk), and the server announces
   * them in the page's HTML with modulepreload, so the browser fetches them alongside the entry script.
   */
  module: string;
}

/** The query client's module: every page that uses queries loads it with its own chunk. */
export const QUERY_MODULE = "src/web/lib/query.tsx";

/** How to forget each page chunk that failed to load, so that it is fetched again next time. */
const forgetFailure: (() => void)[] = [];

/** Lets the pages whose chunk failed to load be tried again (when the rider moves to another page). */
export function retryFailedPages(): void {
  for (const forget of forgetFailure.splice(0)) forget();
}

// The query client's provider (lib/query.tsx), which loads with the first lazily loaded page.
let QueryProvider: ComponentType<{ children: ReactNode }> | null = null;

/**
 * Like React.lazy, but once the chunk has loaded the page renders at once, without suspending. The
 * server's prerender and the browser's hydration preload the current page first, so both render the same
 * markup in one pass (no fallback, no hydration mismatch); later navigations suspend until the chunk loads.
 */
export function lazyPage(
  load: () => Promise<ComponentType>,
  { queries = true, module }: { queries?: boolean; module: string },
): LazyPage {
  let loading: Promise<void> | null = null;
  const page: LazyPage = {
    component: null,
    queries,
    module,
    preload: () => {
      loading ??= Promise.all([load(), queries ? import("./query.tsx") : null]).then(
        ([component, query]) => {
          if (query) QueryProvider = query.QueryProvider;
          page.component = component;
        },
        (error: unknown) => {
          // Kept while the page shows its error (a new attempt on every render would never end); the next
          // page the rider opens lets it be tried again (retryFailedPages).
          forgetFailure.push(() => {
            loading = null;
          });
          throw error;
        },
      );
      return loading;
    },
  };
  return page;
}

/** Renders a lazily loaded page (suspending until its chunk is there), inside the query client's provider. */
export function PageOf({ page }: { page: LazyPage }) {
  if (!page.component || (page.queries && !QueryProvider)) use(page.preload());
  const Page = page.component as ComponentType;
  if (!page.queries) return <Page />;
  const Provider = QueryProvider as ComponentType<{ children: ReactNode }>;
  return (
    <Provider>
      <Page />
    </Provider>
  );
}
