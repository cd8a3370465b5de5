import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { byId, call, client } from "@/lib/api-client.ts";
import { showError } from "@/lib/error-handler.ts";
import { useSession } from "@/lib/session.ts";
import { toast } from "@/lib/toaster.ts";
import type {
  ServiceIntervalChanges,
  ServiceIntervalInput,
} from "../../../shared/schemas/service-interval.ts";

export const intervalKeys = {
  all: ["intervals"] as const,
  list: ["intervals", "list"] as const,
  due: ["intervals", "due"] as const,
  dueCount: ["intervals", "due-count"] as const,
  ofComponent: (componentId: string) => ["intervals", "component", componentId] as const,
};

/** Every interval of the user's components (for the badges on component rows). */
export function useAllIntervals() {
  return useQuery({
    queryKey: intervalKeys.list,
    queryFn: () => call(client.intervals.$get()).then((r) => r.intervals),
  });
}

export function useDueIntervals() {
  return useQuery({ queryKey: intervalKeys.due, queryFn: () => call(client.intervals.due.$get()) });
}

/** The tab bar's badge: only for a signed-in user. */
export function useDueCount() {
  const { data: session } = useSession();
  return useQuery({
    queryKey: intervalKeys.dueCount,
    queryFn: () => call(client.intervals["due-count"].$get()).then((r) => r.count),
    enabled: !!session,
  });
}

export function useComponentIntervals(componentId: string) {
  return useQuery({
    queryKey: intervalKeys.ofComponent(componentId),
    queryFn: () => call(client.components[":id"].intervals.$get(byId(componentId))).then((r) => r.intervals),
  });
}

function useInvalidateIntervals() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: intervalKeys.all });
}

export function useSaveInterval(componentId: string) {
  const invalidate = useInvalidateIntervals();
  return useMutation({
    mutationFn: (
      save: { id: string; input: ServiceIntervalChanges } | { id: null; input: ServiceIntervalInput },
    ) =>
      save.id !== null
        ? call(client.intervals[":id"].$put({ ...byId(save.id), json: save.input }))
        : call(client.components[":id"].intervals.$post({ ...byId(componentId), json: save.input })),
    onSuccess: invalidate,
  });
}

export function useDeleteInterval() {
  const invalidate = useInvalidateIntervals();
  return useMutation({
    mutationFn: (id: string) => call(client.intervals[":id"].$delete(byId(id))),
    onSuccess: invalidate,
  });
}

/** Adds the suggested intervals to a bicycle's components that have none; says how many were added. */
export function useApplyDefaults() {
  const invalidate = useInvalidateIntervals();
  return useMutation({
    mutationFn: (bicycleId: string) => call(client.bicycles[":id"].intervals.defaults.$post(byId(bicycleId))),
    onSuccess: ({ added }) => {
      // A second click finds the components that were given theirs: not "no suggestions".
      if (added === 0) toast.info("Nothing added: each component has intervals already or none to suggest");
      else toast.success(`${added} ${added === 1 ? "interval" : "intervals"} added`);
      return invalidate();
    },
    onError: (error) => showError(error),
  });
}
