import { MutationCache, QueryCache, QueryClient } from "@tanstack/react-query";
import { signInPath } from "../../shared/domain/routes.ts";
import { ApiError } from "./api-client.ts";
import { NOTICE_AFTER_RELOAD, sessionEnded, sessionQueryKey } from "./shell-session.ts";

export function createQueryClient() {
  const queryClient: QueryClient = new QueryClient({
    // Every query's and mutation's failure passes here: a 401 may mean the session was ended elsewhere.
    queryCache: new QueryCache({ onError: (error) => onFailure(queryClient, error) }),
    mutationCache: new MutationCache({
      onError: (error) => {
        onFailure(queryClient, error);
        // A write refused as "not found" or "moved meanwhile" means the page shows something that changed
        // elsewhere (another tab, another device): the rider's data is read again, so the page shows what
        // is there now (a deleted bicycle's page goes back to the list).
        if (error instanceof ApiError && (error.status === 404 || error.status === 409)) {
          void invalidateRiderData(queryClient);
        }
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        retry: (failures, error) =>
          !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failures < 2,
      },
    },
  });
  return queryClient;
}

function onFailure(queryClient: QueryClient, error: unknown): void {
  if (error instanceof ApiError && error.status === 401) void leaveIfSessionEnded(queryClient);
}

/**
 * Signed out in this browser at once: the pages see no session and stop asking for the user's data.
 * Clearing the cache alone made the open page fetch its data again, which the ended session refuses (401).
 */
export function forgetSignedInUser(queryClient: QueryClient): void {
  queryClient.setQueryData(sessionQueryKey, null);
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionQueryKey[0] });
}

let leaving = false;

/**
 * SPEC.md sections 4 and 8: a session ended elsewhere (signed out from another device, password changed or
 * reset, expired) is dropped. Called on a 401 (from our API through the query caches, from the auth library
 * through its client's onError). The first while this browser believes it is signed in asks the server
 * whether the session is still there; if not, the browser forgets the user and reloads at /auth, which
 * shows "Authentication Error / Please sign in to continue" once. A signed-out visitor's 401s (a wrong
 * password) are not this: the browser knew no session. A 401 with the session alive changes nothing.
 */
export async function leaveIfSessionEnded(queryClient: QueryClient): Promise<void> {
  if (leaving || !queryClient.getQueryData(sessionQueryKey)) return;
  leaving = true;
  const ended = await sessionEnded();
  // Signed out meanwhile by this browser's own sign-out or account deletion: theirs is the way out.
  if (!ended || !queryClient.getQueryData(sessionQueryKey)) {
    leaving = false;
    return;
  }
  forgetSignedInUser(queryClient);
  try {
    sessionStorage.setItem(NOTICE_AFTER_RELOAD, "session-ended");
  } catch {
    // storage unavailable: the rider still lands on the sign-in page, only the toast is lost
  }
  // Signed in again, the rider comes back to the page they were on.
  window.location.assign(signInPath(window.location.pathname + window.location.search));
}

/**
 * What a rider's gear feeds: bicycles (and the dashboard), components, service logs (and spending), rides and
 * intervals all derive from one another (wear, costs, what is due), so a change to any of them reads them all
 * again; so does a bicycle's service passport, which shows its parts' wear and its history. Only the queries
 * on screen refetch; the others are marked stale.
 */
const RIDER_DATA_KEYS = [["bicycles"], ["components"], ["services"], ["rides"], ["intervals"], ["passport"]];

export function invalidateRiderData(queryClient: QueryClient) {
  return Promise.all(RIDER_DATA_KEYS.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}
