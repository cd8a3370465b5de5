import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useInvalidateRides } from "@/features/rides/api.ts";
import { ApiError, call, client } from "@/lib/api-client.ts";
import { showError } from "@/lib/error-handler.ts";
import type { StravaStatus } from "../../../shared/schemas/strava.ts";

export const stravaKeys = {
  all: ["strava"] as const,
  status: ["strava", "status"] as const,
  bikes: ["strava", "bikes"] as const,
};

export function useStravaStatus(enabled: boolean) {
  return useQuery({ queryKey: stravaKeys.status, queryFn: () => call(client.strava.$get()), enabled });
}

export function useStravaBikes(enabled: boolean) {
  return useQuery({
    queryKey: stravaKeys.bikes,
    queryFn: () => call(client.strava.bikes.$get()).then((r) => r.bikes),
    enabled,
    retry: false,
  });
}

/** Goes to Strava's authorization page in this tab; Strava sends the user back to Account Settings. */
export function useConnectStrava() {
  return useMutation({
    mutationFn: () => call(client.strava.connect.$post()),
    onSuccess: ({ url }) => window.location.assign(url),
    onError: (error) => showError(error, { fallback: "Could not start connecting Strava." }),
  });
}

export function useMapStravaBike() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ gearId, bicycleId }: { gearId: string; bicycleId: string | null }) =>
      call(client.strava.bikes[":gearId"].$put({ param: { gearId }, json: { bicycleId } })).then(
        (r) => r.bikes,
      ),
    onSuccess: (bikes) => queryClient.setQueryData(stravaKeys.bikes, bikes),
    onError: (error) => showError(error),
  });
}

/** Strava refuses the stored access: only connecting again (or disconnecting) helps. */
export const needsReconnect = (error: unknown) =>
  error instanceof ApiError && error.code === "STRAVA_RECONNECT";

/** Strava's rate limit stopped the import: the card says how far it got and when to go on, no toast. */
export const rateLimited = (error: unknown) => error instanceof ApiError && error.code === "RATE_LIMITED";

export function useImportStravaRides() {
  const invalidateRides = useInvalidateRides();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(client.strava.import.$post()),
    onSuccess: () => invalidateRides(),
    onError: (error) => {
      // Some rides may have come in before the limit.
      if (rateLimited(error)) return invalidateRides();
      showError(error);
      // The card then shows why, with "Connect again".
      if (needsReconnect(error)) void queryClient.invalidateQueries({ queryKey: stravaKeys.bikes });
    },
  });
}

export function useDisconnectStrava() {
  const queryClient = useQueryClient();
  return useMutation({
    onError: (error) => showError(error, { fallback: "Could not disconnect Strava." }),
    // Already disconnected (in another tab): what the rider asked for is done, the card shows it.
    mutationFn: () =>
      call(client.strava.$delete()).catch((error: unknown) => {
        if (!(error instanceof ApiError && error.status === 404)) throw error;
      }),
    // Not connected any more: there are no Strava bikes to read again.
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: stravaKeys.bikes });
      queryClient.setQueryData(stravaKeys.status, (status: StravaStatus | undefined) =>
        status ? { ...status, connection: null } : status,
      );
    },
  });
}
