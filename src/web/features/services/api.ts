import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client.ts";
import type { ServiceEntry, ServiceEntryInput } from "../../../shared/schemas/service-entry.ts";

export const serviceKeys = {
  all: ["services"] as const,
  ofComponent: (componentId: string) => ["services", "component", componentId] as const,
  ofBicycle: (bicycleId: string) => ["services", "bicycle", bicycleId] as const,
};

export interface ServiceLog {
  services: ServiceEntry[];
  totalCost: number;
}

export const componentServicesQuery = (componentId: string) =>
  queryOptions({
    queryKey: serviceKeys.ofComponent(componentId),
    queryFn: () => api<ServiceLog>(`/components/${encodeURIComponent(componentId)}/services`),
  });

export const bicycleServicesQuery = (bicycleId: string) =>
  queryOptions({
    queryKey: serviceKeys.ofBicycle(bicycleId),
    queryFn: () =>
      api<{ services: ServiceEntry[] }>(`/bicycles/${encodeURIComponent(bicycleId)}/services`).then(
        (r) => r.services,
      ),
  });

export function useComponentServices(componentId: string) {
  return useQuery(componentServicesQuery(componentId));
}

export function useBicycleServices(bicycleId: string) {
  return useQuery(bicycleServicesQuery(bicycleId));
}

function useInvalidateServices() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: serviceKeys.all }),
      queryClient.invalidateQueries({ queryKey: ["components"] }),
    ]);
}

export function useSaveServiceEntry(componentId: string) {
  const invalidate = useInvalidateServices();
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: ServiceEntryInput }) =>
      id
        ? api<{ service: ServiceEntry }>(`/services/${encodeURIComponent(id)}`, {
            method: "PUT",
            body: input,
          })
        : api<{ service: ServiceEntry }>(`/components/${encodeURIComponent(componentId)}/services`, {
            method: "POST",
            body: input,
          }),
    onSuccess: invalidate,
  });
}

export function useDeleteServiceEntry() {
  const invalidate = useInvalidateServices();
  return useMutation({
    mutationFn: (id: string) => api<void>(`/services/${encodeURIComponent(id)}`, { method: "DELETE" }),
    onSuccess: invalidate,
  });
}
