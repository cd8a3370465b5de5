import { QueryClient } from "@tanstack/react-query";
import { ApiError } from "./api-client.ts";

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        retry: (failures, error) =>
          !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failures < 2,
      },
    },
  });
}

/**
 * What a rider's gear feeds: bicycles (and the dashboard), components, service logs (and spending), rides and
 * intervals all derive from one another (wear, costs, what is due), so a change to any of them reads them all
 * again. Only the queries on screen refetch; the others are marked stale.
 */
const RIDER_DATA_KEYS = [["bicycles"], ["components"], ["services"], ["rides"], ["intervals"]];

export function invalidateRiderData(queryClient: QueryClient) {
  return Promise.all(RIDER_DATA_KEYS.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}
