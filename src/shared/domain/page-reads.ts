/**
 * What a signed-in page reads from the API as soon as it shows, by route. The server names these reads in
 * the page's HTML as fetch preloads (src/server/http/web.ts), so a first visit asks for its data while the
 * scripts load instead of after they have run (decision 0051). e2e/prerender.spec.ts visits each page and
 * checks that it reads exactly these, once each.
 */

/** Every signed-in page: the session check and the due count on the Bicycles tab. */
const SHELL_READS = ["/api/auth/get-session", "/api/intervals/due-count"];

/** Each page's own reads; `:name` takes the path's segment at the same place. */
const PAGE_READS: Record<string, string[]> = {
  "/dashboard": ["/api/settings", "/api/intervals/due", "/api/dashboard", "/api/spending"],
  "/bicycles": ["/api/bicycles", "/api/settings", "/api/subscription"],
  "/bicycles/:bicycleId": [
    "/api/bicycles/:bicycleId",
    "/api/bicycles/:bicycleId/components",
    "/api/settings",
    "/api/intervals",
  ],
  "/parts-bin": ["/api/components/parts-bin", "/api/settings", "/api/intervals", "/api/bicycles"],
};

const routes = Object.entries(PAGE_READS).map(([route, reads]) => {
  const names = [...route.matchAll(/:(\w+)/g)].map((m) => m[1]!);
  return {
    // Ids only (letters, digits, - and _): a path segment like ".." names no read.
    pattern: new RegExp(`^${route.replace(/:\w+/g, "([\\w-]+)")}/?$`),
    reads: (values: string[]) =>
      reads.map((read) => names.reduce((url, name, i) => url.replace(`:${name}`, values[i]!), read)),
  };
});

/** The API reads of the signed-in page at `pathname`: the shell's, then the page's (none for other pages). */
export function pageReads(pathname: string): string[] {
  for (const route of routes) {
    const match = route.pattern.exec(pathname);
    if (match) return [...SHELL_READS, ...route.reads(match.slice(1))];
  }
  return SHELL_READS;
}
