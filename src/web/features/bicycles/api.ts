import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { byId, call, client } from "@/lib/api-client.ts";
import { subscriptionKey } from "@/lib/subscription.ts";
import type { BicycleInput } from "../../../shared/schemas/bicycle.ts";

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

function useInvalidateBicycles() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: bicycleKeys.all }),
      queryClient.invalidateQueries({ queryKey: subscriptionKey }),
    ]);
}

export function useCreateBicycle() {
  const invalidate = useInvalidateBicycles();
  return useMutation({
    mutationFn: (input: BicycleInput) => call(client.bicycles.$post({ json: input })).then((r) => r.bicycle),
    onSuccess: invalidate,
  });
}

export function useUpdateBicycle(id: string) {
  const invalidate = useInvalidateBicycles();
  return useMutation({
    mutationFn: (input: BicycleInput) =>
      call(client.bicycles[":id"].$put({ ...byId(id), json: input })).then((r) => r.bicycle),
    onSuccess: invalidate,
  });
}

export function useDeleteBicycle() {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateBicycles();
  return useMutation({
    mutationFn: (id: string) => call(client.bicycles[":id"].$delete(byId(id))),
    onSuccess: (_data, id) => {
      queryClient.removeQueries({ queryKey: bicycleKeys.detail(id) });
      return invalidate();
    },
  });
}
