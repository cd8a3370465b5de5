import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client.ts";
import type { Component, ComponentInput } from "../../../shared/schemas/component.ts";

export const componentKeys = {
  all: ["components"] as const,
  ofBicycle: (bicycleId: string) => ["components", "bicycle", bicycleId] as const,
  partsBin: ["components", "parts-bin"] as const,
  detail: (id: string) => ["components", "detail", id] as const,
};

export const bicycleComponentsQuery = (bicycleId: string) =>
  queryOptions({
    queryKey: componentKeys.ofBicycle(bicycleId),
    queryFn: () =>
      api<{ components: Component[] }>(`/bicycles/${encodeURIComponent(bicycleId)}/components`).then(
        (r) => r.components,
      ),
  });

export const partsBinQuery = () =>
  queryOptions({
    queryKey: componentKeys.partsBin,
    queryFn: () => api<{ components: Component[] }>("/components/parts-bin").then((r) => r.components),
    refetchOnWindowFocus: false,
  });

export const componentQuery = (id: string) =>
  queryOptions({
    queryKey: componentKeys.detail(id),
    queryFn: () =>
      api<{ component: Component }>(`/components/${encodeURIComponent(id)}`).then((r) => r.component),
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

/** Components change bicycles' counts and lists, the parts bin and the dashboard: refresh them all. */
function useInvalidateComponents() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: componentKeys.all }),
      queryClient.invalidateQueries({ queryKey: ["bicycles"] }),
      queryClient.invalidateQueries({ queryKey: ["services"] }),
    ]);
}

const componentPath = (id: string, rest = "") => `/components/${encodeURIComponent(id)}${rest}`;

export function useCreateComponent() {
  const invalidate = useInvalidateComponents();
  return useMutation({
    mutationFn: (input: ComponentInput & { bicycleId: string | null }) =>
      api<{ component: Component }>("/components", { method: "POST", body: input }).then((r) => r.component),
    onSuccess: invalidate,
  });
}

export function useUpdateComponent(id: string) {
  const invalidate = useInvalidateComponents();
  return useMutation({
    mutationFn: (input: ComponentInput) =>
      api<{ component: Component }>(componentPath(id), { method: "PUT", body: input }).then(
        (r) => r.component,
      ),
    onSuccess: invalidate,
  });
}

export function useDeleteComponent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<void>(componentPath(id), { method: "DELETE" }),
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
    mutationFn: (id: string) =>
      api<{ component: Component }>(componentPath(id, "/move-to-parts-bin"), { method: "POST" }).then(
        (r) => r.component,
      ),
    onSuccess: invalidate,
  });
}

/** Puts one or several parts-bin components on a bicycle, in one request. */
export function useAssignComponents() {
  const invalidate = useInvalidateComponents();
  return useMutation({
    mutationFn: ({ componentIds, bicycleId }: { componentIds: string[]; bicycleId: string }) =>
      api<{ assigned: number }>("/components/assign", {
        method: "POST",
        body: { componentIds, bicycleId },
      }).then((r) => r.assigned),
    onSuccess: invalidate,
  });
}
