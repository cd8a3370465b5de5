import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { byId, call, client } from "@/lib/api-client.ts";
import { invalidateRiderData } from "@/lib/query-client.ts";
import type { ComponentChanges, ComponentInput } from "../../../shared/schemas/component.ts";
import type { ServiceIntervalInput } from "../../../shared/schemas/service-interval.ts";

export const componentKeys = {
  all: ["components"] as const,
  ofBicycle: (bicycleId: string) => ["components", "bicycle", bicycleId] as const,
  partsBin: ["components", "parts-bin"] as const,
  detail: (id: string) => ["components", "detail", id] as const,
};

export const bicycleComponentsQuery = (bicycleId: string) =>
  queryOptions({
    queryKey: componentKeys.ofBicycle(bicycleId),
    queryFn: () => call(client.bicycles[":id"].components.$get(byId(bicycleId))).then((r) => r.components),
  });

export const partsBinQuery = () =>
  queryOptions({
    queryKey: componentKeys.partsBin,
    queryFn: () => call(client.components["parts-bin"].$get()).then((r) => r.components),
    refetchOnWindowFocus: false,
  });

export const componentQuery = (id: string) =>
  queryOptions({
    queryKey: componentKeys.detail(id),
    queryFn: () => call(client.components[":id"].$get(byId(id))).then((r) => r.component),
  });

export function useBicycleComponents(bicycleId: string) {
  return useQuery(bicycleComponentsQuery(bicycleId));
}

export function usePartsBin(enabled = true) {
  return useQuery({ ...partsBinQuery(), enabled });
}

export function useComponent(id: string) {
  return useQuery(componentQuery(id));
}

/** Where a component has been, oldest first, with the distance and time ridden in each period. */
export function useComponentInstallations(id: string) {
  return useQuery({
    queryKey: [...componentKeys.detail(id), "installations"],
    queryFn: () => call(client.components[":id"].installations.$get(byId(id))).then((r) => r.installations),
  });
}

/** Components change bicycles' counts and lists, the parts bin and the dashboard: refresh them all. */
function useInvalidateComponents() {
  const queryClient = useQueryClient();
  return () => invalidateRiderData(queryClient);
}

/** What adding a component sends: the component, and the day it was fitted (null: from now; a day: from its start). */
export type NewComponentInput = ComponentInput & { installedAt?: string | null };

export function useCreateComponent() {
  const invalidate = useInvalidateComponents();
  return useMutation({
    mutationFn: (
      input: NewComponentInput & { bicycleId: string | null; intervals: ServiceIntervalInput[] },
    ) => call(client.components.$post({ json: input })).then((r) => r.component),
    onSuccess: invalidate,
  });
}

export function useUpdateComponent(id: string) {
  const invalidate = useInvalidateComponents();
  return useMutation({
    mutationFn: (changes: ComponentChanges) =>
      call(client.components[":id"].$put({ ...byId(id), json: changes })).then((r) => r.component),
    onSuccess: invalidate,
  });
}

export function useDeleteComponent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(client.components[":id"].$delete(byId(id))),
    onSuccess: (_data, id) => {
      // The deleted component's own queries (details, service log) would only answer 404 now: leave them
      // alone (removing them makes the still-mounted page fetch them again); unused, they expire.
      return queryClient.invalidateQueries({
        predicate: (query) =>
          !query.queryKey.includes(id) &&
          ["components", "bicycles", "services"].includes(String(query.queryKey[0])),
      });
    },
  });
}

export function useMoveToPartsBin() {
  const invalidate = useInvalidateComponents();
  return useMutation({
    mutationFn: ({ id, fromBicycleId }: { id: string; fromBicycleId: string | null }) =>
      call(
        client.components[":id"]["move-to-parts-bin"].$post({
          ...byId(id),
          query: fromBicycleId ? { fromBicycleId } : {},
        }),
      ).then((r) => r.component),
    onSuccess: invalidate,
  });
}

/** Puts one or several parts-bin components on a bicycle, in one request. */
export function useAssignComponents() {
  const invalidate = useInvalidateComponents();
  return useMutation({
    mutationFn: ({ componentIds, bicycleId }: { componentIds: string[]; bicycleId: string }) =>
      call(client.components.assign.$post({ json: { componentIds, bicycleId } })).then((r) => r.assigned),
    onSuccess: invalidate,
  });
}
