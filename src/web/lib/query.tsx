import { QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { onAuthLibraryUnauthorized } from "./auth-library-events.ts";
import { followPlanChanges } from "./plan-changes.ts";
import { createQueryClient, leaveIfSessionEnded } from "./query-client.ts";
import { useTimeZoneSync } from "./settings.ts";
import { fetchSession, getShellSession, sessionQueryKey, setShellSession } from "./shell-session.ts";

/**
 * The app's one query client. This module (and TanStack Query with it) loads with the first page that
 * needs it (lib/lazy-page.tsx wraps every lazily loaded page in QueryProvider), not with the shell.
 */
export const queryClient = createQueryClient();
onAuthLibraryUnauthorized(() => void leaveIfSessionEnded(queryClient));
followPlanChanges(queryClient);

// The ["session"] query and the shell's session store say the same thing from here on.
const known = getShellSession();
if (!known.isPending) queryClient.setQueryData(sessionQueryKey, known.data);
queryClient.getQueryCache().subscribe((event) => {
  if (event.type === "removed" || event.query.queryKey[0] !== sessionQueryKey[0]) return;
  const { status, data } = event.query.state;
  if (status === "success") setShellSession({ isPending: false, data: (data as typeof known.data) ?? null });
});
// Until the server answers: while offline it waits for the connection, otherwise it asks again, less often
// each time (1 s, 2 s, 4 s … at most every 30 s); the page shows the frame loading meanwhile.
if (known.isPending)
  void queryClient
    .fetchQuery({ queryKey: sessionQueryKey, queryFn: fetchSession, staleTime: 60_000, retry: true })
    .catch(() => {});

export function QueryProvider({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <TimeZoneSync />
      {children}
    </QueryClientProvider>
  );
}

/** Saves the browser's time zone as the rider's when they differ (once per app load; lib/settings.ts). */
function TimeZoneSync() {
  useTimeZoneSync();
  return null;
}
