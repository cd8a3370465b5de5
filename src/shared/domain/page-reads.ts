/**
 * What a signed-in page reads from the API as soon as it shows, by route. The server names these reads in
 * the page's HTML as fetch preloads (src/server/http/web.ts), so a first visit asks for its data while the
 * scripts load instead of after they have run (decision 0051). e2e/prerender.spec.ts visits each page and
 * checks that it reads exactly these, once each.
 */

/** Every signed-in page: the session check and the due count on the Bicycles tab. */
const SHELL_READS = ["/api/auth/get-session", "/api/intervals/due-count"];

/**
 * Each page's own reads. An id in the path is letters, digits, - and _ only: a segment like ".." names none.
 * A bicycle's page reads its components and intervals only when it opens on the Components tab: a preload
 * left unread is taken by the first fetch of its address, however late, so the Components tab opened after
 * a ride was changed on the Rides tab would show the wear of before.
 */
const PAGE_READS: [RegExp, (id: string, query: URLSearchParams) => string[]][] = [
  [/^\/dashboard\/?$/, () => ["/api/settings", "/api/intervals/due", "/api/dashboard", "/api/spending"]],
  [/^\/bicycles\/?$/, () => ["/api/bicycles", "/api/settings", "/api/subscription"]],
  [
    /^\/bicycles\/([\w-]+)\/?$/,
    (id, query) =>
      ["rides", "services"].includes(query.get("tab") ?? "")
        ? [`/api/bicycles/${id}`, "/api/settings"]
        : [`/api/bicycles/${id}`, `/api/bicycles/${id}/components`, "/api/settings", "/api/intervals"],
  ],
  [
    /^\/parts-bin\/?$/,
    () => ["/api/components/parts-bin", "/api/settings", "/api/intervals", "/api/bicycles"],
  ],
];

/**
 * The API reads of the signed-in page at `pathname` (with its query, e.g. "?tab=rides"): the shell's, then the
 * page's (none for other pages).
 */
export function pageReads(pathname: string, search = ""): string[] {
  for (const [pattern, reads] of PAGE_READS) {
    const match = pattern.exec(pathname);
    if (match) return [...SHELL_READS, ...reads(match[1] ?? "", new URLSearchParams(search))];
  }
  return SHELL_READS;
}
