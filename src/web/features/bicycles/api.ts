import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { componentKeys } from "@/features/components/api.ts";
import { rideKeys } from "@/features/rides/api.ts";
import { serviceKeys } from "@/features/services/api.ts";
import { ApiError, byId, call, client } from "@/lib/api-client.ts";
import { invalidateRiderData } from "@/lib/query-client.ts";
import { subscriptionKey } from "@/lib/subscription.ts";
import type { BicycleChanges, BicycleInput } from "../../../shared/schemas/bicycle.ts";

export const bicycleKeys = {
  all: ["bicycles"] as const,
  detail: (id: string) => ["bicycles", id] as const,
};

export const bicyclesQuery = () =>
  queryOptions({
    queryKey: bicycleKeys.all,
    queryFn: () => call(client.bicycles.$get()).then((r) => r.bicycles),
  });

export const bicycleQuery = (id: string) =>
  queryOptions({
    queryKey: bicycleKeys.detail(id),
    queryFn: () => call(client.bicycles[":id"].$get(byId(id))).then((r) => r.bicycle),
  });

export function useBicycles(enabled = true) {
  return useQuery({ ...bicyclesQuery(), enabled });
}

export function useBicycle(id: string) {
  return useQuery(bicycleQuery(id));
}

/** A bicycle's parts, rides, intervals and costs go with it; the plan's count changes too. */
function useInvalidateBicycles() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      invalidateRiderData(queryClient),
      queryClient.invalidateQueries({ queryKey: subscriptionKey }),
    ]);
}

export function useCreateBicycle() {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateBicycles();
  return useMutation({
    mutationFn: (input: BicycleInput) => call(client.bicycles.$post({ json: input })).then((r) => r.bicycle),
    onSuccess: invalidate,
    // A bicycle added in another tab filled the plan: the rider's data is read again by the query client
    // (lib/query-client.ts, every 409); the plan too, so the page shows its limit state.
    onError: (error) => {
      if (error instanceof ApiError && error.code === "LIMIT_REACHED")
        void queryClient.invalidateQueries({ queryKey: subscriptionKey });
    },
  });
}

export function useUpdateBicycle(id: string) {
  const invalidate = useInvalidateBicycles();
  return useMutation({
    mutationFn: (changes: BicycleChanges) =>
      call(client.bicycles[":id"].$put({ ...byId(id), json: changes })).then((r) => r.bicycle),
    onSuccess: invalidate,
  });
}

export function useDeleteBicycle() {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateBicycles();
  return useMutation({
    mutationFn: (id: string) => call(client.bicycles[":id"].$delete(byId(id))),
    onSuccess: (_data, id) => {
      // What was read of it is gone too: dropped rather than read again (a 404 each).
      for (const queryKey of [
        bicycleKeys.detail(id),
        componentKeys.ofBicycle(id),
        serviceKeys.ofBicycle(id),
        rideKeys.ofBicycle(id),
      ]) {
        queryClient.removeQueries({ queryKey });
      }
      return invalidate();
    },
  });
}
