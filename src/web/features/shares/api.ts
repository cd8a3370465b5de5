import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { byId, call, client } from "@/lib/api-client.ts";
import type { CreateShareInput } from "../../../shared/schemas/share.ts";

const linksKey = ["shared-links"] as const;

export function shareUrl(token: string): string {
  return `${window.location.origin}/shared/${token}`;
}

export function useSharedLinks() {
  return useQuery({
    queryKey: linksKey,
    queryFn: () => call(client["shared-links"].$get()).then((r) => r.links),
  });
}

export function useShareBicycle(bicycleId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateShareInput) =>
      call(client.bicycles[":id"].share.$post({ ...byId(bicycleId), json: input })).then((r) => r.link),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: linksKey }),
  });
}

export function useDeleteSharedLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(client["shared-links"][":id"].$delete(byId(id))),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: linksKey }),
  });
}

/** The public view of a shared bicycle; works with or without a session. */
export function useSharedBike(token: string) {
  return useQuery({
    queryKey: ["shared", token],
    queryFn: () => call(client.shared[":token"].$get({ param: { token: encodeURIComponent(token) } })),
    enabled: token.length > 0,
    retry: false,
  });
}
