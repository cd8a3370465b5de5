import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { byId, call, client } from "@/lib/api-client.ts";
import { invalidateRiderData } from "@/lib/query-client.ts";
import type {
  ServiceEntryChanges,
  ServiceEntryInput,
  ServiceLog,
} from "../../../shared/schemas/service-entry.ts";

export type { ServiceLog };

export const serviceKeys = {
  all: ["services"] as const,
  ofComponent: (componentId: string) => ["services", "component", componentId] as const,
  ofBicycle: (bicycleId: string) => ["services", "bicycle", bicycleId] as const,
};

export const componentServicesQuery = (componentId: string) =>
  queryOptions({
    queryKey: serviceKeys.ofComponent(componentId),
    queryFn: () => call(client.components[":id"].services.$get(byId(componentId))),
  });

export const bicycleServicesQuery = (bicycleId: string) =>
  queryOptions({
    queryKey: serviceKeys.ofBicycle(bicycleId),
    queryFn: () => call(client.bicycles[":id"].services.$get(byId(bicycleId))).then((r) => r.services),
  });

export function useComponentServices(componentId: string) {
  return useQuery(componentServicesQuery(componentId));
}

export function useBicycleServices(bicycleId: string) {
  return useQuery(bicycleServicesQuery(bicycleId));
}

/** Logs, components' counts, intervals and bicycles' costs change with a service entry. */
function useInvalidateServices() {
  const queryClient = useQueryClient();
  return () => invalidateRiderData(queryClient);
}

export function useSaveServiceEntry(componentId: string) {
  const invalidate = useInvalidateServices();
  return useMutation({
    mutationFn: (
      save: { id: string; input: ServiceEntryChanges } | { id: null; input: ServiceEntryInput },
    ) =>
      save.id !== null
        ? call(client.services[":id"].$put({ ...byId(save.id), json: save.input }))
        : call(client.components[":id"].services.$post({ ...byId(componentId), json: save.input })),
    onSuccess: invalidate,
  });
}

export function useDeleteServiceEntry() {
  const invalidate = useInvalidateServices();
  return useMutation({
    mutationFn: (id: string) => call(client.services[":id"].$delete(byId(id))),
    onSuccess: invalidate,
  });
}
