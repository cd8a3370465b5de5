import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { byId, call, client } from "@/lib/api-client.ts";
import { invalidateRiderData } from "@/lib/query-client.ts";
import type { RideChanges, RideInput } from "../../../shared/schemas/ride.ts";

export const rideKeys = {
  all: ["rides"] as const,
  ofBicycle: (bicycleId: string) => ["rides", "bicycle", bicycleId] as const,
  bicycle: (bicycleId: string, page: number) => ["rides", "bicycle", bicycleId, page] as const,
  page: (page: number) => ["rides", "all", page] as const,
};

/** Where a year begins for this rider: minutes east of UTC on the 1st of January (summer time aside). */
const utcOffset = String(-new Date(new Date().getFullYear(), 0, 1).getTimezoneOffset());

export function useBicycleRides(bicycleId: string, page: number) {
  return useQuery({
    queryKey: rideKeys.bicycle(bicycleId, page),
    queryFn: () =>
      call(
        client.bicycles[":id"].rides.$get({ ...byId(bicycleId), query: { page: String(page), utcOffset } }),
      ),
    placeholderData: keepPreviousData,
  });
}

/** Every ride of the user, a page at a time. */
export function useAllRides(page: number) {
  return useQuery({
    queryKey: rideKeys.page(page),
    queryFn: () => call(client.rides.$get({ query: { page: String(page), utcOffset } })),
    placeholderData: keepPreviousData,
  });
}

/** Rides change every component's wear: after a change, rides and components are read again. */
export function useInvalidateRides() {
  const queryClient = useQueryClient();
  return () => invalidateRiderData(queryClient);
}

export function useSaveRide(bicycleId: string) {
  const invalidate = useInvalidateRides();
  return useMutation({
    mutationFn: (save: { id: string; input: RideChanges } | { id: null; input: RideInput }) =>
      (save.id !== null
        ? call(client.rides[":id"].$put({ ...byId(save.id), json: save.input }))
        : call(client.bicycles[":id"].rides.$post({ ...byId(bicycleId), json: save.input }))
      ).then((r) => r.ride),
    onSuccess: invalidate,
  });
}

export function useDeleteRide() {
  const invalidate = useInvalidateRides();
  return useMutation({
    mutationFn: (id: string) => call(client.rides[":id"].$delete(byId(id))),
    onSuccess: invalidate,
  });
}

/** Sends one ride file (or a .zip of them) as it is; the answer tells what became of each ride in it. */
export function uploadRideFile(bicycleId: string, file: File) {
  return call(
    client.bicycles[":id"].rides.files.$post(
      { ...byId(bicycleId), query: { name: file.name } },
      { init: { body: file, headers: { "Content-Type": "application/octet-stream" } } },
    ),
  ).then((r) => r.results);
}
