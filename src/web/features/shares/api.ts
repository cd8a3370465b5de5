import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client.ts";
import type { CreateShareInput, SharedBikeView, SharedLink } from "../../../shared/schemas/share.ts";

const linksKey = ["shared-links"] as const;

export function shareUrl(token: string): string {
  return `${window.location.origin}/shared/${token}`;
}

export function useSharedLinks() {
  return useQuery({
    queryKey: linksKey,
    queryFn: () => api<{ links: SharedLink[] }>("/shared-links").then((r) => r.links),
  });
}

export function useShareBicycle(bicycleId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateShareInput) =>
      api<{ link: SharedLink }>(`/bicycles/${encodeURIComponent(bicycleId)}/share`, {
        method: "POST",
        body: input,
      }).then((r) => r.link),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: linksKey }),
  });
}

export function useDeleteSharedLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<void>(`/shared-links/${encodeURIComponent(id)}`, { method: "DELETE" }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: linksKey }),
  });
}

/** The public view of a shared bicycle; works with or without a session. */
export function useSharedBike(token: string) {
  return useQuery({
    queryKey: ["shared", token],
    queryFn: () => api<SharedBikeView>(`/shared/${encodeURIComponent(token)}`),
    enabled: token.length > 0,
    retry: false,
  });
}
