import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client.ts";
import type { ApiToken, CreateApiTokenInput, CreatedApiToken } from "../../../shared/schemas/api-token.ts";

const tokensKey = ["api-tokens"] as const;

export function useApiTokens() {
  return useQuery({
    queryKey: tokensKey,
    queryFn: () => api<{ tokens: ApiToken[] }>("/api-tokens").then((r) => r.tokens),
  });
}

export function useCreateApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateApiTokenInput) =>
      api<CreatedApiToken>("/api-tokens", { method: "POST", body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tokensKey }),
  });
}

export function useRevokeApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<void>(`/api-tokens/${encodeURIComponent(id)}`, { method: "DELETE" }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tokensKey }),
  });
}
