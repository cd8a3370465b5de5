import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { bicycleKeys } from "@/features/bicycles/api.ts";
import { componentKeys } from "@/features/components/api.ts";
import { api } from "@/lib/api-client.ts";
import type { Ride, RideInput, RidesPage } from "../../../shared/schemas/ride.ts";

export const rideKeys = {
  all: ["rides"] as const,
  bicycle: (bicycleId: string, page: number) => ["rides", "bicycle", bicycleId, page] as const,
};

export function useBicycleRides(bicycleId: string, page: number) {
  return useQuery({
    queryKey: rideKeys.bicycle(bicycleId, page),
    queryFn: () => api<RidesPage>(`/bicycles/${encodeURIComponent(bicycleId)}/rides?page=${page}`),
    placeholderData: keepPreviousData,
  });
}

/** Rides change every component's wear: after a change, rides and components are read again. */
function useInvalidateRides() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: rideKeys.all }),
      queryClient.invalidateQueries({ queryKey: componentKeys.all }),
      queryClient.invalidateQueries({ queryKey: bicycleKeys.all }),
    ]);
}

export function useSaveRide(bicycleId: string) {
  const invalidate = useInvalidateRides();
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: RideInput }) =>
      (id
        ? api<{ ride: Ride }>(`/rides/${encodeURIComponent(id)}`, { method: "PUT", body: input })
        : api<{ ride: Ride }>(`/bicycles/${encodeURIComponent(bicycleId)}/rides`, {
            method: "POST",
            body: input,
          })
      ).then((r) => r.ride),
    onSuccess: invalidate,
  });
}

export function useDeleteRide() {
  const invalidate = useInvalidateRides();
  return useMutation({
    mutationFn: (id: string) => api<void>(`/rides/${encodeURIComponent(id)}`, { method: "DELETE" }),
    onSuccess: invalidate,
  });
}
